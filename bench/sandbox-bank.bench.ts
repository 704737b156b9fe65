/**
 * Speed of the sandbox bank: time to generate 14 months of a retail household's or a sole
 * trader's banking for one seed (what a consent fetch asks for), median and p95 over 200 seeds,
 * beside a baseline run in the same process: JSON round-trip of the generated data.
 * Run: npx tsx bench/sandbox-bank.bench.ts
 */
import { generateSandboxData, type SandboxProfile } from '@obp/sandbox-bank';

const AS_OF = new Date('2026-11-01T12:00:00Z');
const SEEDS = 200;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function measure(profile: SandboxProfile) {
  generateSandboxData({ seed: 'warm-up', profile, asOf: AS_OF });
  const generate: number[] = [];
  const baseline: number[] = [];
  let transactions = 0;
  for (let i = 0; i < SEEDS; i++) {
    let started = performance.now();
    const data = generateSandboxData({ seed: `${profile}-${i}`, profile, asOf: AS_OF });
    generate.push(performance.now() - started);
    transactions += data.transactions.length;
    started = performance.now();
    JSON.parse(JSON.stringify(data));
    baseline.push(performance.now() - started);
  }
  generate.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return { profile, transactions: Math.round(transactions / SEEDS), p50: quantile(generate, 0.5), p95: quantile(generate, 0.95), baselineP50: quantile(baseline, 0.5) };
}

console.log('sandbox bank: generating 14 months for one seed');
console.log('| profile | transactions | p50 | p95 | JSON round-trip p50 (baseline) | ratio |');
console.log('|---|---|---|---|---|---|');
for (const profile of ['retail', 'business'] as const) {
  const r = measure(profile);
  console.log(`| ${r.profile} | ${r.transactions} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.baselineP50.toFixed(2)} ms | ${(r.p50 / r.baselineP50).toFixed(1)} |`);
}
