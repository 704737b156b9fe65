/**
 * Guesses for what no rule recognised, from who the other party seems to be, the channel, the
 * direction and the amount. They are model guesses (source `model:<version>`): a person-to-person
 * transfer is likely but not certain; anything else stays below 0.5.
 */
import { Evidence, type Candidate } from './candidates';
import { requestForAnOrder } from './payment-requests';
import { kindOfParty } from './people';
import { has, Signal } from './signals';
import type { Category } from './types';
import type { TransactionView } from './view';

/** Below this, what the rules found is weak enough for a guess to compete with it. */
export const GUESS_THRESHOLD = 0.6;
/** A recurring payment in from an organisation of at least this much is probably a wage. */
const WAGE_LIKE_AMOUNT = 500;

function guess(category: Category, confidence: number): Candidate {
  return { category, confidence, ruleId: null, evidence: Evidence.Model, specificity: 0, membership: false };
}

/** Below the weight of a guess that knows the payee (calibration.ts): the trade behind a processor is a likelihood, not known. */
const BEHIND_PROCESSOR_WEIGHT = 0.38;

/**
 * A merchant no rule knows behind a payment processor: a terminal of SumUp, Zettle, CCV or Square
 * (a prefix before the name on a card payment) mostly serves cafés, food stalls and lunchrooms; a
 * provider taking an online payment (Mollie, Adyen, Buckaroo as the counterparty) mostly a web shop.
 */
function guessBehindProcessor(view: TransactionView): Candidate {
  const card = has(view.signals, Signal.Card) || (view.processorPrefix && !has(view.signals, Signal.Ideal | Signal.Transfer | Signal.DirectDebit));
  return guess(card ? 'expenses.eating-out' : 'expenses.shopping', BEHIND_PROCESSOR_WEIGHT);
}

/** The best guess for a transaction no rule recognised well enough. */
export function guessFor(view: TransactionView, profile: 'retail' | 'corporate', recurring: boolean): Candidate {
  const party = view.viaProcessor ? 'organisation' : kindOfParty(view.partyName);
  const amount = Math.abs(view.transaction.amount);
  if (profile === 'corporate') {
    if (view.direction === 'out') return guess('expenses.business', 0.45);
    return guess('income.business', party === 'organisation' ? 0.6 : party === 'person' ? 0.5 : 0.45);
  }
  if (view.direction === 'out' && (view.viaProcessor || view.processorPrefix)) return guessBehindProcessor(view);
  // a shop's request for an order ("Tikkie ID …, Bestelling, <shop>"): goods, most often
  if (requestForAnOrder(view)) return guess('expenses.shopping', BEHIND_PROCESSOR_WEIGHT);
  if (view.direction === 'out') {
    const transfer = !has(view.signals, Signal.Card | Signal.Atm | Signal.DirectDebit);
    if (party === 'person' && transfer) return guess('expenses.to-people', 0.55);
    return guess('expenses.other', has(view.signals, Signal.Card | Signal.DirectDebit) ? 0.35 : 0.3);
  }
  if (party === 'person') return guess('income.from-people', 0.55);
  if (party === 'organisation' && recurring && amount >= WAGE_LIKE_AMOUNT) return guess('income.salary', 0.45);
  return guess('income.other', party === 'organisation' ? 0.35 : 0.3);
}
