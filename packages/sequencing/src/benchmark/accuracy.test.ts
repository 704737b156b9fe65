import { detectSequences } from '../detect-sequences';
import { generateHistory, generateSuite, type GeneratedHistory } from './generate-history';
import { matchSequences, PERIODICITIES, scoreSuite } from './score';

const detect = (h: GeneratedHistory) => detectSequences(h.transactions, { asOf: h.asOf, ownAccountNumbers: h.ownAccountNumbers });

describe('accuracy on a fixed-seed synthetic suite', () => {
  // Smaller than the benchmark's default suite (bench/sequencing-accuracy.bench.ts), same generator.
  const report = scoreSuite(generateSuite({ seed: 11, histories: 150, noiseHistories: 50 }), detect);

  it('has every periodicity in its truth', () => {
    for (const p of PERIODICITIES) expect(report.perPeriodicity[p].truth).toBeGreaterThanOrEqual(40);
  });

  it('finds sequences with F1 ≥ 0.95 overall', () => {
    expect(report.overall.f1).toBeGreaterThanOrEqual(0.95);
  });

  it.each(PERIODICITIES)('finds %s sequences with F1 ≥ 0.95', (periodicity) => {
    expect(report.perPeriodicity[periodicity].f1).toBeGreaterThanOrEqual(0.95);
  });

  it('finds no sequence at all in pure-noise histories', () => {
    expect(report.noiseFalsePositives).toBe(0);
  });
});

describe('generator and scorer', () => {
  it('generate the same history for the same seed', () => {
    expect(generateHistory(42)).toEqual(generateHistory(42));
    expect(generateHistory(42).transactions).not.toEqual(generateHistory(43).transactions);
  });

  it('count a true sequence as found only with the right periodicity and more than half of its transactions', () => {
    const truth = { label: 't', periodicity: 'Monthly' as const, direction: 'expense' as const, transactionIds: ['a', 'b', 'c', 'd'], nextDate: '2026-01-01', status: 'Active' as const };
    const detected = (periodicity: 'Monthly' | 'Weekly', ids: string[]) => ({ periodicity, transactions: ids.map((id) => ({ id, amount: -1, bookingDate: '2025-01-01' })) }) as never;
    expect(matchSequences([truth], [detected('Monthly', ['a', 'b', 'c'])])).toHaveLength(1);
    expect(matchSequences([truth], [detected('Monthly', ['a', 'b'])])).toHaveLength(0);
    expect(matchSequences([truth], [detected('Weekly', ['a', 'b', 'c', 'd'])])).toHaveLength(0);
    // One detected sequence cannot find two true ones.
    expect(matchSequences([truth, { ...truth, label: 'u' }], [detected('Monthly', ['a', 'b', 'c', 'd'])])).toHaveLength(1);
  });
});
