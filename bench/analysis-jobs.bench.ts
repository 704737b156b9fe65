/**
 * Analysis jobs end to end, as they run in production: scripts/stack.sh starts FerretDB on PostgreSQL,
 * Kafka and every service as processes of their own; the benchmark approves sandbox-retail consents (each
 * about 14 months of a household's banking), then a load generator in a process of its own
 * (bench/analysis-load.ts) submits e1 jobs of one consent each through the edge and follows them to
 * Completed. It prints:
 * - latency at a steady low rate (POST sent to Completed seen, and the job's own createdAt→completedAt);
 * - sustained throughput: a fixed rate of 20 jobs/s for a while, and what closed-loop submitters reach;
 * - the baseline beside it: the engine alone (`analyse`, in this process) on the very same consents' data,
 *   so the ratio shows what the queue, the reads and the writes add.
 * A job's end is its completedAt, against the wall-clock instant its POST was sent (one machine, one clock).
 * Targets: p50 ≤ 300 ms, p95 ≤ 1 s from POST to Completed; ≥ 20 jobs/s sustained.
 * Run: npx tsx bench/analysis-jobs.bench.ts
 * Settings: BENCH_ANALYSIS_CONSENTS (50), BENCH_ANALYSIS_SECONDS (20 per run), BENCH_PORT_BASE (18080),
 * MONGODB_URI / KAFKA_BROKERS to use external servers. Takes about 6 minutes on 2 cores.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountDto, TransactionDto } from '@obp/contracts';
import { analyse } from '@obp/analysis/src/domain/engine/analyse';
import type { JobLoadSpec, JobLoadSummary } from './analysis-load';
import { PlatformApi } from './scale/api';
import { runScript, stopScripts } from './scale/children';
import { removeStackData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { ConsentSeeder } from './scale/seed';
import { launchStack } from './scale/stack';

const CONSENTS = Number(process.env.BENCH_ANALYSIS_CONSENTS ?? 50);
const SECONDS = Number(process.env.BENCH_ANALYSIS_SECONDS ?? 20);
/** How often a job's status is read: its completion is timed by its completedAt, so this only bounds the reads. */
const POLL_MS = 250;
const TARGET = { p50: 300, p95: 1000, jobsPerSecond: 20 };

