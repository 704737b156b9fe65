import type { TransactionsAddedData } from '@obp/contracts';
import type { ConsentDataCollections, TransactionRecord } from './collections';

/** `transactions.added`: the batch's transactions within the history window; one stored before is kept. */
export const onTransactionsAdded =
  ({ transactions }: ConsentDataCollections, historyStart: () => Date) =>
  async (data: TransactionsAddedData): Promise<void> => {
    const start = historyStart();
    const docs = data.transactions
      .filter((t) => new Date(t.bookingDate) >= start)
      .map(({ id, bookingDate, ...rest }): TransactionRecord => ({ _id: id, consentId: data.consentId, ...rest, bookingDate: new Date(bookingDate) }));
    if (docs.length === 0) return;
    await transactions.insertMany(docs, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
      if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
    });
  };
