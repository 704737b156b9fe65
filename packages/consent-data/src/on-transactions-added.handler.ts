import type { TransactionsAddedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';
import { markDataChanged } from './mark-data-changed';

/** `transactions.added`: the batch's transactions within the history window; one stored before is kept. */
export const onTransactionsAdded =
  (collections: ConsentDataCollections, historyStart: () => Date) =>
  async (data: TransactionsAddedData): Promise<void> => {
    const start = historyStart();
    const inWindow = data.transactions.filter((t) => new Date(t.bookingDate) >= start);
    if (inWindow.length === 0) return;
    // Marked changed also when nothing was new: a replay after a crash between the two writes must not leave the old version.
    await collections.historyMonths.add(data.consentId, inWindow);
    await markDataChanged(collections, data.consentId);
  };
