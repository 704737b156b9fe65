import type { TransactionsAddedData } from '@obp/contracts';
import { monthBucket } from '@obp/db';
import type { ConsentDataCollections, TransactionRecord } from './collections';
import { insertNew } from './insert-new';
import { markDataChanged } from './mark-data-changed';

/** `transactions.added`: the batch's transactions within the history window; one stored before is kept. */
export const onTransactionsAdded =
  (collections: ConsentDataCollections, historyStart: () => Date) =>
  async (data: TransactionsAddedData): Promise<void> => {
    const start = historyStart();
    const docs = data.transactions
      .filter((t) => new Date(t.bookingDate) >= start)
      .map(({ id, bookingDate, ...rest }): TransactionRecord => ({ _id: id, consentId: data.consentId, ...rest, bookingDate: new Date(bookingDate), bookingMonth: monthBucket(new Date(bookingDate)) }));
    if (docs.length === 0) return;
    await insertNew(collections.transactions, docs);
    await markDataChanged(collections, data.consentId);
  };
