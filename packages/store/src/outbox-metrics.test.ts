import { createKafka, createProducer, ensureTopics, newOutboxEntry, type EventProducer } from '@obp/bus';
import { connectDatabase, database, type Connection } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { recordedMetrics, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { AggregateStore } from './aggregate-store';
import { OutboxMetrics } from './outbox-metrics';
import { OutboxRelay } from './outbox-relay';

const logger = createLogger('test', 'silent');

interface Ledger {
  id: string;
  owner: string;
}

const gauge = async (name: string, outbox: string) => (await recordedMetrics()).find((m) => m.descriptor.name === name)?.dataPoints.find((p) => p.attributes.outbox === outbox)?.value;

describe('outbox metrics (real store and Kafka)', () => {
  let db: Connection;
  let producer: EventProducer;
  beforeAll(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('outbox_metrics'));
    producer = createProducer(createKafka(uniqueName('outbox-metrics'), testEnv().kafkaBrokers, logger));
    await producer.connect();
  });
  afterAll(async () => {
    await producer.disconnect();
    await db.close();
  });

  it('reports the backlog counted in the store and the age of the oldest pending event; both are 0 once the relay published them', async () => {
    const topic = uniqueName('ledgers');
    await ensureTopics(createKafka(uniqueName('outbox-metrics'), testEnv().kafkaBrokers, logger), [{ topic, partitions: 1 }]);
    const collection = uniqueName('ledgers').replace(/-/g, '_');
    const store = new AggregateStore<Ledger>(database(db), { collection });
    await store.ensureIndexes();
    const writtenAt = new Date(Date.now() - 90_000);
    for (const id of ['l-1', 'l-2', 'l-3']) await store.insert({ id, owner: 'app' }, [newOutboxEntry({ topic, key: id, type: 'ledger.opened', ownerClientId: 'app', data: {}, now: writtenAt })]);
    await store.insert({ id: 'l-4', owner: 'app' });

    const metrics = new OutboxMetrics(collection, () => store.pendingCount());
    metrics.seen(writtenAt);
    metrics.start();
    expect(await gauge('outbox.backlog', collection)).toBe(3);
    expect(Number(await gauge('outbox.oldest_age', collection))).toBeGreaterThanOrEqual(90);
    metrics.stop();

    const relay = new OutboxRelay({ store, producer, logger });
    relay.start();
    try {
      await waitFor(async () => (await gauge('outbox.backlog', collection)) === 0 && (await gauge('outbox.oldest_age', collection)) === 0, { what: 'the relay to publish the backlog' });
    } finally {
      await relay.stop();
    }
  });

  it('reports the age of the oldest event the relay read while it cannot publish it', async () => {
    const collection = uniqueName('stuck').replace(/-/g, '_');
    const store = new AggregateStore<Ledger>(database(db), { collection });
    await store.ensureIndexes();
    const writtenAt = new Date(Date.now() - 300_000);
    await store.insert({ id: 's-1', owner: 'app' }, [newOutboxEntry({ topic: uniqueName('nowhere'), key: 's-1', type: 'ledger.opened', ownerClientId: 'app', data: {}, now: writtenAt })]);
    // A producer that never connected: every publish fails, as while the broker is away.
    const relay = new OutboxRelay({ store, producer: createProducer(createKafka(uniqueName('outbox-metrics'), testEnv().kafkaBrokers, logger)), logger });
    relay.start();
    try {
      const age = await waitFor(async () => Number(await gauge('outbox.oldest_age', collection)) || undefined, { what: 'the relay to read its pending event' });
      expect(age).toBeGreaterThanOrEqual(300);
      expect(await gauge('outbox.backlog', collection)).toBe(1);
    } finally {
      await relay.stop();
    }
  });
});
