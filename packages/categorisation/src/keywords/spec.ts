/**
 * Description keywords: words and phrases in Dutch and English that say what a payment is for
 * ("huur", "zorgtoeslag", "aflossing"). A phrase ending in `*` also matches longer words that
 * start with it ("hypothe*": hypotheek, hypotheekrente, hypothecaire); other phrases match whole words.
 */
import type { Category, DirectedOutcomes } from '../types';

export interface KeywordSpec {
  /** Rule id without the `rule:` prefix: `keyword.huur`. */
  id: string;
  phrases: readonly string[];
  outcomes: DirectedOutcomes;
  /** The phrase says the payment is for a plan or membership ("abonnement"). */
  subscription: boolean;
  /** Words beside which the phrase says nothing of what the payment is for ("btw" on an invoice "incl. btw"). */
  notWith?: RegExp;
  /**
   * Wages, benefits and pensions are never paid at a card terminal, through a payment provider or by iDEAL: there the
   * phrase is part of a shop's name ("Garage Van Loon", "Bakkerij De Toeslag") and says nothing.
   */
  notAtMerchant?: boolean;
}

export interface KeywordOptions {
  id?: string;
  subscription?: boolean;
  notWith?: RegExp;
  notAtMerchant?: boolean;
}

function slug(phrase: string): string {
  return phrase.replace(/\*$/, '').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

/** A keyword whose meaning depends on the direction of the money. */
export function keyword(phrases: readonly string[], outcomes: DirectedOutcomes, options: KeywordOptions = {}): KeywordSpec {
  const spec: KeywordSpec = { id: `keyword.${options.id ?? slug(phrases[0])}`, phrases, outcomes, subscription: options.subscription ?? false };
  if (options.notWith) spec.notWith = options.notWith;
  if (options.notAtMerchant) spec.notAtMerchant = true;
  return spec;
}

/** A keyword that only says something about money going out. */
export function spending(phrases: readonly string[], category: Category, confidence: number, options: KeywordOptions = {}): KeywordSpec {
  return keyword(phrases, { out: { category, confidence } }, options);
}

/** A keyword that only says something about money coming in. */
export function earning(phrases: readonly string[], category: Category, confidence: number, options: { id?: string; notAtMerchant?: boolean } = {}): KeywordSpec {
  return keyword(phrases, { in: { category, confidence } }, options);
}
