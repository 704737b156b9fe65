import { canonicalCategoryOf, transactionFlags, type TransactionDto, type TransactionFlag } from '@obp/contracts';
import type { FeedbackRule } from '@obp/categorisation';
import type { Categorise } from './categoriser';
import type { Categorisation, Entry, TaxKind } from './entry';
import { transactionFacts } from './transaction-facts';
import { isVatPayment } from './z2-signals';

export interface E1Options {
  profile: 'retail' | 'corporate';
  /** Own and internal IBANs, normalised. */
  ownIbans: ReadonlySet<string>;
  /** Transactions in a detected sequence. */
  recurringIds: ReadonlySet<string>;
  feedbackRules?: readonly FeedbackRule[];
  /** A sole trader's KvK number on a retail job: trade purchases and client money are business. */
  kvkNumber?: string | null;
}

const under = (category: string, prefix: string): boolean => category === prefix || category.startsWith(`${prefix}.`);

/** The categoriser's flags, completed with what the engine knows for certain, in canonical order. */
function completeFlags(flags: readonly TransactionFlag[], recurring: boolean, toOwnAccount: boolean): TransactionFlag[] {
  const set = new Set(flags);
  if (recurring) set.add('recurring');
  if (toOwnAccount) set.add('internal-transfer');
  return transactionFlags.filter((flag) => set.has(flag));
}

/** Taxes paid among the expenses: VAT (the `expenses.taxes.vat` leaf, or an unspecified tax that is a VAT payment) or other taxes. */
function taxKindOf(category: string, canonical: string, tx: TransactionDto): TaxKind | null {
  if (under(category, 'expenses.taxes.vat')) return 'vat';
  if (canonical === 'expenses.taxes') return category === 'expenses.taxes' && isVatPayment(tx) ? 'vat' : 'other';
  return canonical === 'expenses.housing.local-taxes' ? 'other' : null;
}

/**
 * Engine e1: every transaction categorised; the flows follow the category (`income.*` income, a refund
 * included; `expenses.*` expense; `transfers.*` neither), and gambling, cash and returned direct debits
 * follow the categoriser's flags and categories. Own-account transfers are those to or from an own IBAN and
 * those the categoriser flagged `internal-transfer`.
 */
export function classifyE1(transactions: readonly TransactionDto[], categorise: Categorise, options: E1Options): Entry[] {
  const results = categorise(transactions, {
    profile: options.profile,
    ownIbans: [...options.ownIbans],
    recurringIds: options.recurringIds,
    kvkNumber: options.kvkNumber ?? null,
    ...(options.feedbackRules ? { rules: options.feedbackRules } : {}),
  });
  if (results.length !== transactions.length) throw new Error(`the categoriser returned ${results.length} results for ${transactions.length} transactions`);
  return transactions.map((tx, i): Entry => {
    const result = results[i];
    if (result.transactionId !== tx.id) throw new Error(`the categoriser returned transaction ${result.transactionId} in the place of ${tx.id}`);
    const { ms, monthIndex, cents, toOwnAccount } = transactionFacts(tx, options.ownIbans);
    const known = canonicalCategoryOf(result.category);
    // A category outside the canonical list would make the result invalid: fall back to the catch-alls.
    const category = known === null ? (cents >= 0 ? 'income.other' : 'expenses.other') : result.category;
    const canonical = known ?? category;
    const flags = completeFlags(result.flags, options.recurringIds.has(tx.id), toOwnAccount);
    const internal = flags.includes('internal-transfer');
    const side = internal ? null : under(canonical, 'income') ? 'income' : under(canonical, 'expenses') ? 'expense' : null;
    const expense = side === 'expense';
    const categorisation: Categorisation = { category, flags, confidence: result.confidence, source: result.source };
    return {
      tx,
      ms,
      monthIndex,
      cents,
      internal,
      side,
      canonicalCategory: canonical,
      gambling: expense && (flags.includes('gambling') || canonical === 'expenses.gambling'),
      cash: expense && (flags.includes('cash-withdrawal') || canonical === 'expenses.cash'),
      returnedDirectDebit: !internal && flags.includes('returned-direct-debit'),
      revenue: side === 'income' && canonical === 'income.business',
      tax: expense ? taxKindOf(category, canonical, tx) : null,
      categorisation,
    };
  });
}