const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function loadRun(root: string, spec: JobLoadSpec): Promise<JobLoadSummary> {
  const file = path.join(os.tmpdir(), `analysis-load-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return JSON.parse(await runScript(root, 'analysis-load.ts', [file])) as JobLoadSummary;
}

/** Every transaction of a consent, as the app reads them, and its accounts' IBANs. */
async function consentData(api: PlatformApi, token: string, consentId: string): Promise<{ transactions: TransactionDto[]; ibans: string[] }> {
  const accounts = (await api.get<{ data: AccountDto[] }>(token, `/consents/${consentId}/accounts`)).data;
  const transactions: TransactionDto[] = [];
  for (const account of accounts) {
    for (let page = 1; ; page++) {
      const { data } = await api.get<{ data: TransactionDto[] | null }>(token, `/accounts/${account.id}/transactions?pageSize=500&page=${page}`);
      transactions.push(...(data ?? []));
      if (!data || data.length < 500) break;
    }
  }
  return { transactions, ibans: accounts.map((a) => a.iban) };
}

/** The engine alone on each consent's data, in this process: median and p95 ms of one job. */
async function engineBaseline(api: PlatformApi, token: string, consentIds: string[]) {
  const times: number[] = [];
  let transactions = 0;
  for (const consentId of consentIds.slice(0, 20)) {
    const data = await consentData(api, token, consentId);
    transactions += data.transactions.length;
    const input = { jobId: consentId, engine: 'e1' as const, profile: 'retail' as const, countryCode: 'nl', kvkNumber: null, consentIds: [consentId], accountIds: [], transactions: data.transactions, ownIbans: data.ibans, internalIbans: [], asOf: new Date() };
    analyse(input); // warm
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      analyse(input);
      times.push(performance.now() - started);
    }
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), transactionsPerConsent: transactions / Math.min(20, consentIds.length) };
}

function describeRun(name: string, run: JobLoadSummary): string {
  return `${name}: ${run.completed}/${run.submitted} completed (${run.failed} failed, ${run.timedOut} timed out); POST→Completed p50 ${ms(quantile(run.clientMs, 0.5))}, p95 ${ms(quantile(run.clientMs, 0.95))}, p99 ${ms(quantile(run.clientMs, 0.99))}; in the service (createdAt→completedAt) p50 ${ms(quantile(run.serviceMs, 0.5))}, p95 ${ms(quantile(run.serviceMs, 0.95))}; ${(run.completed / run.spanSeconds).toFixed(1)} jobs/s over ${run.spanSeconds.toFixed(1)} s`;
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  console.log('analysis jobs end to end: the stack and the load generator as processes of their own, loopback');
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}; ${CONSENTS} sandbox-retail consents; ${SECONDS} s per run; a job's end is timed by its completedAt against the instant its POST was sent (one clock), its status read every ${POLL_MS} ms`);
  const stack = launchStack(config);
  try {
    await stack.untilReady();
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    const consents = new ConsentSeeder(api, () => token);
    const seeded = await consents.seedTo(CONSENTS);
    console.log(`  seeded ${seeded.count} consents with ${seeded.transactions.toLocaleString('en-US')} transactions in ${seeded.seconds.toFixed(0)} s`);
    const base = { origin: stack.edgeUrl, token, consentIds: consents.consents, pollMs: POLL_MS, timeoutMs: 60_000 };

    const baseline = await engineBaseline(api, token, consents.consents);
    console.log(`baseline, the engine alone in this process on the same consents (${baseline.transactionsPerConsent.toFixed(0)} transactions each): p50 ${baseline.p50.toFixed(1)} ms, p95 ${baseline.p95.toFixed(1)} ms per job`);

    await loadRun(config.root, { ...base, mode: 'closed', concurrency: 2, seconds: 5 }); // warm-up
    const steady = await loadRun(config.root, { ...base, mode: 'open', rate: 4, seconds: SECONDS });
    console.log(describeRun('latency at 4 jobs/s', steady));
    const sustained = await loadRun(config.root, { ...base, mode: 'open', rate: TARGET.jobsPerSecond, seconds: SECONDS });
    console.log(describeRun(`sustained at ${TARGET.jobsPerSecond} jobs/s`, sustained));
    const closed = await loadRun(config.root, { ...base, mode: 'closed', concurrency: 16, seconds: SECONDS });
    console.log(describeRun('closed loop, 16 submitters', closed));

    const p50 = quantile(steady.clientMs, 0.5);
    const p95 = quantile(steady.clientMs, 0.95);
    const keptUp = sustained.completed === sustained.submitted && sustained.completed / sustained.spanSeconds >= TARGET.jobsPerSecond * 0.95;
    console.log('\nsummary');
    console.log(`  POST→Completed p50 ${ms(p50)} (target ≤ ${TARGET.p50} ms): ${verdict(p50 <= TARGET.p50)}; ratio to the engine alone ${(p50 / baseline.p50).toFixed(1)}x`);
    console.log(`  POST→Completed p95 ${ms(p95)} (target ≤ ${TARGET.p95} ms): ${verdict(p95 <= TARGET.p95)}`);
    console.log(`  ${TARGET.jobsPerSecond} jobs/s submitted for ${SECONDS} s: ${sustained.completed}/${sustained.submitted} completed at ${(sustained.completed / sustained.spanSeconds).toFixed(1)} jobs/s, p95 ${ms(quantile(sustained.clientMs, 0.95))}: ${verdict(keptUp)}`);
    console.log(`  most jobs/s (closed loop): ${(closed.completed / closed.spanSeconds).toFixed(1)}; the engine alone would do ${(1000 / baseline.p50).toFixed(0)} jobs/s on one core`);
  } finally {
    await stopScripts();
    await stack.stop();
    await removeStackData(config, stack);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
