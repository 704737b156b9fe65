/** Runs the categoriser on the held-out set and scores it, overall and per class. */
import { categorise, type CategoriseOptions } from '@obp/categorisation';
import { score, type Score, type ScoreInput } from '../score';
import { heldOutClasses, heldOutSet, type HeldOutClass, type HeldOutItem } from './held-out-set';

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

export interface HeldOutEvaluation {
  overall: Score;
  perClass: Record<HeldOutClass, Score>;
}

export function evaluateHeldOut(items: readonly HeldOutItem[] = heldOutSet): HeldOutEvaluation {
  const inputs = heldOutScoreInputs(items);
  const perClass = Object.fromEntries(heldOutClasses.map((c) => [c, score(inputs.filter((_, i) => items[i].class === c))])) as Record<HeldOutClass, Score>;
  return { overall: score(inputs), perClass };
}
