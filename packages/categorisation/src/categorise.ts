/**
 * Categorises transactions: own-account transfers first (certain), then the customer's feedback
 * rules, then the evidence of the rule families weighed against each other (candidates.ts), with
 * model guesses for what no rule recognises, and the corporate profile's reading last.
 */
import { canonicalCategoryOf, transactionFlags, type TransactionDto } from '@obp/contracts';
import { decide, strongest, type Candidate } from './candidates';
import { reportedConfidence } from './calibration';
import { tradeOf } from './catalogue';
import { forCorporate } from './corporate';
import { compileFeedbackRules, matchFeedback, type CompiledFeedbackRule } from './feedback';
import { GUESS_THRESHOLD, guessFor } from './fallbacks';
import { flagsOf } from './flags';
import { ownAccountsOf, ownAccountTransfer, type OwnAccounts } from './own-accounts';
import { normaliseIban } from './normalise';
import { keywords, merchantCategory, merchants, paymentProviderPayout, providerCharge, purpose, returnedDirectDebit, transactionType } from './rules';
import { has, Signal } from './signals';
import type { CategorisedTransaction, CategoriseOptions, Category } from './types';
import { CATEGORISER_VERSION } from './version';
import { kindOfParty } from './people';
import { viewOf, type TransactionView } from './view';

const MODEL_SOURCE = `model:${CATEGORISER_VERSION}`;

interface Context {
  profile: 'retail' | 'corporate';
  soleTrader: boolean;
  ownAccounts: OwnAccounts;
  recurringIds: ReadonlySet<string> | undefined;
  rules: readonly CompiledFeedbackRule[];
}

function contextOf(options: CategoriseOptions): Context {
  return { profile: options.profile, soleTrader: options.profile === 'retail' && typeof options.kvkNumber === 'string' && options.kvkNumber.trim() !== '', ownAccounts: ownAccountsOf(options.ownIbans), recurringIds: options.recurringIds, rules: compileFeedbackRules(options.rules) };
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
  paymentProviderPayout(view, context.profile === 'corporate' || context.soleTrader, candidates);
  providerCharge(view, context.profile === 'corporate' || context.soleTrader, candidates);
  purpose(view, candidates);
  merchantCategory(view, candidates);
  transactionType(view, candidates);
  const subscriptionWords = keywords(view, candidates);
  const best = strongest(candidates);
  if (best === null || best.confidence < GUESS_THRESHOLD) candidates.push(guessFor(view, context.profile, recurring));

  const verdict = decide(candidates);
  const household = context.profile === 'corporate' ? forCorporate(corporateIncome(verdict, view.direction === 'out')) : betweenPeople(verdict, view);
  const category = context.soleTrader ? forSoleTrader(household, verdict, view) : household;
  const flags = flagsOf({
    category,
    out: view.direction === 'out',
    recurring,
    // an incoming credit is never a direct debit taken
    directDebit: view.direction === 'out' && has(view.signals, Signal.DirectDebit),
    returnedDirectDebit: returned,
    membership: verdict.membership,
    subscriptionWords,
  });
  const source = verdict.ruleId === null ? MODEL_SOURCE : `rule:${verdict.ruleId}`;
  return { transactionId, category, flags, confidence: reportedConfidence(verdict.confidence, verdict.ruleId === null ? 'model' : 'rule'), source };
}

/** What a person transfers for; the words say what for ("terugbetaling bioscoop", "voor de kaartjes"), not from whom. */
const SPENT_WITH_PEOPLE: ReadonlySet<string> = new Set(['expenses.leisure', 'expenses.eating-out', 'expenses.shopping', 'expenses.travel', 'expenses.groceries', 'expenses.other']);

/**
 * Money between people (a transfer, not a card payment, with a person): a friend paying back what the
 * customer advanced is money from people, not a shop's refund; the customer paying a friend back for
 * tickets or dinner is money to people, not leisure. Only a keyword's reading gives way: a catalogue
 * merchant, a purpose code or a wage is kept, and so are rent, loans and care paid to a person.
 */
function betweenPeople(verdict: { category: Category; ruleId: string | null }, view: TransactionView): Category {
  if (verdict.ruleId === null || !verdict.ruleId.startsWith('keyword.')) return verdict.category;
  if (has(view.signals, Signal.Card | Signal.Atm | Signal.DirectDebit) || view.viaProcessor || kindOfParty(view.partyName) !== 'person') return verdict.category;
  if (view.direction === 'in') return verdict.category === 'income.refund' ? 'income.from-people' : verdict.category;
  return SPENT_WITH_PEOPLE.has(canonicalCategoryOf(verdict.category) ?? '') ? 'expenses.to-people' : verdict.category;
}

/**
 * What a shop or an insurer "refunds" (the weak guess from the seller's name or the word "verzekering"
 * alone, also when both agree) or a municipality pays a business is a customer paying an invoice; a
 * refund the words say ("terugbetaling", "creditnota": 0.8) stays a refund.
 */
const SAID_REFUND = 0.7;

