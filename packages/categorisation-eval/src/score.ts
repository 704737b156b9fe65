/**
 * A pure scorer for categorisations against labels.
 *
 * Categories are judged on their canonical prefix (`canonicalCategoryOf`): a finer leaf below the expected
 * canonical category is right, a leaf below another one is wrong, a category that is below none is wrong.
 * Flags are scored per flag (precision and recall); flags the categoriser cannot know from single
 * transactions (`recurring`) are ignored on both sides.
 *
 * Ratios whose denominator is 0 are `null` (no data), never 0 or 1.
 */
import { canonicalCategories, canonicalCategoryOf, transactionFlags, type CanonicalCategory, type TransactionFlag } from '@obp/contracts';

export interface ScoreInput {
  expected: { category: string; flags: readonly string[] };
  actual: { category: string; flags: readonly string[]; confidence: number };
  /** For the misclassification list (e.g. the transaction id). */
  id?: string;
  /** For the misclassification list (e.g. the description). */
  label?: string;
  difficulty?: 'hard';
}

export interface CategoryScore {
  category: CanonicalCategory;
  /** Items expected in this category. */
  support: number;
  /** Items the categoriser put in this category. */
  predicted: number;
  /** Items expected and put in this category. */
  correct: number;
  /** correct / support: the accuracy on this category's items (its recall). */
  accuracy: number | null;
  precision: number | null;
  recall: number | null;
  /** 0 when precision or recall is null or both are 0. */
  f1: number;
}

export interface FlagScore {
  flag: TransactionFlag;
  expected: number;
  predicted: number;
  truePositives: number;
  precision: number | null;
  recall: number | null;
}

export interface Misclassified {
  index: number;
  id?: string;
  label?: string;
  expected: string;
  actual: string;
  confidence: number;
  difficulty?: 'hard';
}

/** Answers whose confidence fell in [from, to): how many, their mean confidence, and how many were right. */
export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanConfidence: number | null;
  accuracy: number | null;
}

export interface Score {
  total: number;
  correct: number;
  accuracy: number | null;
  /** Every canonical category, in `canonicalCategories` order. */
  perCategory: Record<CanonicalCategory, CategoryScore>;
  /**
   * Mean F1 over the canonical categories that were expected or predicted at least once (a category only
   * ever predicted, never expected, counts with F1 0).
   */
  macroF1: number | null;
  /** The categories macroF1 averages over. */
  macroF1Categories: CanonicalCategory[];
  /** Every flag but the ignored ones, in `transactionFlags` order. */
  flags: Partial<Record<TransactionFlag, FlagScore>>;
  ignoredFlags: TransactionFlag[];
  /** Answers with confidence < `confidenceThreshold`. */
  lowConfidence: { count: number; share: number | null };
  /** Answers with confidence ≥ `confidenceThreshold`, and how many of them were right. */
  confident: { count: number; correct: number; accuracy: number | null };
  confidenceThreshold: number;
  /** `transfers.own-accounts` items: right when categorised so and flagged `internal-transfer`. */
  ownTransfers: { total: number; correct: number; accuracy: number | null };
  /** Hard items (`difficulty: 'hard'`) only. */
  hard: { total: number; correct: number; accuracy: number | null };
  misclassified: Misclassified[];
  /**
   * Expected calibration error: over equal-width confidence bins, the answer-weighted mean of
   * |accuracy − mean confidence|; 0 when the confidence is the chance of being right.
   */
  calibrationError: number | null;
  reliability: ReliabilityBin[];
}

export interface ScoreOptions {
  /** Default ['recurring']. */
  ignoreFlags?: readonly TransactionFlag[];
  /** Default 0.5. */
  confidenceThreshold?: number;
  /** Equal-width confidence bins of the reliability table and the calibration error; default 10. */
  calibrationBins?: number;
}

