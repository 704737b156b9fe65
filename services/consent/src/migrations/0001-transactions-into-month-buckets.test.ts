import { connectDatabase, database, runMigrations, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { TRANSACTION_BUCKETS, TransactionRepository, type StoredTransaction } from '../infrastructure/transaction.repository';
import { consentServiceMigrations } from './index';
import { moveTransactionsIntoMonthBuckets } from './0001-transactions-into-month-buckets';

const transaction = (consentId: string, accountId: string, i: number, bookingDate: string): StoredTransaction => ({
  id: `${consentId}-t-${String(i).padStart(3, '0')}`,
  accountId,
  consentId,
  ownerClientId: 'owner',
  externalId: `x-${i}`,
  fetchId: `fetch-${consentId}-${i % 2}`,
  amount: -(i + 1),
  currency: 'EUR',
  bookingDate,
  valueDate: i % 3 === 0 ? bookingDate : null,
  description: `payment ${i}`,
  counterpartName: null,
  counterpartAccountNumber: null,
  transactionType: 'ic',
  transactionTypeName: 'SEPA Overboeking',
  reasonCode: null,
  purposeCode: null,
});

/** As the service stored a transaction before: one document, dates as dates, `bookingMonth` only on the later ones. */
const asDocument = ({ id, bookingDate, valueDate, ...rest }: StoredTransaction, withMonth: boolean) => ({
  _id: id,
  ...rest,
  bookingDate: new Date(bookingDate),
  ...(withMonth ? { bookingMonth: bookingDate.slice(0, 7) } : {}),
  valueDate: valueDate ? new Date(valueDate) : null,
});

describe('migration 0001: transactions into month buckets (real store)', () => {
  let connection: Connection;
  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('consent_migration'));
  });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  it('moves every transaction stored one document each into its account’s months, answered as before, and drops the old collections', async () => {
    const db = database(connection);
    const stored = [
      ...Array.from({ length: 40 }, (_, i) => transaction('c-1', i % 2 ? 'a-1' : 'a-2', i, new Date(Date.UTC(2026, i % 5, 1 + (i % 27), 9)).toISOString())),
      ...Array.from({ length: 12 }, (_, i) => transaction('c-2', 'a-3', i, new Date(Date.UTC(2025, 11, 1 + i)).toISOString())),
    ];
    await db.collection<{ _id: string }>('transactions').insertMany(stored.map((t, i) => asDocument(t, i % 4 !== 0)));
    await db.collection<{ _id: string; consentId: string; months: Record<string, number> }>('transaction_months').insertOne({ _id: 'a-1', consentId: 'c-1', months: { '2026-01': 4 } });
    await db.collection<{ _id: string; consentId: string }>('transaction_month_pages').insertOne({ _id: 'a-1/2026-01', consentId: 'c-1' });

    expect(await moveTransactionsIntoMonthBuckets(connection)).toEqual({ moved: 52 });

    const repository = new TransactionRepository(connection);
    for (const accountId of ['a-1', 'a-2', 'a-3']) {
      const expected = stored.filter((t) => t.accountId === accountId).sort((a, b) => (a.bookingDate < b.bookingDate ? 1 : a.bookingDate > b.bookingDate ? -1 : a.id < b.id ? -1 : 1));
      expect(await repository.page({ accountId, skip: 0, limit: 100 })).toEqual({ items: expected, total: expected.length });
    }
    expect((await repository.storedBy('c-1', 'fetch-c-1-1')).map((t) => t.id).sort()).toEqual(stored.filter((t) => t.fetchId === 'fetch-c-1-1').map((t) => t.id).sort());
    const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(collections).toContain(TRANSACTION_BUCKETS);
    expect(collections.filter((name) => ['transactions', 'transaction_months', 'transaction_month_pages'].includes(name))).toEqual([]);

    // Run again (by the runner, as at a deploy): nothing more to move, nothing changed.
    expect(await moveTransactionsIntoMonthBuckets(connection)).toEqual({ moved: 0 });
    expect(await runMigrations(connection, consentServiceMigrations)).toEqual(['0001-transactions-into-month-buckets']);
    expect(await runMigrations(connection, consentServiceMigrations)).toEqual([]);
    expect(await repository.countByConsent('c-1')).toBe(40);
    expect(await repository.countByConsent('c-2')).toBe(12);
  });

  it('resumes a move cut short: a consent moved before is not doubled, and keeps the fetch id its transactions were first stored with', async () => {
    const db = database(connection);
    const stored = Array.from({ length: 20 }, (_, i) => transaction('c-1', 'a-1', i, new Date(Date.UTC(2026, 2, 1 + i)).toISOString()));
    const repository = new TransactionRepository(connection);
    // The run before wrote the months of the first ten and stopped before deleting their documents.
    await repository.insertNew('c-1', stored.slice(0, 10));
    await db.collection<{ _id: string }>('transactions').insertMany(stored.map((t) => asDocument({ ...t, fetchId: 'fetch-later' }, true)));

    await moveTransactionsIntoMonthBuckets(connection);
    const page = await repository.page({ accountId: 'a-1', skip: 0, limit: 50 });
    expect(page.total).toBe(20);
    expect(page.items.map((t) => t.fetchId).filter((f) => f === 'fetch-later')).toHaveLength(10);
  });
});
