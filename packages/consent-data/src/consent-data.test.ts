import { randomUUID } from 'node:crypto';
import type { ConsentDto, EventEnvelope, TransactionDto } from '@obp/contracts';
import { connectDatabase, database, runMigrations, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { ConsentData } from './consent-data';
import { ConsentResultCache } from './consent-result-cache';
import { consentDataMigrations } from './migrations';
import { historyByMonth } from './migrations/0002-history-by-month';

const NOW = new Date('2026-11-01T12:00:00Z');
const historyStart = (now: Date) => new Date(now.getTime() - 365 * 86_400_000);

const envelope = <K extends string, T>(type: K, data: T, ownerClientId = 'owner-app'): EventEnvelope<T, K> => ({ id: randomUUID(), type, version: 1, occurredAt: NOW.toISOString(), ownerClientId, data });

const consent = (id: string, userId: string | null): ConsentDto => ({
  id,
  status: 'Updated',
  dateStatusUpdated: NOW.toISOString(),
  dateRequested: NOW.toISOString(),
  dateExpire: NOW.toISOString(),
  dateTransactionsUpdated: NOW.toISOString(),
  providerKey: 'sandbox-retail',
  countryCode: 'NL',
  userId,
  externalUserId: 'ext',
  syncMode: null,
  redirectUrl: 'https://example.com',
  errors: [],
});

const transaction = (accountId: string, bookingDate: string, amount: number): TransactionDto => ({
  id: randomUUID(),
  accountId,
  amount,
  currency: 'EUR',
  bookingDate,
  valueDate: null,
  description: 'x',
  counterpartName: 'Shop',
  counterpartAccountNumber: null,
  transactionType: null,
  transactionTypeName: null,
  reasonCode: null,
  purposeCode: null,
});

const handlerArgs = (consentId: string, transactions: TransactionDto[]) => {
  const added = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: randomUUID(), transactions });
  return [added.data, added, { topic: 't', partition: 0, offset: '0', key: consentId }] as const;
};

