import { connectDatabase, database, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { newestFirst } from '../domain/transaction-page';
import { toTransactionDto, TRANSACTION_BUCKETS, TransactionRepository, type StoredTransaction, type TransactionPageQuery } from './transaction.repository';

const CONSENT = 'consent-1';
const ACCOUNTS = ['account-a', 'account-b'];

/** A history over 20 months with several bookings on one day (ids order those), spread over two accounts. */
function history(count: number, seed: number): StoredTransaction[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => {
    const day = Math.floor(random() * 600);
    return {
      id: `t-${seed}-${String(i).padStart(4, '0')}-${Math.floor(random() * 1000)}`,
      accountId: ACCOUNTS[i % 2]!,
      consentId: CONSENT,
      ownerClientId: 'owner',
      externalId: `x-${seed}-${i}`,
      fetchId: `fetch-${seed}`,
      amount: -Math.round(random() * 10_000) / 100,
      currency: 'EUR',
      bookingDate: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString(),
      valueDate: null,
      description: `payment ${i}`,
      counterpartName: null,
      counterpartAccountNumber: null,
      transactionType: 'ic',
      transactionTypeName: 'SEPA Overboeking',
      reasonCode: null,
      purposeCode: null,
    };
  });
}

/** What a page must hold: every stored transaction of the account in range, newest first, sliced. */
function expectedPage(all: StoredTransaction[], q: TransactionPageQuery) {
  const matching = all
    .filter((t) => t.accountId === q.accountId)
    .filter((t) => (!q.from || new Date(t.bookingDate) >= q.from) && (!q.to || new Date(t.bookingDate) <= q.to))
    .sort((a, b) => newestFirst({ bookingDate: new Date(a.bookingDate), id: a.id }, { bookingDate: new Date(b.bookingDate), id: b.id }));
  return { ids: matching.slice(q.skip, q.skip + q.limit).map((t) => t.id), total: matching.length };
}

const queries = (): TransactionPageQuery[] => {
  const ranges = [
    {},
    { from: new Date('2025-03-14T00:00:00Z'), to: new Date('2026-02-03T00:00:00Z') },
    { from: new Date('2025-06-30T00:00:00Z') },
    { to: new Date('2025-01-31T00:00:00Z') },
    { from: new Date('2025-05-10T00:00:00Z'), to: new Date('2025-05-20T00:00:00Z') },
  ];
  return ACCOUNTS.flatMap((accountId) => ranges.flatMap((range) => [0, 7, 49, 50, 140, 290].flatMap((skip) => [1, 13, 50].map((limit) => ({ accountId, skip, limit, ...range })))));
};

async function expectPagesOf(repository: TransactionRepository, all: StoredTransaction[]): Promise<void> {
  for (const q of queries()) {
    const page = await repository.page(q);
    expect({ q, ids: page.items.map((t) => t.id), total: page.total }).toEqual({ q, ...expectedPage(all, q) });
  }
}

