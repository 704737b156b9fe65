import { randomUUID } from 'node:crypto';
import { createKafka } from '@obp/bus';
import { ConsentData, ConsentResultCache, type ResultSlotRecord } from '@obp/consent-data';
import type { ConsentDto, EventEnvelope, TransactionDto } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { detectSequences } from '@obp/sequencing';
import { ShareGrants } from '@obp/share-grants';
import { compressedJson } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { historyStart } from '../../domain/history-window';
import { GetSequencingService, type Sequencing, type SequenceDetector } from './get-sequencing.service';

const NOW = new Date('2026-11-01T12:00:00Z');
const OWNER = 'owner-app';
const logger = createLogger('test', 'silent');
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const envelope = <K extends string, T>(type: K, data: T): EventEnvelope<T, K> => ({ id: randomUUID(), type, version: 1, occurredAt: NOW.toISOString(), ownerClientId: OWNER, data });
const meta = (consentId: string) => ({ topic: 't', partition: 0, offset: '0', key: consentId });

const consentDto = (id: string): ConsentDto => ({
  id,
  status: 'Updated',
  dateStatusUpdated: NOW.toISOString(),
  dateRequested: NOW.toISOString(),
  dateExpire: NOW.toISOString(),
  dateTransactionsUpdated: NOW.toISOString(),
  providerKey: 'sandbox-retail',
  countryCode: 'NL',
  userId: null,
  externalUserId: 'ext',
  syncMode: null,
  redirectUrl: 'https://example.com',
  errors: [],
});

/** One payment a month on the given day, `months` months up to October 2026. */
const monthly = (accountId: string, counterpartName: string, day: number, amount: number, months: number): TransactionDto[] =>
  Array.from({ length: months }, (_, i) => ({
    id: randomUUID(),
    accountId,
    amount,
    currency: 'EUR',
    bookingDate: new Date(Date.UTC(2026, 9 - i, day)).toISOString(),
    valueDate: null,
    description: counterpartName,
    counterpartName,
    counterpartAccountNumber: null,
    transactionType: 'tb',
    transactionTypeName: null,
    reasonCode: null,
    purposeCode: null,
  }));

interface TestBed {
  db: Connection;
  data: ConsentData;
  /** A service as one replica runs it: its own cache handle on the shared database. */
  replica(parts?: { cache?: ConsentResultCache<Sequencing> }): GetSequencingService;
  /** Calls of the detector, by every replica. */
  detections(): number;
  /** A consent with a year of salary, its account and a completed fetch. */
  connectedConsent(): Promise<{ consentId: string; accountId: string }>;
  apply: ReturnType<ConsentData['handlers']>;
}

