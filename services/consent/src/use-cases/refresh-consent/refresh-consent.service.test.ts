import { EventWriter } from '@obp/bus';
import { consentEvents } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { approve, type Consent } from '../../domain/consent';
import { initializedConsent, t0 } from '../../domain/consent.fixture';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import { RefreshConsentService } from './refresh-consent.service';

const LIMIT = 4;
const owner = 'app-1';

/** One instance of the consent service as far as refreshes go: its own connection, locks and service. */
async function instance(dbName: string): Promise<{ connection: Connection; consents: ConsentRepository; refreshes: RefreshConsentService; history: RefreshRequestRepository }> {
  const connection = await connectDatabase(testEnv().mongoUri, dbName);
  const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
  await consents.store.ensureIndexes();
  const history = new RefreshRequestRepository(connection);
  await history.ensureIndexes();
  const refreshes = new RefreshConsentService(consents, history, new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test')), LIMIT, () => undefined);
  return { connection, consents, refreshes, history };
}

describe('refresh limit (real store)', () => {
  const connections: Connection[] = [];
  afterEach(async () => {
    await database(connections[0]!).dropDatabase();
    await Promise.all(connections.splice(0).map((c) => c.close()));
  });

  it('holds across instances refreshing the same consents at once', async () => {
    const dbName = uniqueDbName('refresh-limit');
    const instances = await Promise.all(Array.from({ length: 4 }, () => instance(dbName)));
    connections.push(...instances.map((i) => i.connection));
    const consentIds = Array.from({ length: 6 }, (_, i) => `c${i}`);
    for (const id of consentIds) await instances[0]!.consents.insert(approve(initializedConsent({ id, ownerClientId: owner, syncMode: 'Manual', dateExpire: new Date(t0.getTime() + 90 * 86_400_000) }), `fetch-${id}`, t0), []);

    // Every instance asks three times for every consent, all at once.
    const outcomes = await Promise.all(consentIds.flatMap((id) => instances.flatMap(({ refreshes }) => [1, 2, 3].map(async () => ({ id, outcome: await refreshes.execute(id, owner) })))));

    for (const id of consentIds) {
      const ofConsent = outcomes.filter((o) => o.id === id).map((o) => o.outcome);
      const refused = ofConsent.flatMap((o) => (o.ok ? [] : [o.error.code]));
      expect({ id, accepted: ofConsent.filter((o) => o.ok).length, refused }).toEqual({ id, accepted: LIMIT, refused: Array(12 - LIMIT).fill('REFRESH_LIMIT_REACHED') });
      expect((await instances[0]!.history.history(id)).times).toHaveLength(LIMIT);
    }
  });

  it('does not count a refresh of a consent that cannot be refreshed', async () => {
    const { connection, consents, refreshes, history } = await instance(uniqueDbName('refresh-limit'));
    connections.push(connection);
    await consents.insert(initializedConsent({ id: 'c2', ownerClientId: owner }), []);

    const outcome = await refreshes.execute('c2', owner);

    expect(outcome.ok ? null : outcome.error.code).toBe('CONFLICT');
    expect(await history.history('c2')).toEqual({ times: [], nextOrdinal: 1 });
  });
});
