/**
 * Scores detected sequences against the generator's truth. A true sequence is found when a
 * detected sequence has its periodicity and holds more than half of its transactions; each
 * detected sequence can find at most one true sequence (pairs are matched largest overlap first).
 */
import { addCalendarMonths, DAY_MS } from '../calendar';
import type { AmountStatistics, Periodicity, Sequence, SequencingResult, SequencingTransaction } from '../types';
import type { GeneratedHistory, TruthSequence } from './generate-history';

export interface PrecisionRecall {
  truth: number;
  detected: number;
  truePositives: number;
  /** 1 when nothing was detected. */
  precision: number;
  /** 1 when there was nothing to find. */
  recall: number;
  f1: number;
}

export interface Miss {
  seed: number;
  label: string;
  periodicity: Periodicity;
  transactions: number;
}

export interface FalseFind {
  seed: number;
  periodicity: Periodicity;
  counterpartName: string;
  transactions: number;
  pureNoise: boolean;
}

export interface AccuracyReport {
  histories: number;
  noiseHistories: number;
  transactions: number;
  overall: PrecisionRecall;
  perPeriodicity: Record<Periodicity, PrecisionRecall>;
  /** Sequences detected in pure-noise histories (all of them false). */
  noiseFalsePositives: number;
  /** Over found sequences: mean absolute error of the L12M median amount against the truth's own L12M median. */
  medianAmountMae: number;
  /** Over found sequences: mean absolute error in days of predictedNextDate against the undisturbed next date. */
  nextDateMaeDays: number;
  /** Share of found sequences whose transaction set is exactly the true one. */
  exactTransactionSetShare: number;
  /** Share of found sequences whose status is the true one. */
  statusAccuracy: number;
  /** Detected sequences whose amount statistics (L12M, L6M, L3M) all equal amountStatisticsOf their own transactions. */
  exactAmountStatistics: number;
  detectedSequences: number;
  misses: Miss[];
  falseFinds: FalseFind[];
}

export const PERIODICITIES: readonly Periodicity[] = ['Weekly', 'Quad Weekly', 'Monthly', 'Quarterly'];

function precisionRecall(truth: number, detected: number, truePositives: number): PrecisionRecall {
  const precision = detected === 0 ? 1 : truePositives / detected;
  const recall = truth === 0 ? 1 : truePositives / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truth, detected, truePositives, precision, recall, f1 };
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Cents as euros, a fraction of a cent rounded half away from zero. */
function euros(cents: number): number {
  const rounded = Math.sign(cents) * Math.round(Math.abs(cents));
  return rounded === 0 ? 0 : rounded / 100;
}

/**
 * The amount statistics of docs/sequencing.md ("AmountStatistics") of the transactions booked in
 * (fromMs, asOfMs], computed independently of the engine in whole cents.
 */
export function amountStatisticsOf(transactions: readonly SequencingTransaction[], fromMs: number, asOfMs: number): AmountStatistics {
  const inWindow = transactions.filter((tx) => Date.parse(tx.bookingDate) > fromMs && Date.parse(tx.bookingDate) <= asOfMs);
  if (inWindow.length === 0) return { minAmount: 0, maxAmount: 0, medianAmount: 0, averageAmount: 0, modeAmount: 0, stdDevAmount: 0, totalAmount: 0 };
  const cents = inWindow.map((tx) => Math.round(tx.amount * 100));
  const sorted = [...cents].sort((a, b) => a - b);
  const n = cents.length;
  const total = cents.reduce((sum, c) => sum + c, 0);
  const mean = total / n;
  const mid = n >> 1;
  const counts = new Map<number, number>();
  let mode = cents[0];
  // Oldest first: a later value with the same count is the more recent, and wins the tie.
  for (const c of cents) {
    counts.set(c, (counts.get(c) ?? 0) + 1);
    if ((counts.get(c) ?? 0) >= (counts.get(mode) ?? 0)) mode = c;
  }
  return {
    minAmount: euros(sorted[0]),
    maxAmount: euros(sorted[n - 1]),
    medianAmount: euros(n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2),
    averageAmount: euros(mean),
    modeAmount: euros(mode),
    stdDevAmount: euros(Math.sqrt(cents.reduce((sum, c) => sum + (c - mean) ** 2, 0) / n)),
    totalAmount: euros(total),
  };
}