function corporateIncome(verdict: { category: Category; confidence: number; ruleId: string | null }, out: boolean): Category {
  if (out || verdict.ruleId === null) return verdict.category;
  if (verdict.category === 'income.refund' && verdict.confidence < SAID_REFUND) return 'income.business';
  if (verdict.category === 'income.benefits' && verdict.ruleId === 'merchant.gemeente') return 'income.business';
  return verdict.category;
}

/** What a supplier or subcontractor writes on the transfer that pays it. */
const INVOICE_WORDS = /\b(?:factuur|factuurnr|factuurnummer|facturen|invoice|inv|nota|offerte|opdracht|werkzaamheden|levering|inkoop|materialen|order|ordernr|bestelling|uren|inhuur|project|projectnr|verlegd)\b/;

/**
 * A sole trader paying an invoice to someone no rule knows (a supplier, a subcontractor who invoices
 * under their own name) pays a business cost: households seldom pay invoices by transfer to unknowns.
 * A payment request is not such an invoice: it is how a shop or a friend asks a consumer.
 */
function paysAnInvoiceUnknown(category: Category, ruleId: string | null, view: TransactionView): boolean {
  const unknown = ruleId === null || category === 'expenses.to-people';
  return unknown && !has(view.signals, Signal.Card | Signal.Atm) && view.facts.requester === null && INVOICE_WORDS.test(view.descriptionText);
}

/**
 * A sole trader's account serves the household and the business: what the catalogue knows as trade
 * supplies (a wholesaler, building materials, hosting, bookkeeping software) is a business cost, a
 * shop's weak "refund" or unexplained money from an organisation is a client paying; the rest stays.
 */
function forSoleTrader(category: Category, verdict: { category: Category; confidence: number; ruleId: string | null }, view: TransactionView): Category {
  const out = view.direction === 'out';
  if (out && paysAnInvoiceUnknown(category, verdict.ruleId, view)) return 'expenses.business';
  if (out) return (verdict.ruleId !== null && tradeOf(verdict.ruleId)) || category;
  const income = corporateIncome(verdict, out);
  if (income !== verdict.category) return income;
  return verdict.ruleId === null && category === 'income.other' ? 'income.business' : category;
}

/** Categorises each transaction; the result is in the same order as the input. */
export function categorise(transactions: readonly TransactionDto[], options: CategoriseOptions): CategorisedTransaction[] {
  const context = contextOf(options);
  const results = new Array<CategorisedTransaction>(transactions.length);
  for (let i = 0; i < transactions.length; i++) results[i] = categoriseInContext(transactions[i], context);
  if (context.ownAccounts.ibans.size > 1) savingsAccountTransfers(transactions, results, context.ownAccounts);
  return results;
}

const OWN_TRANSFER_SOURCE = 'rule:own-account.transfer';

/**
 * Savings accounts told from the dataset: an own account that earns interest and has nothing but
 * transfers between own accounts, interest and bank fees is a savings account. A transfer between own
 * accounts of which one side is such an account is `transfers.savings`. The other side is found by
 * its IBAN: the one own IBAN the savings account's own transfers never name as counterparty.
 * Only `categorise` sees a dataset; `categoriseOne` cannot tell savings accounts this way.
 */
function savingsAccountTransfers(transactions: readonly TransactionDto[], results: CategorisedTransaction[], own: OwnAccounts): void {
  interface AccountStats { ownTransfers: number; interest: number; other: number; counterparts: Set<string> }
  const accounts = new Map<string, AccountStats>();
  for (let i = 0; i < transactions.length; i++) {
    const accountId = transactions[i].accountId;
    let stats = accounts.get(accountId);
    if (!stats) accounts.set(accountId, (stats = { ownTransfers: 0, interest: 0, other: 0, counterparts: new Set() }));
    const { category, source } = results[i];
    if (source === OWN_TRANSFER_SOURCE || category.startsWith('transfers.savings')) {
      stats.ownTransfers++;
      const counterpart = normaliseIban(transactions[i].counterpartAccountNumber);
      if (counterpart !== '') stats.counterparts.add(counterpart);
    } else if (category === 'income.interest') stats.interest++;
    else if (category !== 'expenses.bank-fees') stats.other++;
  }
  if (accounts.size < 2) return;
  const savingsAccountIds = new Set<string>();
  const savingsIbans = new Set<string>();
  for (const [accountId, stats] of accounts) {
    if (stats.ownTransfers === 0 || stats.interest === 0 || stats.other > 0) continue;
    savingsAccountIds.add(accountId);
    const unnamed = [...own.ibans].filter((iban) => !stats.counterparts.has(iban));
    if (unnamed.length === 1 && stats.counterparts.size > 0) savingsIbans.add(unnamed[0]);
  }
  if (savingsAccountIds.size === 0) return;
  for (let i = 0; i < transactions.length; i++) {
    const result = results[i];
    if (result.source !== OWN_TRANSFER_SOURCE) continue;
    const t = transactions[i];
    if (savingsAccountIds.has(t.accountId) || savingsIbans.has(normaliseIban(t.counterpartAccountNumber))) {
      results[i] = { ...result, category: 'transfers.savings', source: 'rule:own-account.savings-account' };
    }
  }
}

export function categoriseOne(transaction: TransactionDto, options: CategoriseOptions): CategorisedTransaction {
  return categoriseInContext(transaction, contextOf(options));
}
