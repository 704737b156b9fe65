import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import type { TransactionAccounts } from '../../infrastructure/transaction-accounts';

/** `transactions.added`: which account each new transaction belongs to. */
export const onTransactionsAdded =
  (transactionAccounts: TransactionAccounts): TypedEventHandler<typeof consentEvents, 'transactions.added'> =>
  async (data) => {
    await transactionAccounts.add(data.consentId, data.transactions);
  };
