import { randomUUID } from 'node:crypto';
import type { ConsentDto, EventEnvelope, TransactionDto } from '@obp/contracts';
import { connectDatabase, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { ConsentData } from './consent-data';

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

describe('ConsentData (real store)', () => {
  let db: Connection;
  let data: ConsentData;
  beforeEach(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('consent_data'));
    data = new ConsentData(db, { historyStart });
    await data.ensureIndexes();
  });
  afterEach(() => db.close());

  it('keeps owner, user, accounts and the transactions inside the window, each event applied twice without effect, and forgets the consent on consent.deleted', async () => {
    const handlers = data.handlers(() => NOW);
    const consentId = randomUUID();
    const userId = randomUUID();
    const accountId = randomUUID();
    const subject = { consentId, userId, externalUserId: 'ext' };
    const inside = transaction(accountId, '2026-10-01T00:00:00.000Z', -12.5);
    const outside = transaction(accountId, '2025-01-01T00:00:00.000Z', -7);
    const created = envelope('consent.created', { ...subject, consent: consent(consentId, userId) });
    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
    const added = envelope('transactions.added', { ...subject, fetchId: 'f1', transactions: [inside, outside] });
    const fetched = envelope('transactions.fetched', { ...subject, fetchId: 'f1', addedTransactionsCount: 2, dateTransactionsUpdated: NOW.toISOString() });
    const meta = { topic: 't', partition: 0, offset: '0', key: consentId };
    for (let round = 0; round < 2; round++) {
      await handlers['consent.created']!(created.data, created, meta);
      await handlers['accounts.updated']!(accounts.data, accounts, meta);
      await handlers['transactions.added']!(added.data, added, meta);
      await handlers['transactions.fetched']!(fetched.data, fetched, meta);
    }
    expect(await data.consent(consentId)).toEqual({ id: consentId, ownerClientId: 'owner-app', userId, externalUserId: 'ext', status: 'Updated', transactionsThrough: NOW });
    expect((await data.consentsOfUser(userId)).map((c) => c.id)).toEqual([consentId]);
    expect(await data.accountNumbers([consentId])).toEqual(['NL91ABNA0417164300']);
    expect((await data.history([consentId], NOW)).map((t) => t.id)).toEqual([inside.id]);

    const deleted = envelope('consent.deleted', { ...subject, accountIds: [accountId] });
    await handlers['consent.deleted']!(deleted.data, deleted, meta);
    expect(await data.consent(consentId)).toBeNull();
    expect(await data.accountNumbers([consentId])).toEqual([]);
    expect(await data.history([consentId], NOW)).toEqual([]);
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
});
