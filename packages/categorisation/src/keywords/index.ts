/** The description keywords, indexed once, checked when the module loads like the catalogue. */
import { canonicalCategoryOf } from '@obp/contracts';
import { normaliseText } from '../normalise';
import { PhraseIndex, type PhraseVisitor } from '../phrase-index';
import { housingKeywords } from './housing';
import { incomeKeywords } from './income';
import { moneyKeywords, savingsWords } from './money';
import type { KeywordSpec } from './spec';
import { spendingKeywords } from './spending';

export type { KeywordSpec } from './spec';

export const keywordSpecs: readonly KeywordSpec[] = [...incomeKeywords, ...housingKeywords, ...spendingKeywords, ...moneyKeywords];

function addPhrase<T>(index: PhraseIndex<T>, written: string, value: T): string {
  const stem = written.endsWith('*');
  const phrase = normaliseText(stem ? written.slice(0, -1) : written);
  if (phrase === '') throw new Error(`keywords: "${written}" normalises to nothing`);
  index.add(phrase, value, stem);
  return stem ? `${phrase}*` : phrase;
}

function buildIndex(specs: readonly KeywordSpec[]): PhraseIndex<KeywordSpec> {
  const index = new PhraseIndex<KeywordSpec>();
  const claimed = new Map<string, string>();
  const ids = new Set<string>();
  for (const spec of specs) {
    if (ids.has(spec.id)) throw new Error(`keywords: id ${spec.id} is used twice`);
    ids.add(spec.id);
    for (const outcome of [spec.outcomes.in, spec.outcomes.out]) {
      if (outcome && canonicalCategoryOf(outcome.category) === null) throw new Error(`keywords: ${spec.id} has category ${outcome.category}, which is not canonical`);
    }
    for (const written of spec.phrases) {
      const key = addPhrase(index, written, spec);
      const earlier = claimed.get(key);
      if (earlier !== undefined) throw new Error(`keywords: "${written}" (${spec.id}) is already a phrase of ${earlier}`);
      claimed.set(key, spec.id);
    }
  }
  return index;
}

const keywordIndex = buildIndex(keywordSpecs);

const savingsIndex = new PhraseIndex<true>();
for (const written of savingsWords) addPhrase(savingsIndex, written, true);

/** Visits every keyword in normalised text, with where it lies. */
export function forEachKeyword(text: string, visit: PhraseVisitor<KeywordSpec>): void {
  keywordIndex.forEachMatch(text, visit);
}

/** Savings in a compound: "bedrijfsspaarrekening", "kinderspaarrekening", "ideaalsparen", "rentesparen". */
const SAVINGS_COMPOUND = /[a-z]spaarrekening|[a-z]{3}sparen\b/;
/** Money set aside for a tax bill ("btw reservering", "reservering btw", a "belastingpot"): savings of a business. */
const TAX_RESERVE = /\b(?:btw|belasting|belastingen|ib|vpb) ?(?:reservering|reserve|pot|potje)\b|\breservering (?:btw|belasting|belastingen)\b|\bbelastingpot\b/;

/** Whether normalised text speaks of savings (spaarrekening, sparen, Bonusrente, deposito, …). */
export function mentionsSavings(text: string): boolean {
  if (SAVINGS_COMPOUND.test(text) || TAX_RESERVE.test(text)) return true;
  let found = false;
  savingsIndex.forEachMatch(text, () => {
    found = true;
  });
  return found;
}
