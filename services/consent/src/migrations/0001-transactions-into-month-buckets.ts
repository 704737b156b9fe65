import type { TransactionDto } from '@obp/contracts';
import { database, inChunks, type Connection, type Migration } from '@obp/db';
import { TransactionRepository, type StoredTransaction } from '../infrastructure/transaction.repository';

/** A transaction as the service stored it before its transactions were kept in month buckets: one document each. */
type LegacyTransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate' | 'valueDate'> & {
  _id: string;
  consentId: string;
  ownerClientId: string;
  externalId: string;
  bookingDate: Date;
  bookingMonth?: string;
  valueDate: Date | null;
  fetchId: string;
};

/** The collections of the layout before: the documents, and the month counts and pages kept beside them. */
const LEGACY = { transactions: 'transactions', counts: 'transaction_months', pages: 'transaction_month_pages' };

const fromRecord = ({ _id, bookingDate, bookingMonth: _m, valueDate, ...rest }: LegacyTransactionRecord): StoredTransaction => ({
  id: _id,
  ...rest,
  bookingDate: bookingDate.toISOString(),
  valueDate: valueDate ? valueDate.toISOString() : null,
});

/**
 * Moves the transactions stored one document each into their month buckets, one consent at a time,
 * each consent's documents deleted once its buckets hold them: a run cut short resumes where it
 * stopped, and one run beside another adds nothing twice (a transaction is kept once by id, with the
 * fetch id it was first stored with). Then the old collections go. Instances of the version before
 * must be stopped first (a document they wrote after the move would stay unread for good: the migration is recorded and does not run again).
 */
export const transactionsIntoMonthBuckets: Migration = {
  id: '0001-transactions-into-month-buckets',
  async up(connection) {
    await moveTransactionsIntoMonthBuckets(connection);
  },
};

/** The migration's work; returns how many transactions it moved. */
export async function moveTransactionsIntoMonthBuckets(connection: Connection): Promise<{ moved: number }> {
  const db = database(connection);
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  let moved = 0;
  if (existing.has(LEGACY.transactions)) {
    const legacy = db.collection<LegacyTransactionRecord>(LEGACY.transactions);
    const buckets = new TransactionRepository(connection);
    await buckets.ensureIndexes();
    for (const consentId of await legacy.distinct('consentId')) {
      const rows = await legacy.find({ consentId }).toArray();
      await buckets.insertNew(consentId, rows.map(fromRecord));
      for (const ids of inChunks(rows.map((r) => r._id))) await legacy.deleteMany({ _id: { $in: ids } });
      moved += rows.length;
    }
    if ((await legacy.countDocuments({}, { limit: 1 })) === 0) await legacy.drop().catch(() => undefined);
  }
  for (const name of [LEGACY.counts, LEGACY.pages]) if (existing.has(name)) await db.collection(name).drop().catch(() => undefined);
  return { moved };
}
