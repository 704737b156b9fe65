import { detectSequences } from '../detect-sequences';
import { generateHistory, generateSuite, type GeneratedHistory } from './generate-history';
import { amountStatisticsOf, matchSequences, PERIODICITIES, scoreSuite } from './score';

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

  it('reports every figure of every detected sequence as the docs define it (documented-figures.ts)', () => {
    expect(report.differingFields).toEqual([]);
    expect(report.exactStatistics).toBe(report.detectedSequences);
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

  it('recompute amount statistics in whole cents, half a cent rounded away from zero, as the docs define them', () => {
    // Four months at 53.24, then four at 55.37: mean and median -54.305, standard deviation half of 2.13 = 1.065.
    const amounts = [-53.24, -53.24, -53.24, -53.24, -55.37, -55.37, -55.37, -55.37];
    const transactions = amounts.map((amount, i) => ({ id: `s${i}`, amount, bookingDate: `2025-0${i + 1}-10T00:00:00.000Z` }));
    const asOf = Date.parse('2025-09-01T00:00:00Z');
    expect(amountStatisticsOf(transactions, Date.parse('2024-09-01T00:00:00Z'), asOf)).toEqual({
      minAmount: -55.37,
      maxAmount: -53.24,
      medianAmount: -54.31,
      averageAmount: -54.31,
      modeAmount: -55.37,
      stdDevAmount: 1.07,
      totalAmount: -434.44,
    });
    // Only those after the window's start: the last two.
    expect(amountStatisticsOf(transactions, Date.parse('2025-07-01T00:00:00Z'), asOf).totalAmount).toBe(-110.74);
  });
});
