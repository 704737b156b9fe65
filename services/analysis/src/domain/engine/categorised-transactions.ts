import type { AnalysisResult } from '@obp/contracts';
import { fromCents } from './cents';
import type { Entry } from './entry';

export type CategorisedTransaction = NonNullable<AnalysisResult['transactions']>[number];

/** Engine e1: every transaction with its category, flags, confidence and source, in booking order. */
export function categorisedTransactions(entries: readonly Entry[]): CategorisedTransaction[] {
  const result: CategorisedTransaction[] = [];
  for (const { tx, cents, categorisation } of entries) {
    if (categorisation === null) throw new Error(`transaction ${tx.id} was not categorised`);
    result.push({
      transactionId: tx.id,
      accountId: tx.accountId,
      bookingDate: tx.bookingDate,
      amount: fromCents(cents),
      currency: tx.currency,
      description: tx.description,
      counterpartName: tx.counterpartName,
      ...categorisation,
    });
  }
  return result;
}
