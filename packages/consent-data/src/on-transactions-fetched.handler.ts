import type { TransactionsFetchedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';
import { markDataChanged } from './mark-data-changed';

/** `transactions.fetched`: every batch of that fetch precedes it on the consent's partition, so its data is complete. */
export const onTransactionsFetched =
  (collections: ConsentDataCollections) =>
  async (data: TransactionsFetchedData): Promise<void> => {
    await collections.consents.updateOne({ _id: data.consentId }, { $set: { transactionsThrough: new Date(data.dateTransactionsUpdated) } });
    await markDataChanged(collections, data.consentId);
  };
