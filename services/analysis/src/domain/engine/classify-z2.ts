import type { TransactionDto } from '@obp/contracts';
import type { Entry } from './entry';
import { transactionFacts } from './transaction-facts';
import { isCashWithdrawal, isGamblingOperator, isReturnedDirectDebit, isTaxPayment, isVatPayment } from './z2-signals';

/**
 * Engine z2 classifies without categorising: money in is income and money out is expense (own-account
 * transfers, found by IBAN, are neither); gambling, cash, returned direct debits and tax payments are
 * recognised from codes and descriptions only (z2-signals.ts); all income is revenue. There is no category,
 * so its flows have no `byCategory` and its result lists no categorised transactions.
 */
export function classifyZ2(transactions: readonly TransactionDto[], ownIbans: ReadonlySet<string>): Entry[] {
  return transactions.map((tx): Entry => {
    const { ms, monthIndex, cents, toOwnAccount: internal } = transactionFacts(tx, ownIbans);
    const side = internal || cents === 0 ? null : cents > 0 ? 'income' : 'expense';
    const expense = side === 'expense';
    return {
      tx,
      ms,
      monthIndex,
      cents,
      internal,
      side,
      canonicalCategory: null,
      gambling: expense && isGamblingOperator(tx),
      cash: expense && isCashWithdrawal(tx),
      returnedDirectDebit: !internal && isReturnedDirectDebit(tx),
      revenue: side === 'income',
      tax: expense && isTaxPayment(tx) ? (isVatPayment(tx) ? 'vat' : 'other') : null,
      categorisation: null,
    };
  });
}
