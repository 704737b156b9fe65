import { EventWriter } from '@obp/bus';
import { consentEvents } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { IdempotencyKeys } from '@obp/service-kit';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import type { Consent } from '../../domain/consent';
import { initializedConsent, t0 } from '../../domain/consent.fixture';
import { AccountRepository } from '../../infrastructure/account.repository';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions, type Mutation } from '../../infrastructure/consent.repository';
import { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import { TransactionRepository } from '../../infrastructure/transaction.repository';
import { StatementImportRepository } from '../../infrastructure/statement-import.repository';
import { EraseConsentService } from '../../use-cases/delete-consent/erase-consent.service';
import { housekeepingDueAt, MaintenanceJob } from './consent-maintenance.job';
import { MaintenanceRounds } from './maintenance-rounds.repository';

const HOUR = 3_600_000;
const logger = createLogger('test', 'silent');
const at = (ms: number) => new Date(t0.getTime() + ms);

const waiting = (id: string): Consent => initializedConsent({ id, externalUserId: id, syncMode: 'Manual' });

/** A consent repository whose writes to the named consents fail while `failing` holds them. */
class FlakyConsents extends ConsentRepository {
  readonly failing = new Set<string>();

  override mutate<T>(id: string, change: (current: Consent) => Mutation<T>) {
    if (this.failing.has(id)) return Promise.reject(new Error('store unavailable'));
    return super.mutate(id, change);
  }
}

describe('maintenance rounds (real store)', () => {
  let connection: Connection;
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  async function testBed(authorizationTimeoutMs = 4 * HOUR) {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('maintenance'));
    const bed = testBedOn(connection, authorizationTimeoutMs);
    await bed.consents.store.ensureIndexes();
    return bed;
  }

  it('reads a consent again in later rounds until its housekeeping was written', async () => {
    const { consents, job } = await testBed();
    await consents.insert(waiting('a'), []);
    await consents.insert(waiting('b'), []);
    await job.runOnce(at(HOUR)); // the database's first round: nothing due yet
    consents.failing.add('a');
    await job.runOnce(at(8 * HOUR)); // both timed out (at 4 h); a's write fails
    expect((await consents.find('b'))?.status).toBe('TimedOut');
    expect((await consents.find('a'))?.status).toBe('Initialized');
    consents.failing.clear();
    // Hours later, far past the round's margin: the failed round was not recorded, so a is read again.
    await job.runOnce(at(30 * HOUR));
    expect((await consents.find('a'))?.status).toBe('TimedOut');
  });

  it('writes consent.expiring once per bank consent, also when the rounds run again after a restart', async () => {
    const first = await testBed();
    const atBank = (id: string): Consent => ({
      ...initializedConsent({ id, externalUserId: id, syncMode: 'Manual', providerKey: 'sandbox-xs2a' }),
      status: 'Updated',
      dateExpire: at(10 * 24 * HOUR),
      bankConsent: { id: `bank-${id}`, approach: 'redirect', consentUrl: null, scaStatusLink: null },
    });
    await first.consents.insert(atBank('x'), []);
    await first.consents.insert({ ...atBank('plain'), bankConsent: null }, []);
    const expiringEvents = async () =>
      (await first.consents.store.withPendingEvents(100)).flatMap((d) => d.outbox).filter((e) => e.envelope.type === 'consent.expiring');
    await first.job.runOnce(at(HOUR));
    expect(await expiringEvents()).toEqual([]);
    // 7 days before dateExpire: announced, once.
    await first.job.runOnce(at(3 * 24 * HOUR));
    await first.job.runOnce(at(3 * 24 * HOUR + HOUR));
    // A restart (the same database, a new job) looks again: nothing more.
    const restarted = testBedOn(connection, 4 * HOUR);
    await restarted.job.runOnce(at(4 * 24 * HOUR));
    const events = await expiringEvents();
    expect(events.map((e) => ({ key: e.key, data: e.envelope.data }))).toEqual([
      { key: 'x/expiring', data: expect.objectContaining({ consentId: 'x', bankConsentId: 'bank-x', validUntil: at(10 * 24 * HOUR).toISOString() }) },
    ]);
    expect((await first.consents.find('x'))?.bankConsent?.expiringAnnounced).toBe(true);
  });

  it('ends, rather than tells of its expiry, a consent at a bank an operator removed', async () => {
    await testBed();
    const { consents, job } = testBedOn(connection, 4 * HOUR, async () => (key) => key !== 'removed-bank');
    const atBank = (id: string, providerKey: string): Consent => ({
      ...initializedConsent({ id, externalUserId: id, syncMode: 'Manual', providerKey }),
      status: 'Updated',
      dateExpire: at(10 * 24 * HOUR),
      bankConsent: { id: `bank-${id}`, approach: 'redirect', consentUrl: null, scaStatusLink: null },
    });
    await consents.insert(atBank('kept', 'sandbox-xs2a'), []);
    await consents.insert(atBank('orphan', 'removed-bank'), []);
    await job.runOnce(at(HOUR));
    await job.runOnce(at(3 * 24 * HOUR + HOUR));
    const events = (await consents.store.withPendingEvents(100)).flatMap((d) => d.outbox).map((e) => ({ type: e.envelope.type, key: e.key }));
    expect(events.filter((e) => e.type === 'consent.expiring')).toEqual([{ type: 'consent.expiring', key: 'kept/expiring' }]);
    expect(await consents.find('orphan')).toMatchObject({ status: 'Invalidated', errors: [expect.objectContaining({ code: 'PROVIDER_REMOVED' })] });
    expect(events).toContainEqual({ type: 'consent.status.updated', key: 'orphan' });
  });

  it('looks at every consent again when the settings of when housekeeping falls due change', async () => {
    const first = await testBed(48 * HOUR);
    await first.consents.insert(waiting('slow'), []);
    await first.job.runOnce(at(HOUR));
    // The timeout is shortened: the consent stored "due in 48 h" but is due now under the new settings.
    const { consents, job } = testBedOn(connection, 2 * HOUR);
    await job.runOnce(at(3 * HOUR));
    expect((await consents.find('slow'))?.status).toBe('TimedOut');
  });
});

/** The consent service's maintenance over `connection` (opened again: a restart, e.g. after a configuration change). */
function testBedOn(connection: Connection, authorizationTimeoutMs: number, banksKnown?: () => Promise<(providerKey: string) => boolean>) {
  const settings = { intervalMs: 60_000, authorizationTimeoutMs, dailySyncAgeMs: 24 * HOUR, expiringNoticeMs: 7 * 24 * HOUR };
  const consents = new FlakyConsents(new AggregateStore<Consent>(database(connection), consentStoreOptions((c) => housekeepingDueAt(c, settings))));
  const refreshRequests = new RefreshRequestRepository(connection);
  const events = new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test'));
  const erase = new EraseConsentService(consents, new AccountRepository(connection), new TransactionRepository(connection), refreshRequests, new StatementImportRepository(connection), events, new IdempotencyKeys(database(connection)), logger);
  return { consents, job: new MaintenanceJob(consents, refreshRequests, new MaintenanceRounds(connection), erase, events, settings, logger, () => undefined, banksKnown) };
}
