/** Runs the categoriser on the held-out set and scores it, overall and per class. */
import { categorise, type CategoriseOptions } from '@obp/categorisation';
import { canonicalCategoryOf } from '@obp/contracts';
import { score, type Score, type ScoreInput } from '../score';
import { heldOutClasses, heldOutSet, type HeldOutClass, type HeldOutItem } from './held-out-set';
import { heldOutHalves, readableHalves, type HeldOutHalf } from './split';

/** Options as an e1 retail job gives them: a sole trader's job also names its KvK number. */
type HeldOutOptions = CategoriseOptions & { kvkNumber?: string };

/** The held-out items, categorised one holder (same own accounts and KvK number) at a time, as a job would. */
export function heldOutScoreInputs(items: readonly HeldOutItem[] = heldOutSet): ScoreInput[] {
  const batches = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = `${item.kvkNumber ?? ''}|${item.ownIbans.join(',')}`;
    const indices = batches.get(key) ?? [];
    indices.push(index);
    batches.set(key, indices);
  });
  const inputs: ScoreInput[] = new Array(items.length);
  for (const indices of batches.values()) {
    const first = items[indices[0]];
    const options: HeldOutOptions = { profile: first.profile, ownIbans: first.ownIbans, ...(first.kvkNumber ? { kvkNumber: first.kvkNumber } : {}) };
    const transactions = indices.map((i) => items[i].transaction);
    const byId = new Map(categorise(transactions, options).map((r) => [r.transactionId, r]));
    for (const index of indices) {
      const item = items[index];
      const t = item.transaction;
      const r = byId.get(t.id);
      if (!r) throw new Error(`categorise returned no answer for transaction ${t.id}`);
      inputs[index] = {
        expected: item.expected,
        actual: { category: r.category, flags: r.flags, confidence: r.confidence },
        id: `${item.class}/${item.bank}/${t.id.slice(0, 8)}`,
        label: [t.counterpartName, t.description].filter(Boolean).join(' | '),
      };
    }
  }
  return inputs;
}

export interface HeldOutScores {
  overall: Score;
  perClass: Record<HeldOutClass, Score>;
}

/** The whole set's scores, and each half's (split.ts): the figures of the test half, never its items. */
export interface HeldOutEvaluation extends HeldOutScores {
  halves: Record<HeldOutHalf, HeldOutScores>;
}

function scoresOf(inputs: readonly ScoreInput[], items: readonly HeldOutItem[]): HeldOutScores {
  const perClass = Object.fromEntries(heldOutClasses.map((c) => [c, score(inputs.filter((_, i) => items[i].class === c))])) as Record<HeldOutClass, Score>;
  return { overall: score(inputs), perClass };
}

export function evaluateHeldOut(items: readonly HeldOutItem[] = heldOutSet): HeldOutEvaluation {
  const inputs = heldOutScoreInputs(items);
  const halves = Object.fromEntries(
    heldOutHalves.map((half) => {
      const inHalf = items.map((item, i) => [item, i] as const).filter(([item]) => item.half === half);
      return [half, scoresOf(inHalf.map(([, i]) => inputs[i]), inHalf.map(([item]) => item))];
    }),
  ) as Record<HeldOutHalf, HeldOutScores>;
  return { ...scoresOf(inputs, items), halves };
}

/** A dev-half item whose category the categoriser gets wrong (as accuracy counts it), whole: what the bank printed, the label and the answer. */
export interface HeldOutDevFailure {
  item: HeldOutItem;
  actual: { category: string; flags: readonly string[]; confidence: number };
}

/**
 * The items of `cls` in a half that may be read (`readableHalves`: since the sixth round both, the fifth round's
 * test half having been spent) whose category the categoriser gets wrong (README.md, "Dev and test halves").
 */
export function heldOutDevFailures(cls: HeldOutClass, items: readonly HeldOutItem[] = heldOutSet): HeldOutDevFailure[] {
  const inputs = heldOutScoreInputs(items);
  const failures: HeldOutDevFailure[] = [];
  items.forEach((item, i) => {
    if (!readableHalves.includes(item.half) || item.class !== cls) return;
    const { actual } = inputs[i];
    if (canonicalCategoryOf(actual.category) !== canonicalCategoryOf(item.expected.category)) failures.push({ item, actual: { category: actual.category, flags: actual.flags, confidence: actual.confidence } });
  });
  return failures;
}
