/**
 * Scores detected sequences against the generator's truth. A true sequence is found when a
 * detected sequence has its periodicity and holds more than half of its transactions; each
 * detected sequence can find at most one true sequence (pairs are matched largest overlap first).
 */
import { addCalendarMonths, DAY_MS } from '../calendar';
import type { AmountStatistics, Periodicity, Sequence, SequencingResult, SequencingTransaction } from '../types';
import { amountStatisticsOfAmounts, bookingInstant, differingFields, type AnchorSource } from './documented-figures';
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
  /** Detected sequences whose every figure equals documentedFigures of their own transactions (see documented-figures.ts). */
  exactStatistics: number;
  /** Per differing field (dotted path), the number of detected sequences where it differs, most first. */
  differingFields: FieldDifference[];
  /** How the anchor of the recomputed periods was found, per detected sequence. */
  anchorSources: Record<AnchorSource, number>;
  detectedSequences: number;
  misses: Miss[];
  falseFinds: FalseFind[];
}

export interface FieldDifference {
  field: string;
  sequences: number;
  /** The first sequence where it differs. */
  example: { seed: number; periodicity: Periodicity; counterpartName: string; reported: unknown; expected: unknown; anchorSource: AnchorSource };
}

/** The value at a dotted path of a sequence or of its figures. */
function valueAt(root: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined), root);
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

/**
 * The amount statistics of docs/sequencing.md ("AmountStatistics") of the transactions booked in
 * (fromMs, asOfMs], computed independently of the engine in whole cents.
 */
export function amountStatisticsOf(transactions: readonly SequencingTransaction[], fromMs: number, asOfMs: number): AmountStatistics {
  const inWindow = transactions.filter((tx) => bookingInstant(tx.bookingDate) > fromMs && bookingInstant(tx.bookingDate) <= asOfMs);
  return amountStatisticsOfAmounts(inWindow.map((tx) => tx.amount));
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
  let exactFigures = 0;
  const differences = new Map<string, FieldDifference>();
  const anchorSources: Record<AnchorSource, number> = { 'documented rule': 0, 'nearest consistent': 0, 'another consistent': 0, 'none consistent': 0 };
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
    for (const d of detected) {
      const { fields, expected, anchorSource } = differingFields(d, history.asOf);
      anchorSources[anchorSource]++;
      if (fields.length === 0) exactFigures++;
      for (const field of fields) {
        const known = differences.get(field);
        if (known) known.sequences++;
        else {
          const example = { seed: history.seed, periodicity: d.periodicity, counterpartName: d.counterpartName, reported: valueAt(d, field), expected: valueAt(expected, field), anchorSource };
          differences.set(field, { field, sequences: 1, example });
        }
      }
    }

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
    exactStatistics: exactFigures,
    differingFields: [...differences.values()].sort((a, b) => b.sequences - a.sequences),
    anchorSources,
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
    `every statistic exact:                ${report.exactStatistics} of ${report.detectedSequences} detected sequences`,
    `  anchor by the documented rule:      ${report.anchorSources['documented rule']}, nearest consistent: ${report.anchorSources['nearest consistent']}, another consistent: ${report.anchorSources['another consistent']}, none consistent: ${report.anchorSources['none consistent']}`,
    ...report.differingFields.map(
      ({ field, sequences, example: e }) =>
        `  ${field} differs in ${sequences}: e.g. ${e.periodicity} '${e.counterpartName}' (seed ${e.seed}, anchor ${e.anchorSource}) reported ${JSON.stringify(e.reported)}, documented ${JSON.stringify(e.expected)}`,
    ),
  ];
  return lines.join('\n');
}
