/** The flags of a categorised transaction, from its category and the facts observed about it. */
import type { TransactionFlag } from '@obp/contracts';
import { canonicalOf } from './canonical';

export interface FlagFacts {
  category: string;
  out: boolean;
  recurring: boolean;
  directDebit: boolean;
  returnedDirectDebit: boolean;
  /** The merchant sells memberships or plans (telecom, gyms, newspapers). */
  membership: boolean;
  /** The description says subscription ("abonnement", "lidmaatschap"). */
  subscriptionWords: boolean;
}

function isOrBelow(category: string, parent: string): boolean {
  return category === parent || category.startsWith(`${parent}.`);
}

function isSubscription(facts: FlagFacts, canonical: string | null): boolean {
  if (canonical === 'expenses.subscriptions') return true;
  if (!facts.out) return false;
  if (facts.recurring && (facts.membership || canonical === 'expenses.telecom')) return true;
  return facts.subscriptionWords && (facts.recurring || facts.membership);
}

/** The flags, in the order `transactionFlags` lists them. */
export function flagsOf(facts: FlagFacts): TransactionFlag[] {
  const canonical = canonicalOf(facts.category);
  const flags: TransactionFlag[] = [];
  if (facts.recurring) flags.push('recurring');
  if (canonical === 'transfers.own-accounts' || canonical === 'transfers.savings') flags.push('internal-transfer');
  // a collection given back is flagged as such; `refund` is money given back for a purchase or a bill paid otherwise
  if (canonical === 'income.refund' && !facts.returnedDirectDebit) flags.push('refund');
  if (canonical === 'expenses.cash') flags.push('cash-withdrawal');
  if (canonical === 'expenses.gambling' || isOrBelow(facts.category, 'income.other.gambling')) flags.push('gambling');
  if (facts.directDebit && !facts.returnedDirectDebit) flags.push('direct-debit');
  if (facts.returnedDirectDebit) flags.push('returned-direct-debit');
  if (isSubscription(facts, canonical)) flags.push('subscription');
  return flags;
}