function amountStatisticsExact(sequence: Sequence, asOfMs: number): boolean {
  const { statisticsL12M, statisticsL6M, statisticsL3M } = sequence.amountConsistency;
  return ([[statisticsL12M, 12], [statisticsL6M, 6], [statisticsL3M, 3]] as const).every(([reported, months]) => {
    const expected = amountStatisticsOf(sequence.transactions, addCalendarMonths(asOfMs, -months), asOfMs);
    return (Object.keys(expected) as (keyof AmountStatistics)[]).every((field) => reported[field] === expected[field]);
  });
}

interface Pair {
  truth: TruthSequence;
  detected: Sequence;
  overlap: number;
}

/** Pairs truth with detected sequences for one history. */
export function matchSequences(truth: readonly TruthSequence[], detected: readonly Sequence[]): Pair[] {
  const candidates: Pair[] = [];
  for (const t of truth) {
    const ids = new Set(t.transactionIds);
    for (const d of detected) {
      if (d.periodicity !== t.periodicity) continue;
      const overlap = d.transactions.filter((tx) => ids.has(tx.id)).length;
      if (overlap * 2 > ids.size) candidates.push({ truth: t, detected: d, overlap });
    }
  }
  candidates.sort((a, b) => b.overlap - a.overlap);
  const usedTruth = new Set<TruthSequence>();
  const usedDetected = new Set<Sequence>();
  const pairs: Pair[] = [];
  for (const c of candidates) {
    if (usedTruth.has(c.truth) || usedDetected.has(c.detected)) continue;
    usedTruth.add(c.truth);
    usedDetected.add(c.detected);
    pairs.push(c);
  }
  return pairs;
}

