import type { TransactionDto } from '@obp/contracts';
import { database, type Migration } from '@obp/db';
import { openCollections } from '../collections';

const LEGACY_TRANSACTIONS = 'transactions';
type LegacyTransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate'> & { _id: string; consentId: string; bookingDate: Date; bookingMonth: string; fetchId?: string };

/**
 * Databases written before transactions were kept by month hold one document per transaction in
 * `transactions`: they are moved into their months one consent at a time, each consent's rows
 * deleted once its months are written, so a run cut short resumes where it stopped, and a second
 * process moving the same consent merges nothing twice. The collection goes once it is empty. Old
 * instances must be stopped before it runs (a row they wrote after the move would go with
 * the collection). The consent service's own `transactions` (rows carrying `fetchId`) is never touched,
 * whatever a misconfiguration makes the database.
 */
export const historyByMonth: Migration = {
  id: '0002-history-by-month',
  async up(connection) {
    const db = database(connection);
    if ((await db.listCollections({ name: LEGACY_TRANSACTIONS }, { nameOnly: true }).toArray()).length === 0) return;
    const legacy = db.collection<LegacyTransactionRecord>(LEGACY_TRANSACTIONS);
    if (await legacy.findOne({ fetchId: { $exists: true } })) throw new Error(`the database '${db.databaseName}' holds the consent service's transactions: a projection must have a database of its own`);
    const { historyMonths } = openCollections(connection);
    for (const consentId of await legacy.distinct('consentId')) {
      const rows = await legacy.find({ consentId }).toArray();
      await historyMonths.add(
        consentId,
        rows.map(({ _id, consentId: _c, bookingDate, bookingMonth: _m, ...rest }) => ({ id: _id, ...rest, bookingDate: bookingDate.toISOString() })),
      );
      await legacy.deleteMany({ consentId });
    }
    if ((await legacy.countDocuments({}, { limit: 1 })) === 0) await legacy.drop().catch(() => undefined);
  },
};
