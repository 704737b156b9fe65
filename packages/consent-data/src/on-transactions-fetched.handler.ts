import type { TransactionsFetchedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';

/** `transactions.fetched`: every batch of that fetch precedes it on the consent's partition, so its data is complete. */
export const onTransactionsFetched =
  ({ consents }: ConsentDataCollections) =>
  async (data: TransactionsFetchedData): Promise<void> => {
    await consents.updateOne({ _id: data.consentId }, { $set: { transactionsThrough: new Date(data.dateTransactionsUpdated) } });
  };