export function scoreSuite(histories: readonly GeneratedHistory[], detect: (history: GeneratedHistory) => SequencingResult): AccuracyReport {
  const counts = new Map<Periodicity | 'all', { truth: number; detected: number; tp: number }>();
  for (const p of [...PERIODICITIES, 'all' as const]) counts.set(p, { truth: 0, detected: 0, tp: 0 });
  const bump = (p: Periodicity, field: 'truth' | 'detected' | 'tp'): void => {
    for (const key of [p, 'all' as const]) {
      const c = counts.get(key);
      if (c) c[field]++;
    }
  };
  let noiseFalsePositives = 0;
  let transactions = 0;
  const amountErrors: number[] = [];
  const dateErrors: number[] = [];
  let exact = 0;
  let statusRight = 0;
  let exactAmounts = 0;
  let detectedSequences = 0;
  const misses: Miss[] = [];
  const falseFinds: FalseFind[] = [];

  for (const history of histories) {
    transactions += history.transactions.length;
    const result = detect(history);
    const detected = [...result.incomeSequences, ...result.expenseSequences];
    const pairs = matchSequences(history.truth, detected);
    for (const t of history.truth) bump(t.periodicity, 'truth');
    for (const d of detected) bump(d.periodicity, 'detected');
    for (const p of pairs) bump(p.truth.periodicity, 'tp');
    if (history.pureNoise) noiseFalsePositives += detected.length;
    detectedSequences += detected.length;
    for (const d of detected) if (amountStatisticsExact(d, history.asOf.getTime())) exactAmounts++;

    const foundTruth = new Set(pairs.map((p) => p.truth));
    const pairedDetected = new Set<Sequence>(pairs.map((p) => p.detected));
    for (const t of history.truth) {
      if (!foundTruth.has(t)) misses.push({ seed: history.seed, label: t.label, periodicity: t.periodicity, transactions: t.transactionIds.length });
    }
    for (const d of detected) {
      if (!pairedDetected.has(d)) {
        falseFinds.push({ seed: history.seed, periodicity: d.periodicity, counterpartName: d.counterpartName, transactions: d.transactions.length, pureNoise: history.pureNoise });
      }
    }

    const byId = new Map(history.transactions.map((tx) => [tx.id, tx]));
    const l12mStart = addCalendarMonths(history.asOf.getTime(), -12);
    for (const { truth, detected: d } of pairs) {
      const truthL12M = truth.transactionIds
        .map((id) => byId.get(id))
        .filter((tx) => tx !== undefined && Date.parse(tx.bookingDate) > l12mStart)
        .map((tx) => tx?.amount ?? 0);
      if (truthL12M.length > 0) amountErrors.push(Math.abs(d.amountConsistency.statisticsL12M.medianAmount - medianOf(truthL12M)));
      dateErrors.push(Math.abs(Date.parse(d.predictedNextDate) - Date.parse(truth.nextDate)) / DAY_MS);
      const ids = new Set(truth.transactionIds);
      if (d.transactions.length === ids.size && d.transactions.every((tx) => ids.has(tx.id))) exact++;
      if (d.status === truth.status) statusRight++;
    }
  }

  const prOf = (key: Periodicity | 'all'): PrecisionRecall => {
    const c = counts.get(key) ?? { truth: 0, detected: 0, tp: 0 };
    return precisionRecall(c.truth, c.detected, c.tp);
  };
  const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length);
  const found = prOf('all').truePositives;
  return {
    histories: histories.filter((h) => !h.pureNoise).length,
    noiseHistories: histories.filter((h) => h.pureNoise).length,
    transactions,
    overall: prOf('all'),
    perPeriodicity: { Weekly: prOf('Weekly'), 'Quad Weekly': prOf('Quad Weekly'), Monthly: prOf('Monthly'), Quarterly: prOf('Quarterly') },
    noiseFalsePositives,
    medianAmountMae: mean(amountErrors),
    nextDateMaeDays: mean(dateErrors),
    exactTransactionSetShare: found === 0 ? 0 : exact / found,
    statusAccuracy: found === 0 ? 0 : statusRight / found,
    exactAmountStatistics: exactAmounts,
    detectedSequences,
    misses,
    falseFinds,
  };
}

/** A short plain-text table of the report. */
export function formatReport(report: AccuracyReport): string {
  const f = (x: number): string => x.toFixed(3);
  const row = (name: string, pr: PrecisionRecall): string =>
    `${name.padEnd(12)} ${String(pr.truth).padStart(6)} ${String(pr.detected).padStart(8)} ${String(pr.truePositives).padStart(6)}   ${f(pr.precision)}   ${f(pr.recall)}  ${f(pr.f1)}`;
  const lines = [
    `histories: ${report.histories} with sequences + ${report.noiseHistories} pure noise, ${report.transactions} transactions`,
    '',
    'periodicity   truth detected  found   precision recall  F1',
    row('overall', report.overall),
    ...PERIODICITIES.map((p) => row(p, report.perPeriodicity[p])),
    '',
    `false sequences in pure noise:        ${report.noiseFalsePositives}`,
    `median amount (L12M) MAE:             ${report.medianAmountMae.toFixed(2)}`,
    `predicted next date MAE (days):       ${report.nextDateMaeDays.toFixed(2)}`,
    `exact transaction set:                ${(100 * report.exactTransactionSetShare).toFixed(1)} %`,
    `status (Active/Early/Ended) correct:  ${(100 * report.statusAccuracy).toFixed(1)} %`,
    `amount statistics exact:              ${report.exactAmountStatistics} of ${report.detectedSequences} detected sequences`,
  ];
  return lines.join('\n');
}