async function testBed(): Promise<TestBed> {
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('sequencing_cache'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const data = new ConsentData(db, { historyStart });
  await data.ensureIndexes();
  const apply = data.handlers(() => NOW);
  const grants = new ShareGrants({ kafka: createKafka('sequencing-cache-test', testEnv().kafkaBrokers, logger), db, logger, topic: 'unused', groupId: 'unused' });
  let detections = 0;
  const counted: SequenceDetector = (transactions, options) => {
    detections++;
    return detectSequences(transactions, options);
  };
  return {
    db,
    data,
    apply,
    detections: () => detections,
    replica: ({ cache = new ConsentResultCache<Sequencing>(db) } = {}) => new GetSequencingService(data, grants, cache, counted),
    async connectedConsent() {
      const consentId = randomUUID();
      const accountId = randomUUID();
      const subject = { consentId, userId: null, externalUserId: 'ext' };
      const created = envelope('consent.created', { ...subject, consent: consentDto(consentId) });
      const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
      const added = envelope('transactions.added', { ...subject, fetchId: 'f1', transactions: monthly(accountId, 'Employer', 25, 2500, 12) });
      const fetched = envelope('transactions.fetched', { ...subject, fetchId: 'f1', addedTransactionsCount: 12, dateTransactionsUpdated: NOW.toISOString() });
      await apply['consent.created']!(created.data, created, meta(consentId));
      await apply['accounts.updated']!(accounts.data, accounts, meta(consentId));
      await apply['transactions.added']!(added.data, added, meta(consentId));
      await apply['transactions.fetched']!(fetched.data, fetched, meta(consentId));
      return { consentId, accountId };
    },
  };
}

const slots = (db: Connection) => database(db).collection<ResultSlotRecord>('consent_results');
const slotOf = (db: Connection, consentId: string) => slots(db).findOne({ _id: consentId });

describe('GetSequencingService: one computation per consent, fetch and day (real store)', () => {
  it('computes a consent’s sequencing once and answers every later request of the day, on any replica, from the cache', async () => {
    const bed = await testBed();
    const { consentId } = await bed.connectedConsent();
    const first = await bed.replica().forConsent(consentId, OWNER, NOW);
    expect(first!.incomeSequences.map((s) => s.transactions.length)).toEqual([12]);
    expect(bed.detections()).toBe(1);

    const later = await bed.replica().forConsent(consentId, OWNER, new Date('2026-11-01T23:59:59.999Z'));
    expect(later).toEqual(first);
    expect(bed.detections()).toBe(1);

    // The result depends on the day (status, due periods, the window): the next day computes again.
    await bed.replica().forConsent(consentId, OWNER, new Date('2026-11-02T00:00:00Z'));
    expect(bed.detections()).toBe(2);
  });

  it('answers nothing from the cache to an app that may not read the consent', async () => {
    const bed = await testBed();
    const { consentId } = await bed.connectedConsent();
    expect(await bed.replica().forConsent(consentId, OWNER, NOW)).not.toBeNull();
    expect(await bed.replica().forConsent(consentId, 'another-app', NOW)).toBeNull();
    expect(bed.detections()).toBe(1);
  });

  it('takes an entry cached as a JSON string by an earlier version for a miss, and replaces it with a gzipped one', async () => {
    const bed = await testBed();
    const { consentId } = await bed.connectedConsent();
    const first = await bed.replica().forConsent(consentId, OWNER, NOW);
    const { resultGzip: _, ...entry } = (await slotOf(bed.db, consentId))!.cached!;
    await database(bed.db).collection<{ _id: string }>('consent_results').replaceOne({ _id: consentId }, { cached: { ...entry, resultJson: JSON.stringify({ incomeSequences: [] }) } });

    expect(await bed.replica().forConsent(consentId, OWNER, NOW)).toEqual(first);
    expect(bed.detections()).toBe(2);
    expect((await slotOf(bed.db, consentId))!.cached!.resultGzip).toBeDefined();
  });

  it('computes again once new transactions, accounts or a fetch have arrived', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.connectedConsent();
    const service = bed.replica();
    const subject = { consentId, userId: null, externalUserId: 'ext' };
    expect((await service.forConsent(consentId, OWNER, NOW))!.expenseSequences).toEqual([]);

    const rent = monthly(accountId, 'Landlord', 1, -950, 6);
    const added = envelope('transactions.added', { ...subject, fetchId: 'f2', transactions: rent });
    await bed.apply['transactions.added']!(added.data, added, meta(consentId));
    const withRent = await service.forConsent(consentId, OWNER, NOW);
    expect(withRent!.expenseSequences.map((s) => s.transactions.map((t) => t.id).sort())).toEqual([rent.map((t) => t.id).sort()]);
    expect(await service.forConsent(consentId, OWNER, NOW)).toEqual(withRent);
    expect(bed.detections()).toBe(2);

    const fetched = envelope('transactions.fetched', { ...subject, fetchId: 'f2', addedTransactionsCount: rent.length, dateTransactionsUpdated: NOW.toISOString() });
    await bed.apply['transactions.fetched']!(fetched.data, fetched, meta(consentId));
    await service.forConsent(consentId, OWNER, NOW);
    expect(bed.detections()).toBe(3);

    // The landlord's account becomes one of the consent's own: rent is a transfer between own accounts now.
    const landlordIban = 'NL02ABNA0123456789';
    const ownRent = monthly(accountId, 'Landlord', 1, -950, 6).map((t) => ({ ...t, counterpartName: 'Own savings', description: 'Own savings', counterpartAccountNumber: landlordIban }));
    const ownAdded = envelope('transactions.added', { ...subject, fetchId: 'f3', transactions: ownRent });
    await bed.apply['transactions.added']!(ownAdded.data, ownAdded, meta(consentId));
    expect((await service.forConsent(consentId, OWNER, NOW))!.expenseSequences.length).toBe(2);
    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: randomUUID(), consentId, iban: landlordIban, name: 'Savings', type: 'Savings', currency: 'EUR', ownerName: 'A' }] });
    await bed.apply['accounts.updated']!(accounts.data, accounts, meta(consentId));
    expect((await service.forConsent(consentId, OWNER, NOW))!.expenseSequences.length).toBe(1);
    expect(bed.detections()).toBe(5);
  });

  it('computes once for requests that miss the cache together', async () => {
    const bed = await testBed();
    const { consentId } = await bed.connectedConsent();
    const service = bed.replica();
    const answers = await Promise.all([1, 2, 3, 4].map(() => service.forConsent(consentId, OWNER, NOW)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(bed.detections()).toBe(1);
  });

  it('makes no cache slot for a data event that arrives after the consent was erased', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.connectedConsent();
    const deleted = envelope('consent.deleted', { consentId, userId: null, externalUserId: 'ext', accountIds: [accountId] });
    await bed.apply['consent.deleted']!(deleted.data, deleted, meta(consentId));
    const late = envelope('transactions.added', { consentId, userId: null, externalUserId: 'ext', fetchId: 'late', transactions: monthly(accountId, 'Late', 3, -10, 2) });
    await bed.apply['transactions.added']!(late.data, late, meta(consentId));
    expect(await slotOf(bed.db, consentId)).toBeNull();
  });

  it('erases the cached sequencing with the consent on consent.deleted and never answers with it', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.connectedConsent();
    const service = bed.replica();
    expect(await service.forConsent(consentId, OWNER, NOW)).not.toBeNull();
    const slot = await slotOf(bed.db, consentId);
    expect(slot?.cached ? compressedJson.decode(slot.cached.resultGzip) : null).toMatchObject({ incomeSequences: [expect.anything()] });

    const deleted = envelope('consent.deleted', { consentId, userId: null, externalUserId: 'ext', accountIds: [accountId] });
    await bed.apply['consent.deleted']!(deleted.data, deleted, meta(consentId));
    expect(await slotOf(bed.db, consentId)).toBeNull();
    expect(await service.forConsent(consentId, OWNER, NOW)).toBeNull();
    expect(await slotOf(bed.db, consentId)).toBeNull();
  });

  it('leaves no cached sequencing behind when the consent is erased while it is being computed', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.connectedConsent();
    const deleted = envelope('consent.deleted', { consentId, userId: null, externalUserId: 'ext', accountIds: [accountId] });
    const erase = () => bed.apply['consent.deleted']!(deleted.data, deleted, meta(consentId));
    /** The erasure lands after the computation has read the consent and its data, before its result is stored. */
    class ErasedBeforeStore extends ConsentResultCache<Sequencing> {
      override async store(...args: Parameters<ConsentResultCache<Sequencing>['store']>): Promise<void> {
        await erase();
        await super.store(...args);
      }
    }
    const computed = await bed.replica({ cache: new ErasedBeforeStore(bed.db) }).forConsent(consentId, OWNER, NOW);
    expect(computed!.incomeSequences.length).toBe(1);
    expect(bed.detections()).toBe(1);
    expect(await slotOf(bed.db, consentId)).toBeNull();
    expect(await bed.replica().forConsent(consentId, OWNER, NOW)).toBeNull();
  });

  it('does not answer with a result computed from data read before new transactions arrived', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.connectedConsent();
    const added = envelope('transactions.added', { consentId, userId: null, externalUserId: 'ext', fetchId: 'f2', transactions: monthly(accountId, 'Landlord', 1, -950, 6) });
    /** The new transactions land after the computation has read the consent and its data, before its result is stored. */
    class NewDataBeforeStore extends ConsentResultCache<Sequencing> {
      override async store(...args: Parameters<ConsentResultCache<Sequencing>['store']>): Promise<void> {
        await bed.apply['transactions.added']!(added.data, added, meta(consentId));
        await super.store(...args);
      }
    }
    expect((await bed.replica({ cache: new NewDataBeforeStore(bed.db) }).forConsent(consentId, OWNER, NOW))!.expenseSequences).toEqual([]);
    expect((await bed.replica().forConsent(consentId, OWNER, NOW))!.expenseSequences.length).toBe(1);
    expect(bed.detections()).toBe(2);
  });
});
