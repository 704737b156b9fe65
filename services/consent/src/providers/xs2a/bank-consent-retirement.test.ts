import { EventWriter } from '@obp/bus';
import { consentEvents } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { approve, MAX_RETIREMENT_ATTEMPTS, type Consent } from '../../domain/consent';
import { initializedConsent } from '../../domain/consent.fixture';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import { ProviderError, type BankProvider } from '../bank-provider';
import { ProviderRegistry } from '../provider-registry';
import { BankAuthorization } from './bank-consent';

describe('deleting at the bank the consents a re-authorisation replaced (real store)', () => {
  let connection: Connection;
  let consents: ConsentRepository;
  const removals: string[] = [];
  const bank = {
    kind: 'bank',
    info: { key: 'stubborn-bank' },
    bankConsent: {
      state: async () => 'pending',
      create: async () => ({}),
      remove: async (id: string) => {
        removals.push(id);
        throw new ProviderError('PROVIDER_UNAVAILABLE', 'The bank answered 500.');
      },
      readsPerDay: 4,
      validityDays: 90,
    },
  } as unknown as BankProvider;
  const now = new Date();
  const replaced = (id: string, until: Date): Consent => ({
    ...approve(initializedConsent({ id, providerKey: 'stubborn-bank', dateExpire: new Date(now.getTime() + 90 * 86_400_000) }), `f-${id}`, now),
    fetch: null,
    bankConsent: { id: `new-${id}`, approach: 'redirect', consentUrl: null, scaStatusLink: null },
    retiredBankConsentIds: [`old-${id}`],
    retirements: [{ id: `old-${id}`, attempts: 0, nextAttemptAt: now, until }],
  });
  const authorizationWith = (registry: ProviderRegistry, bankStillAdded?: (key: string) => Promise<boolean>) =>
    new BankAuthorization(consents, new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test')), registry, () => undefined, createLogger('test', 'silent'), 3_600_000, 15_000, bankStillAdded);

  beforeAll(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('bank-retire'));
    consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
  });
  afterAll(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  it('backs off between attempts and gives up after MAX_RETIREMENT_ATTEMPTS; the consent leaves the poll', async () => {
    await consents.insert(replaced('c-backoff', new Date(now.getTime() + 90 * 86_400_000)), []);
    const authorization = authorizationWith(new ProviderRegistry([bank]));
    removals.length = 0;
    await authorization.pollDue(new Date());
    // The next poll, 2 s on, waits out the back-off.
    await authorization.pollDue(new Date(Date.now() + 2_000));
    expect(removals).toEqual(['old-c-backoff']);
    for (let hour = 2; removals.length < MAX_RETIREMENT_ATTEMPTS + 3; hour += 2) {
      await authorization.pollDue(new Date(Date.now() + hour * 3_600_000));
      if (!(await consents.awaitingBank()).includes('c-backoff')) break;
    }
    expect(removals).toHaveLength(MAX_RETIREMENT_ATTEMPTS);
    expect(await consents.find('c-backoff')).toMatchObject({ retiredBankConsentIds: [], retirements: [] });
    expect(await consents.awaitingBank()).not.toContain('c-backoff');
  });

  it('gives up at once on one whose validity has ended', async () => {
    await consents.insert(replaced('c-ended', new Date(now.getTime() - 1_000)), []);
    removals.length = 0;
    await authorizationWith(new ProviderRegistry([bank])).pollDue(new Date());
    expect(removals).toEqual(['old-c-ended']);
    expect(await consents.awaitingBank()).not.toContain('c-ended');
  });

  it('drops the work of a bank an operator removed; keeps it while the database still has the bank (not reloaded here yet)', async () => {
    await consents.insert(replaced('c-removed', new Date(now.getTime() + 86_400_000)), []);
    await authorizationWith(new ProviderRegistry([]), async () => true).pollDue(new Date());
    expect(await consents.awaitingBank()).toContain('c-removed');
    await authorizationWith(new ProviderRegistry([]), async () => false).pollDue(new Date());
    expect(await consents.find('c-removed')).toMatchObject({ renewal: null, retiredBankConsentIds: [] });
    expect(await consents.awaitingBank()).not.toContain('c-removed');
  });
});