describe('TransactionRepository (real store)', () => {
  let connection: Connection;
  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('transactions'));
  });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  it('pages an account newest first, within a date range or not, over what every fetch stored, each transaction once', async () => {
    const repository = new TransactionRepository(connection);
    await repository.ensureIndexes();
    const first = history(400, 1);
    const second = history(200, 2);
    await repository.insertNew(CONSENT, first);
    // A later fetch brings the first one's transactions again, and new ones.
    await repository.insertNew(CONSENT, [...first.slice(100, 300), ...second]);
    await expectPagesOf(repository, [...first, ...second]);
    const page = await repository.page({ accountId: ACCOUNTS[0]!, skip: 0, limit: 1 });
    expect(Object.keys(page.items[0]!).sort()).toEqual(Object.keys(first[0]!).sort());
  });

  it('sets the months right when a fetch stopped after storing some of its months and is repeated', async () => {
    const repository = new TransactionRepository(connection);
    await repository.ensureIndexes();
    const first = history(200, 6);
    await repository.insertNew(CONSENT, first);
    const stopped = history(60, 7);
    // The fetch stopped after the months of its first account.
    await repository.insertNew(CONSENT, stopped.filter((t) => t.accountId === ACCOUNTS[0]));

    await repository.insertNew(CONSENT, stopped);
    await expectPagesOf(repository, [...first, ...stopped]);
    expect(await repository.countByConsent(CONSENT)).toBe(260);
  });

  it('gives a transaction stored before the fetch id it was first stored with, and tells each fetch what it stored, oldest first', async () => {
    const repository = new TransactionRepository(connection);
    await repository.ensureIndexes();
    const first = history(80, 8);
    await repository.insertNew(CONSENT, first);
    const second = history(30, 9);
    await repository.insertNew(CONSENT, [...first.slice(0, 40).map((t) => ({ ...t, fetchId: 'fetch-9' })), ...second]);
    const oldestFirst = (list: StoredTransaction[]) => [...list].sort((a, b) => new Date(a.bookingDate).getTime() - new Date(b.bookingDate).getTime() || (a.id < b.id ? -1 : 1)).map((t) => t.id);
    expect((await repository.storedBy(CONSENT, 'fetch-8')).map((t) => t.id)).toEqual(oldestFirst(first));
    expect((await repository.storedBy(CONSENT, 'fetch-9')).map((t) => t.id)).toEqual(oldestFirst(second));
    expect(await repository.storedBy(CONSENT, first[0]!.fetchId)).toContainEqual(first[0]);
  });

  it('stores dates as ISO instants in UTC, id first and the dates last, and answers a transaction without what only the store keeps', async () => {
    const repository = new TransactionRepository(connection);
    await repository.ensureIndexes();
    const [plain, offset, rolled] = history(3, 11);
    const written = [
      { ...plain!, bookingDate: '2025-04-02T00:00:00.000Z', valueDate: '2025-04-01T00:00:00.000Z', contentKey: 'k-1' },
      { ...offset!, bookingDate: '2025-04-30T23:30:00-01:00', valueDate: null },
      { ...rolled!, bookingDate: '2025-02-30T00:00:00.000Z', valueDate: '2025-02-29T12:00:00.000Z' },
    ];
    await repository.insertNew(CONSENT, written);
    const stored = new Map((await repository.storedBy(CONSENT, 'fetch-11')).map((t) => [t.id, t]));
    expect([plain, offset, rolled].map((t) => [stored.get(t!.id)!.bookingDate, stored.get(t!.id)!.valueDate])).toEqual([
      ['2025-04-02T00:00:00.000Z', '2025-04-01T00:00:00.000Z'],
      ['2025-05-01T00:30:00.000Z', null],
      ['2025-03-02T00:00:00.000Z', '2025-03-01T12:00:00.000Z'],
    ]);
    const keys = Object.keys(stored.get(plain!.id)!);
    expect([keys[0], ...keys.slice(-2)]).toEqual(['id', 'bookingDate', 'valueDate']);
    expect(stored.get(plain!.id)!.contentKey).toBe('k-1');
    const { consentId: _c, ownerClientId: _o, externalId: _e, fetchId: _f, contentKey: _k, ...dto } = stored.get(plain!.id)!;
    expect(Object.entries(toTransactionDto(stored.get(plain!.id)!))).toEqual(Object.entries(dto));
  });

  it('erases an account’s month counts with the consent', async () => {
    const repository = new TransactionRepository(connection);
    await repository.ensureIndexes();
    await repository.insertNew(CONSENT, history(50, 5));
    expect(await repository.deleteByConsent(CONSENT)).toBe(50);
    expect(await database(connection).collection(TRANSACTION_BUCKETS).countDocuments({})).toBe(0);
    expect(await repository.page({ accountId: ACCOUNTS[0]!, skip: 0, limit: 50 })).toEqual({ items: [], total: 0 });
  });
});
