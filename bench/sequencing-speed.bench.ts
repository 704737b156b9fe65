/**
 * Speed of the sequencing engine on synthetic histories (packages/sequencing/src/benchmark):
 * time per history at 500, 5,000 and 50,000 transactions (median and p95), how that grows
 * against n and n·log n, and histories per second over a batch of typical (~1,500 transaction)
 * histories. The baseline, measured in the same process on the same transactions, is a plain sort
 * by booking date. One thread; histories are generated before they are timed.
 * The engine is timed as production runs it: bundled by esbuild as `npm run build` bundles the
 * services (SEQ_BENCH_ENGINE=source times it as tsx loads the sources, file by file).
 * Run: npx tsx bench/sequencing-speed.bench.ts   (SEQ_BENCH_BATCH to change the batch size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import * as engineFromSource from '@obp/sequencing';
import type { SequencingTransaction } from '@obp/sequencing';
import { generateHistory, type GeneratedHistory } from '../packages/sequencing/src/benchmark/generate-history';
import { mulberry32 } from '../packages/sequencing/src/benchmark/prng';

const SIZES = [500, 5_000, 50_000];
/** Histories per size and timed runs per history. */
const PLAN: Record<number, { histories: number; runs: number }> = { 500: { histories: 40, runs: 3 }, 5_000: { histories: 12, runs: 3 }, 50_000: { histories: 4, runs: 3 } };
const TYPICAL_SCALE = 1.47; // ≈ 1,500 transactions
const BATCH = Number(process.env.SEQ_BENCH_BATCH ?? 10_000);
const BATCH_CHUNK = 500;
/** Issue 14: a typical history in half of engine 1.1.0's 3.98 ms, and 50,000 transactions within 100 ms. */
const TARGET_TYPICAL_MS = 2;
const TARGET_50K_MS = 100;

type Engine = typeof engineFromSource;
const ENGINE_FROM = process.env.SEQ_BENCH_ENGINE === 'source' ? 'source' : 'bundle';
let engine: Engine = engineFromSource;

