/**
 * The categoriser's figure on the fresh processor-fronted test set (README.md beside this file): overall, per provider
 * and per bank. Its score inputs carry no id or text, so not even a score's list of misclassified items says which
 * transactions they were: the set measures and is not read.
 */
import { categorise, type CategoriseOptions } from '@obp/categorisation';
import { score, type Score, type ScoreInput } from '../score';
import { freshBanks, type FreshBank } from './bank-lines';
import { freshSet, type FreshItem } from './fresh-set';
import { freshRoutes, type FreshRoute } from './shops';

/** The items categorised one holder (same own accounts and KvK number) at a time, as an e1 job would. */
function scoreInputsOf(items: readonly FreshItem[]): ScoreInput[] {
  const batches = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = `${item.kvkNumber ?? ''}|${item.ownIbans.join(',')}`;
    batches.set(key, [...(batches.get(key) ?? []), index]);
  });
  const inputs: ScoreInput[] = new Array(items.length);
  for (const indices of batches.values()) {
    const first = items[indices[0]];
    const options: CategoriseOptions = { profile: first.profile, ownIbans: first.ownIbans, ...(first.kvkNumber ? { kvkNumber: first.kvkNumber } : {}) };
    const results = categorise(indices.map((i) => items[i].transaction), options);
    indices.forEach((itemIndex, i) => {
      const { category, flags, confidence } = results[i];
      inputs[itemIndex] = { expected: items[itemIndex].expected, actual: { category, flags, confidence } };
    });
  }
  return inputs;
}

export interface FreshEvaluation {
  overall: Score;
  perRoute: Record<FreshRoute, Score>;
  perBank: Record<FreshBank, Score>;
}

export function evaluateFreshSet(items: readonly FreshItem[] = freshSet): FreshEvaluation {
  const inputs = scoreInputsOf(items);
  const scoreWhere = (keep: (item: FreshItem) => boolean): Score => score(inputs.filter((_, i) => keep(items[i])));
  return {
    overall: score(inputs),
    perRoute: Object.fromEntries(freshRoutes.map((route) => [route, scoreWhere((item) => item.route === route)])) as Record<FreshRoute, Score>,
    perBank: Object.fromEntries(freshBanks.map((bank) => [bank, scoreWhere((item) => item.bank === bank)])) as Record<FreshBank, Score>,
  };
}