/** The reliability table and the expected calibration error of (confidence, right) pairs. */
export function reliabilityOf(answers: readonly { confidence: number; right: boolean }[], binCount = 10): { calibrationError: number | null; reliability: ReliabilityBin[] } {
  const sums = Array.from({ length: binCount }, () => ({ count: 0, confidence: 0, right: 0 }));
  for (const { confidence, right } of answers) {
    const bin = sums[Math.min(binCount - 1, Math.max(0, Math.floor(confidence * binCount)))];
    bin.count++;
    bin.confidence += confidence;
    if (right) bin.right++;
  }
  let error = 0;
  const reliability = sums.map((bin, i) => {
    if (bin.count > 0) error += (bin.count / answers.length) * Math.abs(bin.right / bin.count - bin.confidence / bin.count);
    return { from: i / binCount, to: (i + 1) / binCount, count: bin.count, meanConfidence: ratio(bin.confidence, bin.count), accuracy: ratio(bin.right, bin.count) };
  });
  return { calibrationError: answers.length === 0 ? null : error, reliability };
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function f1Of(precision: number | null, recall: number | null): number {
  if (precision === null || recall === null || precision + recall === 0) return 0;
  return (2 * precision * recall) / (precision + recall);
}

export function score(items: readonly ScoreInput[], options: ScoreOptions = {}): Score {
  const ignored = new Set<string>(options.ignoreFlags ?? ['recurring']);
  const threshold = options.confidenceThreshold ?? 0.5;
  const scoredFlags = transactionFlags.filter((f) => !ignored.has(f));

  const support = new Map<CanonicalCategory, number>();
  const predicted = new Map<CanonicalCategory, number>();
  const hits = new Map<CanonicalCategory, number>();
  const flagCounts = new Map<TransactionFlag, { expected: number; predicted: number; tp: number }>(scoredFlags.map((f) => [f, { expected: 0, predicted: 0, tp: 0 }]));
  const misclassified: Misclassified[] = [];
  let correct = 0;
  let low = 0;
  let confident = 0;
  let confidentCorrect = 0;
  let own = 0;
  let ownCorrect = 0;
  let hard = 0;
  let hardCorrect = 0;
  const answers: { confidence: number; right: boolean }[] = [];

  items.forEach((item, index) => {
    const expected = canonicalCategoryOf(item.expected.category);
    if (expected === null) throw new Error(`expected category ${JSON.stringify(item.expected.category)} (item ${index}) is not a canonical category or below one`);
    const actual = canonicalCategoryOf(item.actual.category);
    const right = actual === expected;

    support.set(expected, (support.get(expected) ?? 0) + 1);
    if (actual !== null) predicted.set(actual, (predicted.get(actual) ?? 0) + 1);
    if (right) {
      correct++;
      hits.set(expected, (hits.get(expected) ?? 0) + 1);
    } else {
      misclassified.push({
        index,
        ...(item.id !== undefined ? { id: item.id } : {}),
        ...(item.label !== undefined ? { label: item.label } : {}),
        expected: item.expected.category,
        actual: item.actual.category,
        confidence: item.actual.confidence,
        ...(item.difficulty ? { difficulty: item.difficulty } : {}),
      });
    }

    const expectedFlags = new Set(item.expected.flags);
    const actualFlags = new Set(item.actual.flags);
    for (const flag of scoredFlags) {
      const counts = flagCounts.get(flag)!;
      const e = expectedFlags.has(flag);
      const a = actualFlags.has(flag);
      if (e) counts.expected++;
      if (a) counts.predicted++;
      if (e && a) counts.tp++;
    }

    answers.push({ confidence: item.actual.confidence, right });
    if (item.actual.confidence < threshold) low++;
    else {
      confident++;
      if (right) confidentCorrect++;
    }

    if (expected === 'transfers.own-accounts') {
      own++;
      if (right && actualFlags.has('internal-transfer')) ownCorrect++;
    }
    if (item.difficulty === 'hard') {
      hard++;
      if (right) hardCorrect++;
    }
  });

  const perCategory = {} as Record<CanonicalCategory, CategoryScore>;
  const macroCategories: CanonicalCategory[] = [];
  let f1Sum = 0;
  for (const category of canonicalCategories) {
    const s = support.get(category) ?? 0;
    const p = predicted.get(category) ?? 0;
    const c = hits.get(category) ?? 0;
    const precision = ratio(c, p);
    const recall = ratio(c, s);
    const f1 = f1Of(precision, recall);
    perCategory[category] = { category, support: s, predicted: p, correct: c, accuracy: recall, precision, recall, f1 };
    if (s > 0 || p > 0) {
      macroCategories.push(category);
      f1Sum += f1;
    }
  }

  const flags: Partial<Record<TransactionFlag, FlagScore>> = {};
  for (const flag of scoredFlags) {
    const counts = flagCounts.get(flag)!;
    flags[flag] = { flag, expected: counts.expected, predicted: counts.predicted, truePositives: counts.tp, precision: ratio(counts.tp, counts.predicted), recall: ratio(counts.tp, counts.expected) };
  }

  return {
    total: items.length,
    correct,
    accuracy: ratio(correct, items.length),
    perCategory,
    macroF1: ratio(f1Sum, macroCategories.length),
    macroF1Categories: macroCategories,
    flags,
    ignoredFlags: transactionFlags.filter((f) => ignored.has(f)),
    lowConfidence: { count: low, share: ratio(low, items.length) },
    confident: { count: confident, correct: confidentCorrect, accuracy: ratio(confidentCorrect, confident) },
    confidenceThreshold: threshold,
    ownTransfers: { total: own, correct: ownCorrect, accuracy: ratio(ownCorrect, own) },
    hard: { total: hard, correct: hardCorrect, accuracy: ratio(hardCorrect, hard) },
    misclassified,
    ...reliabilityOf(answers, options.calibrationBins ?? 10),
  };
}

// ---------------------------------------------------------------------------------------------------------

function pct(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

function num(value: number | null, digits = 3): string {
  return value === null ? '—' : value.toFixed(digits);
}

function table(header: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export interface FormatOptions {
  /** Title line; default none. */
  title?: string;
  /** How many misclassified items to list; default 25. */
  maxMisclassified?: number;
  /** Also list canonical categories without any expected or predicted item; default false. */
  showEmptyCategories?: boolean;
}

/** The reliability table: per confidence bin, how many answers, their mean confidence and how many were right. */
export function formatReliability(s: Pick<Score, 'calibrationError' | 'reliability'>): string {
  const rows = s.reliability.filter((b) => b.count > 0).map((b) => [`${b.from.toFixed(1)}–${b.to.toFixed(1)}`, String(b.count), num(b.meanConfidence, 2), pct(b.accuracy), num(b.accuracy === null || b.meanConfidence === null ? null : b.accuracy - b.meanConfidence, 3)]);
  return [`expected calibration error ${num(s.calibrationError)}`, table(['confidence', 'n', 'mean conf', 'accuracy', 'gap'], rows, new Set([1, 2, 3, 4]))].join('\n');
}

/** A readable report: headline figures, a per-category table, a per-flag table and the first misclassified items. */
export function formatScore(s: Score, options: FormatOptions = {}): string {
  const out: string[] = [];
  if (options.title) out.push(options.title, '='.repeat(options.title.length));
  out.push(
    `items ${s.total}   correct ${s.correct}   accuracy ${pct(s.accuracy)}   macro-F1 ${num(s.macroF1)} (over ${s.macroF1Categories.length} categories)`,
    `low confidence (< ${s.confidenceThreshold}): ${s.lowConfidence.count} (${pct(s.lowConfidence.share)})   accuracy when confident: ${pct(s.confident.accuracy)} of ${s.confident.count}`,
    `own-account transfers (category + internal-transfer flag): ${s.ownTransfers.correct}/${s.ownTransfers.total} (${pct(s.ownTransfers.accuracy)})` +
      (s.hard.total > 0 ? `   hard items: ${s.hard.correct}/${s.hard.total} (${pct(s.hard.accuracy)})` : ''),
    '',
  );

  const rows = canonicalCategories
    .map((c) => s.perCategory[c])
    .filter((c) => options.showEmptyCategories || c.support > 0 || c.predicted > 0)
    .map((c) => [c.category, String(c.support), String(c.predicted), String(c.correct), pct(c.accuracy), pct(c.precision), num(c.f1)]);
  out.push(table(['category', 'n', 'predicted', 'correct', 'accuracy', 'precision', 'F1'], rows, new Set([1, 2, 3, 4, 5, 6])), '');

  const flagRows = Object.values(s.flags).map((f) => [f.flag, String(f.expected), String(f.predicted), String(f.truePositives), pct(f.precision), pct(f.recall)]);
  out.push(table(['flag', 'expected', 'predicted', 'both', 'precision', 'recall'], flagRows, new Set([1, 2, 3, 4, 5])));
  if (s.ignoredFlags.length > 0) out.push(`(ignored flags: ${s.ignoredFlags.join(', ')})`);
  out.push('', formatReliability(s));

  const max = options.maxMisclassified ?? 25;
  if (s.misclassified.length > 0 && max > 0) {
    out.push('', `misclassified: ${s.misclassified.length}${s.misclassified.length > max ? ` (first ${max})` : ''}`);
    for (const m of s.misclassified.slice(0, max)) {
      const what = m.label ?? m.id ?? `#${m.index}`;
      out.push(`  ${m.expected} → ${m.actual} (${m.confidence.toFixed(2)})${m.difficulty ? ' [hard]' : ''}  ${what.length > 110 ? `${what.slice(0, 107)}...` : what}`);
    }
  }
  return out.join('\n');
}
