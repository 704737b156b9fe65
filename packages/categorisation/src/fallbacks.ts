/**
 * Guesses for what no rule recognised, from who the other party seems to be, the channel, the
 * direction and the amount. They are model guesses (source `model:<version>`): a person-to-person
 * transfer is likely but not certain; anything else stays below 0.5.
 */
import { Evidence, type Candidate } from './candidates';
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

/** The best guess for a transaction no rule recognised well enough. */
export function guessFor(view: TransactionView, profile: 'retail' | 'corporate', recurring: boolean): Candidate {
  const party = view.viaProcessor ? 'organisation' : kindOfParty(view.partyName);
  const amount = Math.abs(view.transaction.amount);
  if (profile === 'corporate') {
    if (view.direction === 'out') return guess('expenses.business', 0.45);
    return guess('income.business', party === 'organisation' ? 0.6 : party === 'person' ? 0.5 : 0.45);
  }
  if (view.direction === 'out') {
    const transfer = !has(view.signals, Signal.Card | Signal.Atm | Signal.DirectDebit);
    if (party === 'person' && transfer) return guess('expenses.to-people', 0.55);
    return guess('expenses.other', has(view.signals, Signal.Card | Signal.DirectDebit) ? 0.35 : 0.3);
  }
  if (party === 'person') return guess('income.from-people', 0.55);
  if (party === 'organisation' && recurring && amount >= WAGE_LIKE_AMOUNT) return guess('income.salary', 0.45);
  return guess('income.other', party === 'organisation' ? 0.35 : 0.3);
}
