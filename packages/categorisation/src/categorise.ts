/**
 * Categorises transactions: own-account transfers first (certain), then the customer's feedback
 * rules, then the evidence of the rule families weighed against each other (candidates.ts), with
 * model guesses for what no rule recognises, and the corporate profile's reading last.
 */
import { transactionFlags, type TransactionDto } from '@obp/contracts';
import { decide, strongest, type Candidate } from './candidates';
import { forCorporate } from './corporate';
import { compileFeedbackRules, matchFeedback, type CompiledFeedbackRule } from './feedback';
import { GUESS_THRESHOLD, guessFor } from './fallbacks';
import { flagsOf } from './flags';
import { ownAccountsOf, ownAccountTransfer, type OwnAccounts } from './own-accounts';
import { keywords, merchants, paymentProviderPayout, purpose, returnedDirectDebit, transactionType } from './rules';
import { has, Signal } from './signals';
import type { CategorisedTransaction, CategoriseOptions } from './types';
import { CATEGORISER_VERSION } from './version';
import { viewOf } from './view';

const MODEL_SOURCE = `model:${CATEGORISER_VERSION}`;

interface Context {
  profile: 'retail' | 'corporate';
  ownAccounts: OwnAccounts;
  recurringIds: ReadonlySet<string> | undefined;
  rules: readonly CompiledFeedbackRule[];
}

function contextOf(options: CategoriseOptions): Context {
  return { profile: options.profile, ownAccounts: ownAccountsOf(options.ownIbans), recurringIds: options.recurringIds, rules: compileFeedbackRules(options.rules) };
}

function round(confidence: number): number {
  return Math.round(confidence * 100) / 100;
}

function categoriseInContext(transaction: TransactionDto, context: Context): CategorisedTransaction {
  const view = viewOf(transaction);
  const recurring = context.recurringIds?.has(transaction.id) ?? false;
  const transactionId = transaction.id;

  const own = ownAccountTransfer(view, context.ownAccounts);
  if (own) {
    const flags = flagsOf({ category: own.category, out: view.direction === 'out', recurring, directDebit: false, returnedDirectDebit: false, membership: false, subscriptionWords: false });
    return { transactionId, category: own.category, flags, confidence: 1, source: `rule:${own.ruleId}` };
  }

  const taught = matchFeedback(context.rules, view);
  if (taught) {
    const flags = transactionFlags.filter((flag) => taught.flags.includes(flag) || (flag === 'recurring' && recurring));
    return { transactionId, category: taught.category, flags, confidence: 1, source: `feedback:${taught.id}` };
  }

  const candidates: Candidate[] = [];
  const returned = returnedDirectDebit(view, candidates);
  merchants(view, candidates);
  paymentProviderPayout(view, context.profile, candidates);
  purpose(view, candidates);
  transactionType(view, candidates);
  const subscriptionWords = keywords(view, candidates);
  const best = strongest(candidates);
  if (best === null || best.confidence < GUESS_THRESHOLD) candidates.push(guessFor(view, context.profile, recurring));

  const verdict = decide(candidates);
  const category = context.profile === 'corporate' ? forCorporate(verdict.category) : verdict.category;
  const flags = flagsOf({
    category,
    out: view.direction === 'out',
    recurring,
    directDebit: has(view.signals, Signal.DirectDebit) || view.facts.creditorId !== null,
    returnedDirectDebit: returned,
    membership: verdict.membership,
    subscriptionWords,
  });
  const source = verdict.ruleId === null ? MODEL_SOURCE : `rule:${verdict.ruleId}`;
  return { transactionId, category, flags, confidence: round(verdict.confidence), source };
}

/** Categorises each transaction; the result is in the same order as the input. */
export function categorise(transactions: readonly TransactionDto[], options: CategoriseOptions): CategorisedTransaction[] {
  const context = contextOf(options);
  const results = new Array<CategorisedTransaction>(transactions.length);
  for (let i = 0; i < transactions.length; i++) results[i] = categoriseInContext(transactions[i], context);
  return results;
}

export function categoriseOne(transaction: TransactionDto, options: CategoriseOptions): CategorisedTransaction {
  return categoriseInContext(transaction, contextOf(options));
}