/** The engine bundled as scripts/build.ts bundles it (node20, cjs). */
async function bundledEngine(): Promise<Engine> {
  const folder = mkdtempSync(join(os.tmpdir(), 'sequencing-bench-'));
  const outfile = join(folder, 'sequencing.js');
  buildSync({ entryPoints: [join(__dirname, '../packages/sequencing/src/index.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' });
  try {
    const loaded: Engine = await import(pathToFileURL(outfile).href);
    return loaded;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function detect(h: GeneratedHistory): number {
  const r = engine.detectSequences(h.transactions, { asOf: h.asOf, ownAccountNumbers: h.ownAccountNumbers });
  return r.incomeSequences.length + r.expenseSequences.length;
}

function byDate(a: SequencingTransaction, b: SequencingTransaction): number {
  return a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A realistic history of exactly n transactions: generated at a scale that gives at least n
 * (more merchants, denser visits and more subscriptions as n grows), then thinned at random.
 */
function historyOfSize(n: number, seed: number): GeneratedHistory {
  let scale = n / 1_000;
  let history = generateHistory(seed, { scale });
  for (let attempt = 0; attempt < 6 && history.transactions.length < n; attempt++) {
    scale *= (1.05 * n) / history.transactions.length;
    history = generateHistory(seed, { scale });
  }
  const r = mulberry32(seed ^ 0x5eed);
  const keep = history.transactions.map((tx) => ({ tx, key: r.next() })).sort((a, b) => a.key - b.key).slice(0, n);
  const kept = new Set(keep.map((k) => k.tx));
  return { ...history, transactions: history.transactions.filter((tx) => kept.has(tx)) };
}

interface SizeFigures {
  n: number;
  runs: number;
  median: number;
  p95: number;
  sortMedian: number;
}

function timeSize(n: number): SizeFigures {
  const plan = PLAN[n];
  const histories = Array.from({ length: plan.histories }, (_, i) => historyOfSize(n, 70_000 + n + i));
  const times: number[] = [];
  const sortTimes: number[] = [];
  for (let run = 0; run < plan.runs; run++) {
    for (const h of histories) {
      let start = performance.now();
      detect(h);
      times.push(performance.now() - start);
      start = performance.now();
      [...h.transactions].sort(byDate);
      sortTimes.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return { n, runs: times.length, median: median(times), p95: quantile(times, 0.95), sortMedian: median(sortTimes) };
}

async function main(): Promise<void> {
  if (ENGINE_FROM === 'bundle') engine = await bundledEngine();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `sequencing speed — engine ${engine.ENGINE_VERSION} (${ENGINE_FROM === 'bundle' ? 'esbuild bundle, as npm run build ships it' : 'sources through tsx'}), node ${process.version}, ${cpu}, load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
  );

  // Warm-up, so that the JIT has compiled the engine before anything is timed.
  const warm = Array.from({ length: 40 }, (_, i) => generateHistory(60_000 + i, { scale: TYPICAL_SCALE }));
  for (let round = 0; round < 3; round++) for (const h of warm) detect(h);

  const figures = SIZES.map(timeSize);
  console.log('');
  console.log('transactions   runs   median ms     p95 ms   sort-by-date ms   engine / sort');
  for (const f of figures) {
    console.log(
      `${String(f.n).padStart(12)} ${String(f.runs).padStart(6)} ${f.median.toFixed(2).padStart(11)} ${f.p95.toFixed(2).padStart(10)} ${f.sortMedian.toFixed(3).padStart(17)} ${(f.median / f.sortMedian).toFixed(1).padStart(15)}`,
    );
  }
  console.log('');
  for (let i = 1; i < figures.length; i++) {
    const [a, b] = [figures[i - 1], figures[i]];
    const nRatio = b.n / a.n;
    const nLogN = (b.n * Math.log(b.n)) / (a.n * Math.log(a.n));
    console.log(
      `time(${b.n})/time(${a.n}) = ${(b.median / a.median).toFixed(1)} (n: ${nRatio.toFixed(0)}, n log n: ${nLogN.toFixed(1)}); sort: ${(b.sortMedian / a.sortMedian).toFixed(1)}`,
    );
  }

  // Batch of typical histories, generated chunk by chunk before each chunk is timed (all at
  // once would hold ~15 million transaction objects).
  let seconds = 0;
  let transactions = 0;
  let sequences = 0;
  const perHistory: number[] = [];
  for (let done = 0; done < BATCH; done += BATCH_CHUNK) {
    const chunk = Array.from({ length: Math.min(BATCH_CHUNK, BATCH - done) }, (_, i) => generateHistory(1_000_000 + done + i, { scale: TYPICAL_SCALE }));
    const start = performance.now();
    for (const h of chunk) {
      const t = performance.now();
      sequences += detect(h);
      perHistory.push(performance.now() - t);
    }
    seconds += (performance.now() - start) / 1000;
    for (const h of chunk) transactions += h.transactions.length;
  }
  perHistory.sort((a, b) => a - b);
  const typicalMedian = median(perHistory);
  console.log('');
  console.log(
    `batch: ${BATCH} typical histories (mean ${Math.round(transactions / BATCH)} transactions, ${(sequences / BATCH).toFixed(1)} sequences each) in ${seconds.toFixed(2)} s: ` +
      `${Math.round(BATCH / seconds)} histories/s, ${Math.round(transactions / seconds / 1000)}k transactions/s; per history median ${typicalMedian.toFixed(2)} ms, p95 ${quantile(perHistory, 0.95).toFixed(2)} ms`,
  );
  const growth = figures[figures.length - 1].median / figures[0].median;
  const nLogNGrowth = (SIZES[SIZES.length - 1] * Math.log(SIZES[SIZES.length - 1])) / (SIZES[0] * Math.log(SIZES[0]));
  const at50k = figures.find((f) => f.n === 50_000)?.median ?? Infinity;
  console.log(`target typical history ≤ ${TARGET_TYPICAL_MS} ms median on one core: ${typicalMedian <= TARGET_TYPICAL_MS ? 'met' : 'MISSED'} (${typicalMedian.toFixed(2)} ms)`);
  console.log(`target 50,000 transactions ≤ ${TARGET_50K_MS} ms median:        ${at50k <= TARGET_50K_MS ? 'met' : 'MISSED'} (${at50k.toFixed(1)} ms)`);
  console.log(`target growth no worse than n log n (500 → 50,000: ${growth.toFixed(0)}× vs ${nLogNGrowth.toFixed(0)}×): ${growth <= nLogNGrowth ? 'met' : 'MISSED'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
