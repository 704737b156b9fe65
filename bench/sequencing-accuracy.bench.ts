/**
 * Accuracy of the sequencing engine on seeded synthetic histories with known truth (generator and
 * scorer in packages/sequencing/src/benchmark). Prints precision, recall and F1 of the sequences
 * found, overall and per periodicity, the sequences "found" in pure noise, and how accurate the
 * statistics of the found sequences are. Deterministic: same seed, same figures.
 * Run: npx tsx bench/sequencing-accuracy.bench.ts   (SEQ_BENCH_SEED, SEQ_BENCH_HISTORIES, SEQ_BENCH_NOISE)
 */
import { detectSequences, ENGINE_VERSION } from '@obp/sequencing';
import { generateSuite } from '../packages/sequencing/src/benchmark/generate-history';
import { formatReport, PERIODICITIES, scoreSuite } from '../packages/sequencing/src/benchmark/score';

const seed = Number(process.env.SEQ_BENCH_SEED ?? 1);
const histories = Number(process.env.SEQ_BENCH_HISTORIES ?? 400);
const noiseHistories = Number(process.env.SEQ_BENCH_NOISE ?? 100);

function tally<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

function main(): void {
  console.log(`sequencing accuracy — engine ${ENGINE_VERSION}, seed ${seed}`);
  const started = performance.now();
  const suite = generateSuite({ seed, histories, noiseHistories });
  const generated = performance.now();
  const report = scoreSuite(suite, (h) => detectSequences(h.transactions, { asOf: h.asOf, ownAccountNumbers: h.ownAccountNumbers }));
  const scored = performance.now();

  console.log(formatReport(report));
  console.log('');
  console.log(`missed, by scenario:         ${tally(report.misses, (m) => `${m.label} (${m.periodicity})`) || 'none'}`);
  console.log(`false finds, by periodicity: ${tally(report.falseFinds, (f) => f.periodicity + (f.pureNoise ? ' in noise' : '')) || 'none'}`);
  console.log('');
  const perPeriodicityMet = PERIODICITIES.every((p) => report.perPeriodicity[p].f1 >= 0.95);
  console.log(`target F1 ≥ 0.95 overall and per periodicity: ${report.overall.f1 >= 0.95 && perPeriodicityMet ? 'met' : 'MISSED'}`);
  console.log(`target zero false sequences in pure noise:   ${report.noiseFalsePositives === 0 ? 'met' : 'MISSED'}`);
  console.log(`(generated in ${((generated - started) / 1000).toFixed(1)} s, detected and scored in ${((scored - generated) / 1000).toFixed(1)} s)`);
}

main();
