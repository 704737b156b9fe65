/**
 * The shape of catalogue entries and the helpers the domain files write them with. A name is
 * written as people read it ("Albert Heijn", "bol.com"); it is normalised when the index is built.
 * Prefix `^` to match a name only at its start ("^plus": "PLUS Van Gaal", not "Ah Plus"), `=` to
 * match only the whole name ("=ben": Ben the telecom brand, not "Ben de Vries"). Other names match
 * wherever they occur as words, also in descriptions.
 */
import type { Category, DirectedOutcomes } from '../types';

export interface MerchantSpec {
  /** Rule id without the `rule:` prefix: `merchant.albert-heijn`, `business-type.bakkerij`. */
  id: string;
  names: readonly string[];
  outcomes: DirectedOutcomes;
  /** Money in from a seller is a refund when `outcomes.in` says nothing else. */
  refundsIn: boolean;
  /** Sells memberships or plans (telecom, gyms, newspapers): a recurring payment to it is a subscription. */
  membership: boolean;
  /**
   * A service that stands in front of the real merchant (PayPal, Klarna, Tikkie, Paylogic): its own
   * meaning counts only when no merchant is named after its prefix or in the remittance (`remittance`),
   * or only when no merchant is named as the party behind it (`name`: a Tikkie's sender, not what it was for).
   */
  fronts?: 'remittance' | 'name';
  /** What a purchase from it is for a sole trader (wholesalers, building materials, hosting, bookkeeping software). */
  trade?: Category;
}

export interface SellerOptions {
  confidence?: number;
  membership?: boolean;
  fronts?: MerchantSpec['fronts'];
  trade?: Category;
}

/** Confidence of a catalogue merchant found as the counterparty name. */
export const MERCHANT_CONFIDENCE = 0.95;
/** Confidence of a generic business word in a name ("Bakkerij Jansen", "Tandartspraktijk De Boog"). */
export const BUSINESS_TYPE_CONFIDENCE = 0.75;

/** Organisations that only sell: money out is `category`, money in is a refund. */
export function sellers(category: Category, entries: Readonly<Record<string, readonly string[]>>, options: SellerOptions = {}): MerchantSpec[] {
  const confidence = options.confidence ?? MERCHANT_CONFIDENCE;
  return Object.entries(entries).map(([slug, names]) => ({
    id: `merchant.${slug}`,
    names,
    outcomes: { out: { category, confidence } },
    refundsIn: true,
    membership: options.membership ?? false,
    fronts: options.fronts,
    trade: options.trade,
  }));
}

/** One organisation whose payments mean different things in each direction (DUO, SVB, Belastingdienst, …). */
export function organisation(slug: string, names: readonly string[], outcomes: DirectedOutcomes, options: { refundsIn?: boolean; membership?: boolean; fronts?: MerchantSpec['fronts'] } = {}): MerchantSpec {
  return { id: `merchant.${slug}`, names, outcomes, refundsIn: options.refundsIn ?? false, membership: options.membership ?? false, fronts: options.fronts };
}

/** Words that say what kind of business a name is ("apotheek", "bakkerij"), matched anywhere in a name or description. */
export function businessTypes(category: Category, words: readonly string[], confidence = BUSINESS_TYPE_CONFIDENCE, trade?: Category): MerchantSpec[] {
  return words.map((word) => ({
    trade,
    id: `business-type.${word.replace(/[^a-z0-9]+/g, '-')}`,
    names: [word],
    outcomes: { out: { category, confidence } },
    refundsIn: true,
    membership: false,
  }));
}

/** Payments both ways mean the same category (payment apps, brokers). */
export function twoWay(slug: string, names: readonly string[], category: Category, confidence = MERCHANT_CONFIDENCE): MerchantSpec {
  return organisation(slug, names, { out: { category, confidence }, in: { category, confidence } });
}