describe('ConsentData (real store)', () => {
  let db: Connection;
  let data: ConsentData;
  beforeEach(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('consent_data'));
    data = new ConsentData(db, { historyStart });
    await data.ensureIndexes();
  });
  afterEach(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('keeps owner, user, accounts and the transactions inside the window, each event applied twice without effect, and forgets the consent on consent.deleted', async () => {
    const handlers = data.handlers(() => NOW);
    const consentId = randomUUID();
    const userId = randomUUID();
    const accountId = randomUUID();
    const subject = { consentId, userId, externalUserId: 'ext' };
    const inside = transaction(accountId, '2026-10-01T00:00:00.000Z', -12.5);
    const insideEarlier = transaction(accountId, '2026-03-01T00:00:00.000Z', -3);
    const outside = transaction(accountId, '2025-01-01T00:00:00.000Z', -7);
    const created = envelope('consent.created', { ...subject, consent: consent(consentId, userId) });
    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
    const added = envelope('transactions.added', { ...subject, fetchId: 'f1', transactions: [inside, insideEarlier, outside] });
    const fetched = envelope('transactions.fetched', { ...subject, fetchId: 'f1', addedTransactionsCount: 2, dateTransactionsUpdated: NOW.toISOString() });
    const meta = { topic: 't', partition: 0, offset: '0', key: consentId };
    for (let round = 0; round < 2; round++) {
      await handlers['consent.created']!(created.data, created, meta);
      await handlers['accounts.updated']!(accounts.data, accounts, meta);
      await handlers['transactions.added']!(added.data, added, meta);
      await handlers['transactions.fetched']!(fetched.data, fetched, meta);
    }
    expect(await data.consent(consentId)).toEqual({ id: consentId, ownerClientId: 'owner-app', userId, externalUserId: 'ext', status: 'Updated', transactionsThrough: NOW, dataVersion: expect.any(String) });
    expect((await data.consentsOfUser(userId)).map((c) => c.id)).toEqual([consentId]);
    expect(await data.accountNumbers([consentId])).toEqual(['NL91ABNA0417164300']);
    expect((await data.history([consentId], NOW)).map((t) => t.id)).toEqual([insideEarlier.id, inside.id]);

    const deleted = envelope('consent.deleted', { ...subject, accountIds: [accountId] });
    await handlers['consent.deleted']!(deleted.data, deleted, meta);
    expect(await data.consent(consentId)).toBeNull();
    expect(await data.accountNumbers([consentId])).toEqual([]);
    expect(await data.history([consentId], NOW)).toEqual([]);
    expect(await database(db).collection('history_months').countDocuments({ consentId })).toBe(0);
  });

  it('erases a consent on the tombstone of its own key alone (its consent.deleted compacted away), again without effect, and nothing on its other keys’ tombstones', async () => {
    const handlers = data.handlers(() => NOW);
    const cache = new ConsentResultCache<{ sequences: number }>(db);
    const [erasedId, keptId] = [randomUUID(), randomUUID()];
    for (const consentId of [erasedId, keptId]) {
      const accountId = randomUUID();
      const subject = { consentId, userId: null, externalUserId: 'ext' };
      const meta = { topic: 't', partition: 0, offset: '0', key: consentId };
      const created = envelope('consent.created', { ...subject, consent: consent(consentId, null) });
      const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
      await handlers['consent.created']!(created.data, created, meta);
      await handlers['accounts.updated']!(accounts.data, accounts, meta);
      await handlers['transactions.added']!(...handlerArgs(consentId, [transaction(accountId, '2026-10-01T00:00:00.000Z', -3)]));
      await cache.store((await data.consent(consentId))!, 'day-1', { sequences: 1 }, NOW);
    }
    const tombstone = (key: string) => handlers.onTombstone!(key, { topic: 't', partition: 0, offset: '0', key });
    const state = async (consentId: string) => ({
      consent: (await data.consent(consentId)) !== null,
      accounts: (await data.accountsOf([consentId])).length,
      history: (await data.history([consentId], NOW)).length,
      cached: await database(db).collection<{ _id: string }>('consent_results').countDocuments({ _id: consentId }),
    });
    const whole = { consent: true, accounts: 1, history: 1, cached: 1 };

    // Its other keys are tombstoned with it, after it; alone they erase nothing.
    await tombstone(`${erasedId}/accounts`);
    await tombstone(`${erasedId}/tx/f1/0`);
    expect(await state(erasedId)).toEqual(whole);

    await tombstone(erasedId);
    await tombstone(erasedId);
    expect(await state(erasedId)).toEqual({ consent: false, accounts: 0, history: 0, cached: 0 });
    expect(await database(db).collection('history_months').countDocuments({ consentId: erasedId })).toBe(0);
    expect(await state(keptId)).toEqual(whole);
  });

  it('reads a consent’s transactions across months and batches oldest first, each once, booking dates as ISO instants, another consent’s apart', async () => {
    const handlers = data.handlers(() => NOW);
    const [consentId, otherConsentId, accountId] = [randomUUID(), randomUUID(), randomUUID()];
    const meta = { topic: 't', partition: 0, offset: '0', key: consentId };
    const add = (id: string, transactions: TransactionDto[]) => {
      const added = envelope('transactions.added', { consentId: id, userId: null, externalUserId: null, fetchId: randomUUID(), transactions });
      return handlers['transactions.added']!(added.data, added, meta);
    };
    const sameDay = [transaction(accountId, '2026-09-30T00:00:00.000Z', -1), transaction(accountId, '2026-09-30T00:00:00.000Z', -2)];
    const first = [transaction(accountId, '2026-10-02T00:00:00.000Z', -3), ...sameDay];
    const dateOnly = { ...transaction(accountId, '2026-08-15', -4) };
    await add(consentId, first);
    await add(consentId, [first[0]!, dateOnly]); // a later fetch sends one again, and one new in another month
    await add(otherConsentId, [transaction(accountId, '2026-10-01T00:00:00.000Z', -5)]);

    const history = await data.history([consentId], NOW);
    const sortedSameDay = [...sameDay].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(history.map((t) => t.id)).toEqual([dateOnly.id, ...sortedSameDay.map((t) => t.id), first[0]!.id]);
    expect(history[0]).toEqual({ ...dateOnly, bookingDate: '2026-08-15T00:00:00.000Z' });
    expect(history[3]).toEqual(first[0]);
    expect((await data.history([consentId, otherConsentId], NOW)).length).toBe(5);
    expect(await data.history([], NOW)).toEqual([]);
  });

  it('reads only what lies in the window of the time asked about, before any prune; keeps a booking date with an offset in its UTC month; a transaction twice in one batch once', async () => {
    const handlers = data.handlers(() => NOW);
    const [consentId, accountId] = [randomUUID(), randomUUID()];
    const early = transaction(accountId, '2025-12-10T00:00:00.000Z', -1);
    const late = transaction(accountId, '2026-10-10T00:00:00.000Z', -2);
    // 00:30 on 1 October in Amsterdam is still 30 September in UTC.
    const offset = transaction(accountId, '2026-10-01T00:30:00+02:00', -3);
    const added = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: 'f', transactions: [early, late, offset, late] });
    await handlers['transactions.added']!(added.data, added, { topic: 't', partition: 0, offset: '0', key: consentId });
    expect((await data.history([consentId], NOW)).map((t) => t.id)).toEqual([early.id, offset.id, late.id]);
    expect((await data.history([consentId], NOW)).find((t) => t.id === offset.id)?.bookingDate).toBe('2026-09-30T22:30:00.000Z');
    expect(await database(db).collection('history_months').countDocuments({ consentId, bookingMonth: '2026-09' })).toBe(1);
    // Half a year on, without a prune in between, the early one has left the window.
    expect((await data.history([consentId], new Date('2026-12-20T00:00:00Z'))).map((t) => t.id)).toEqual([offset.id, late.id]);
  });

  it('keeps every transaction when several writers add to one month at once (each change under the month’s lock, applied to the version read)', async () => {
    const handlers = data.handlers(() => NOW);
    const [consentId, accountId] = [randomUUID(), randomUUID()];
    const batches = Array.from({ length: 6 }, (_, i) => Array.from({ length: 20 }, (_, j) => transaction(accountId, `2026-10-${String(1 + ((i * 20 + j) % 28)).padStart(2, '0')}T00:00:00.000Z`, -(i * 20 + j))));
    await Promise.all(
      batches.map((transactions) => {
        const added = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: randomUUID(), transactions });
        return handlers['transactions.added']!(added.data, added, { topic: 't', partition: 0, offset: '0', key: consentId });
      }),
    );
    const ids = (await data.history([consentId], NOW)).map((t) => t.id);
    expect(ids.length).toBe(120);
    expect(new Set(ids)).toEqual(new Set(batches.flat().map((t) => t.id)));
  });

  it('moves transactions a database kept one per document into their months, once, and drops the old collection', async () => {
    const consentId = randomUUID();
    const accountId = randomUUID();
    const kept = [transaction(accountId, '2026-10-01T00:00:00.000Z', -1), transaction(accountId, '2026-09-01T00:00:00.000Z', -2)];
    const legacy = database(db).collection('transactions');
    await legacy.insertMany(kept.map(({ id, bookingDate, ...rest }) => ({ _id: id as never, consentId, ...rest, bookingDate: new Date(bookingDate), bookingMonth: bookingDate.slice(0, 7) })));
    // A run cut short: one of them was moved already.
    await data.handlers(() => NOW)['transactions.added']!(...handlerArgs(consentId, [kept[0]!]));
    expect(await runMigrations(db, consentDataMigrations)).toEqual(['0001-external-users-within-app', '0002-history-by-month']);
    expect(await data.history([consentId], NOW)).toEqual([kept[1], kept[0]]);
    expect(await database(db).listCollections({ name: 'transactions' }).toArray()).toEqual([]);
    // Run again before it was recorded (a runner that lost its lock): nothing is moved twice.
    await historyByMonth.up(db);
    expect((await data.history([consentId], NOW)).length).toBe(2);
  });

  it('refuses to take the consent service’s own transactions for old projection rows (a database shared by mistake)', async () => {
    const legacy = database(db).collection('transactions');
    await legacy.insertOne({ _id: randomUUID() as never, consentId: randomUUID(), fetchId: 'f1', bookingDate: NOW, bookingMonth: '2026-11' });
    await expect(runMigrations(db, consentDataMigrations)).rejects.toThrow(/a projection must have a database of its own/);
    expect(await legacy.countDocuments()).toBe(1);
  });

  it('prunes transactions that have left the window', async () => {
    const handlers = data.handlers(() => NOW);
    const consentId = randomUUID();
    const accountId = randomUUID();
    const old = transaction(accountId, '2025-12-01T00:00:00.000Z', -1);
    const recent = transaction(accountId, '2026-10-20T00:00:00.000Z', -2);
    const added = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: 'f', transactions: [old, recent] });
    await handlers['transactions.added']!(added.data, added, { topic: 't', partition: 0, offset: '0', key: null });
    const later = new Date('2026-12-15T00:00:00Z');
    expect(await data.prune(later)).toBe(1);
    expect((await data.history([consentId], later)).map((t) => t.id)).toEqual([recent.id]);
  });

  it('prunes the months that left the window through the bookingMonth index, and the older part of the window’s first month, nothing inside the window', async () => {
    const handlers = data.handlers(() => NOW);
    const consentId = randomUUID();
    const accountId = randomUUID();
    const booked = (bookingDate: string) => transaction(accountId, bookingDate, -1);
    // Stored on NOW: its window starts 2025-11-01T12:00Z. A prune on 2026-12-15 keeps from 2025-12-15T00:00Z on.
    const left = [booked('2025-11-01T12:00:00.000Z'), booked('2025-11-30T00:00:00.000Z'), booked('2025-12-14T23:59:59.999Z')];
    const inside = [booked('2025-12-15T00:00:00.000Z'), booked('2025-12-31T00:00:00.000Z'), booked('2026-10-31T00:00:00.000Z')];
    const added = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: 'f', transactions: [...inside, ...left] });
    await handlers['transactions.added']!(added.data, added, { topic: 't', partition: 0, offset: '0', key: null });
    expect(await database(db).collection('history_months').indexExists('bookingMonth_1')).toBe(true);

    const prunedOn = new Date('2026-12-15T00:00:00Z');
    expect(await data.prune(prunedOn)).toBe(3);
    expect((await data.history([consentId], NOW)).map((t) => t.id)).toEqual(inside.map((t) => t.id));
    expect(await data.prune(prunedOn)).toBe(0);
    // A prune eleven months later (none ran between) takes every month that left the window since.
    expect(await data.prune(new Date('2027-11-01T00:00:00Z'))).toBe(3);
    expect(await data.history([consentId], NOW)).toEqual([]);
  });

  it('keeps one cached result per consent while its data and the key are unchanged, empties it on new data and never writes one for an erased consent', async () => {
    const cache = new ConsentResultCache<{ sequences: number }>(db);
    const slots = database(db).collection<{ _id: string }>('consent_results');
    const handlers = data.handlers(() => NOW);
    const consentId = randomUUID();
    const accountId = randomUUID();
    const subject = { consentId, userId: null, externalUserId: 'ext' };
    const meta = { topic: 't', partition: 0, offset: '0', key: consentId };
    const created = envelope('consent.created', { ...subject, consent: consent(consentId, null) });
    await handlers['consent.created']!(created.data, created, meta);
    const projected = async () => (await data.consent(consentId))!;

    const first = await projected();
    await cache.store(first, 'day-1', { sequences: 1 }, NOW);
    expect(await cache.get(first, 'day-1')).toEqual({ dataVersion: first.dataVersion, key: 'day-1', computedAt: NOW, result: { sequences: 1 } });
    expect(await cache.get(first, 'day-2')).toBeNull();
    // Neither a replayed consent.created nor a status change touches the data.
    await handlers['consent.created']!(created.data, created, meta);
    const status = envelope('consent.status.updated', { ...subject, consent: { ...consent(consentId, null), status: 'Invalidated' as const } });
    await handlers['consent.status.updated']!(status.data, status, meta);
    expect((await cache.get(await projected(), 'day-1'))?.result).toEqual({ sequences: 1 });

    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
    const added = envelope('transactions.added', { ...subject, fetchId: 'f2', transactions: [transaction(accountId, '2026-10-01T00:00:00.000Z', -3)] });
    const fetched = envelope('transactions.fetched', { ...subject, fetchId: 'f2', addedTransactionsCount: 1, dateTransactionsUpdated: NOW.toISOString() });
    const versions = new Set([first.dataVersion]);
    const dataEvents: Array<[string, () => Promise<void>]> = [
      ['accounts.updated', () => handlers['accounts.updated']!(accounts.data, accounts, meta)],
      ['transactions.added', () => handlers['transactions.added']!(added.data, added, meta)],
      ['transactions.fetched', () => handlers['transactions.fetched']!(fetched.data, fetched, meta)],
    ];
    for (const [type, apply] of dataEvents) {
      const before = await projected();
      await cache.store(before, 'day-1', { sequences: 2 }, NOW);
      await apply();
      const after = await projected();
      versions.add(after.dataVersion);
      expect({ type, stale: await cache.get(before, 'day-1'), fresh: await cache.get(after, 'day-1'), slot: await slots.findOne({ _id: consentId }) }).toEqual({
        type,
        stale: null,
        fresh: null,
        slot: { _id: consentId },
      });
    }
    expect(versions.size).toBe(4);

    const last = await projected();
    await cache.store(last, 'day-1', { sequences: 3 }, NOW);
    const deleted = envelope('consent.deleted', { ...subject, accountIds: [accountId] });
    await handlers['consent.deleted']!(deleted.data, deleted, meta);
    expect(await slots.countDocuments({ _id: consentId })).toBe(0);
    // A computation that read the consent before the erasure finishes after it: nothing is written.
    await cache.store(last, 'day-1', { sequences: 3 }, NOW);
    expect(await slots.countDocuments({ _id: consentId })).toBe(0);
    expect(await cache.get(last, 'day-1')).toBeNull();
  });
});
