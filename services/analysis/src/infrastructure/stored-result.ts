import type { AnalysisResult } from '@obp/contracts';

type Sequence = AnalysisResult['sequencing']['incomeSequences'][number];
type CategorisedTransaction = NonNullable<AnalysisResult['transactions']>[number];

/** A sequence as stored: those of sequencing engine versions before 1.2.0 have no `currency`. */
type StoredSequence = Omit<Sequence, 'currency'> & { currency?: string };

/**
 * A result as stored. Results of analysis engine version 1.0.0 lack `currency`, `otherCurrencyTransactionIds`
 * and each categorised transaction's `currency`, and their sequences (sequencing engine before 1.2.0) lack
 * theirs. Corporate results before 1.2.0 lack the figures per month.
 */
export type StoredAnalysisResult = Omit<AnalysisResult, 'currency' | 'otherCurrencyTransactionIds' | 'transactions' | 'sequencing' | 'corporate'> & {
  currency?: string | null;
  /** Before analysis engine version 1.2.0 without `months`. */
  corporate: (Omit<NonNullable<AnalysisResult['corporate']>, 'months'> & { months?: NonNullable<AnalysisResult['corporate']>['months'] }) | null;
  otherCurrencyTransactionIds?: string[] | null;
  transactions: Array<Omit<CategorisedTransaction, 'currency'> & { currency?: string | null }> | null;
  sequencing: Omit<AnalysisResult['sequencing'], 'incomeSequences' | 'expenseSequences'> & { incomeSequences: StoredSequence[]; expenseSequences: StoredSequence[] };
};

/**
 * A stored sequence's currency: that of its first transaction (the sequence keeps them whole, each with its
 * code). Sequencing before 1.2.0 could put two currencies in one sequence; the sandbox banks book only EUR,
 * so no result stored here has one, but a mixed sequence would be labelled by its first.
 */
function withCurrency(sequence: StoredSequence): Sequence {
  return { ...sequence, currency: sequence.currency ?? sequence.transactions[0].currency };
}

/**
 * A stored result in the shape the API documents. Stored results are never rewritten (a result is what
 * its job computed), so one of an older engine is completed when read: what it did not record is null
 * (its `currency`, `otherCurrencyTransactionIds`, a categorised transaction's `currency`, the corporate `months`
 * of engines before 1.2.0: engine 1.0.0
 * added amounts whatever their currency, so its figures are in no one currency that could be named), and a
 * sequence's currency is that of its transactions, which is exactly what sequencing 1.2.0 states.
 */
export function fromStoredResult(stored: StoredAnalysisResult): AnalysisResult {
  return {
    ...stored,
    currency: stored.currency ?? null,
    corporate: stored.corporate && { ...stored.corporate, months: stored.corporate.months ?? null },
    otherCurrencyTransactionIds: stored.otherCurrencyTransactionIds ?? null,
    transactions: stored.transactions?.map((transaction) => ({ ...transaction, currency: transaction.currency ?? null })) ?? null,
    sequencing: { ...stored.sequencing, incomeSequences: stored.sequencing.incomeSequences.map(withCurrency), expenseSequences: stored.sequencing.expenseSequences.map(withCurrency) },
  };
}
