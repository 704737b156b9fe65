import type { Kafka } from 'kafkajs';
import { createKafka, createProducer, ensureTopics, EventWriter, IdempotentConsumer, type EventProducer } from '@obp/bus';
import { defineEvents, z } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { AggregateStore } from './aggregate-store';
import { OutboxRelay } from './outbox-relay';

const logger = createLogger('test', 'silent');

interface Counter {
  id: string;
  owner: string;
  count: number;
}

const counterEvents = (topic: string) => defineEvents(topic, { 'counter.changed': z.object({ count: z.number() }) });

/** A message of the topic as a consumer got it, in the order it got them (one partition's in offset order). */
interface Received {
  key: string;
  eventId: string;
}

/** A message a relay sends: its aggregate, event id and the aggregate's count (its version) the event announces. */
interface Sent {
  key: string;
  eventId: string;
  count: number;
}

type BeforeSend = (messages: Sent[], send: number) => Promise<void> | void;

/**
 * The producer, awaiting `beforeSend` (told the send's messages and which send of this producer it is, from 1)
 * before each send; `sent` holds what the broker acknowledged.
 */
function gatedProducer(producer: EventProducer, beforeSend: BeforeSend): { producer: EventProducer; sent: Sent[] } {
  const sent: Sent[] = [];
  let sends = 0;
  const gated = new Proxy(producer, {
    get(target, prop, receiver) {
      if (prop !== 'sendBatch') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<EventProducer['sendBatch']>) => {
        const messages = (args[0].topicMessages ?? []).flatMap((t) =>
          t.messages.map((m) => ({ key: String(m.key), eventId: String(m.headers?.['event-id']), count: (JSON.parse(String(m.value)) as { data: { count: number } }).data.count })),
        );
        await beforeSend(messages, ++sends);
        const result = await target.sendBatch(...args);
        sent.push(...messages);
        return result;
      };
    },
  });
  return { producer: gated, sent };
}

/** Per aggregate, the ids in the order each first came: what a consumer that drops duplicates by id sees. */
function firstOccurrences(received: readonly Received[]): Record<string, string[]> {
  const seen = new Set<string>();
  const firsts: Record<string, string[]> = {};
  for (const { key, eventId } of received) {
    if (seen.has(eventId)) continue;
    seen.add(eventId);
    (firsts[key] ??= []).push(eventId);
  }
  return firsts;
}

/**
 * Two relays over one outbox (one collection, one topic), as two instances of a service run them: the documented
 * guarantee (docs/architecture.md, "Outbox relays") is that every entry is published and that the FIRST occurrence
 * of each entry comes in its aggregate's outbox order; later occurrences are duplicates, which consumers drop by
 * event id.
 */
describe('two outbox relays over one outbox (real Kafka and store)', () => {
  const cleanup = new Cleanup();
  let topic: string;
  let collection: string;
  let dbName: string;
  let writer: EventWriter<ReturnType<typeof counterEvents>>;
  const kafka = (name: string): Kafka => createKafka(uniqueName(name), testEnv().kafkaBrokers, logger);

  beforeEach(async () => {
    topic = uniqueName('counters');
    // Three partitions, as the platform's topics have: aggregates share partitions, each keeps to one.
    await ensureTopics(kafka('relays-test'), [{ topic, partitions: 3 }]);
    collection = uniqueName('counters').replace(/-/g, '_');
    dbName = uniqueDbName('relays');
    writer = new EventWriter(counterEvents(topic), topic);
  });
  afterEach(() => cleanup.run());

  async function connect(): Promise<Connection> {
    const db = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => db.close());
    return db;
  }

  /** One instance's store over `db`, and its relay sending through its own Kafka client and producer. */
  async function instance(db: Connection, name: string, beforeSend: BeforeSend = () => undefined) {
    const store = new AggregateStore<Counter>(database(db), { collection });
    await store.ensureIndexes();
    const producer = createProducer(kafka(name));
    await producer.connect();
    cleanup.add(() => producer.disconnect());
    const gated = gatedProducer(producer, beforeSend);
    const relay = new OutboxRelay({ store, producer: gated.producer, logger, pollIntervalMs: 100, batchSize: 8 });
    cleanup.add(() => relay.stop());
    return { store, relay, sent: gated.sent };
  }

  /**
   * Writes `aggregates` counters at once, each `writes` times in turn (created, then changed), every write
   * through the next store of `stores` (as requests reach either instance), each write queuing one entry.
   * Returns each aggregate's entry ids in version order.
   */
  async function writeConcurrently(stores: ReadonlyArray<AggregateStore<Counter>>, aggregates: number, writes: number): Promise<Record<string, string[]>> {
    const written: Record<string, string[]> = {};
    const changed = (c: Counter) => writer.entry('counter.changed', { key: c.id, ownerClientId: c.owner, data: { count: c.count } });
    await Promise.all(
      Array.from({ length: aggregates }, async (_, i) => {
        const id = `counter-${i}`;
        const counter = { id, owner: 'app', count: 1 };
        const created = changed(counter);
        await stores[i % stores.length]!.insert(counter, [created]);
        const ids = [created.eventId];
        for (let n = 2; n <= writes; n++) {
          const outcome = await stores[(i + n) % stores.length]!.mutate(id, (current) => {
            const next = { ...current, count: current.count + 1 };
            const entry = changed(next);
            return { next, events: [entry], result: { entry, count: next.count } };
          });
          if (!outcome.found) throw new Error(`${id} vanished`);
          expect(outcome.result.count).toBe(n);
          ids.push(outcome.result.entry.eventId);
        }
        written[id] = ids;
      }),
    );
    return written;
  }

  /** Every message of the topic from its beginning, duplicates included. */
  async function readTopic(): Promise<Received[]> {
    const consumer = kafka('raw').consumer({ groupId: uniqueName('raw'), maxWaitTimeInMs: 500 });
    const received: Received[] = [];
    await consumer.connect();
    cleanup.add(() => consumer.disconnect());
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void received.push({ key: String(message.key), eventId: String(message.headers?.['event-id']) }) });
    return received;
  }

  /**
   * What an `IdempotentConsumer` (processed ids in its own database) applies, per aggregate, in the order it
   * applies them; `caughtUp()` once its group has committed every message of the topic.
   */
  async function applyIdempotently(): Promise<{ applied: Record<string, string[]>; caughtUp: () => Promise<boolean> }> {
    const consumerDb = await connectDatabase(testEnv().mongoUri, uniqueDbName('consumer'));
    cleanup.add(() => consumerDb.close());
    const applied: Record<string, string[]> = {};
    const groupId = uniqueName('group');
    const admin = kafka('admin').admin();
    await admin.connect();
    cleanup.add(() => admin.disconnect());
    const consumer = new IdempotentConsumer({
      kafka: kafka('consumer'),
      groupId,
      topics: [topic],
      db: consumerDb,
      logger,
      // A consumer stops once its fetch under way ends: half a second instead of the default 5 s keeps the test short.
      fetchMaxWaitMs: 500,
      handle: async (event, meta) => void (applied[meta.key!] ??= []).push(event.id),
    });
    cleanup.add(() => consumer.stop());
    await consumer.start();
    const caughtUp = async () => {
      const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return committed!.partitions.every(({ partition, offset }) => Number(offset) === ends.get(partition) || (ends.get(partition) === 0 && Number(offset) < 0));
    };
    return { applied, caughtUp };
  }

  /** Waits until the outbox is empty and every written entry came at least once; the ids that did not. */
  async function missingAfterDrain(store: AggregateStore<Counter>, written: Record<string, string[]>, received: readonly Received[]): Promise<string[]> {
    await waitFor(async () => (await store.pendingCount()) === 0, { what: 'the relays to empty the outbox', timeoutMs: 60_000, intervalMs: 200 });
    const ids = Object.values(written).flat();
    const missing = () => {
      const got = new Set(received.map((r) => r.eventId));
      return ids.filter((id) => !got.has(id));
    };
    await waitFor(() => missing().length === 0, { what: 'every entry on the topic', timeoutMs: 30_000, intervalMs: 200 }).catch(() => undefined);
    return missing();
  }

  it('each on its own store connection, drain an outbox written at once: every entry arrives, the first occurrences per aggregate in version order, applied once each', async () => {
    const [dbA, dbB] = [await connect(), await connect()];
    // Both relays read before either sends: they send the same documents (as two instances woken by one poll do).
    let atFirstSend = 0;
    const bothAtFirstSend = async (_messages: Sent[], send: number) => {
      if (send !== 1) return;
      atFirstSend++;
      await waitFor(() => atFirstSend >= 2, { what: 'both relays at their first send', timeoutMs: 30_000, intervalMs: 10 });
    };
    const a = await instance(dbA, 'instance-a', bothAtFirstSend);
    const b = await instance(dbB, 'instance-b', bothAtFirstSend);
    const written = await writeConcurrently([a.store, b.store], 30, 5);
    expect(await a.store.pendingCount()).toBe(30);

    const received = await readTopic();
    const consumer = await applyIdempotently();
    a.relay.start();
    b.relay.start();

    expect(await missingAfterDrain(a.store, written, received)).toEqual([]);
    // Both passes over (a stalled send lands), then what came is complete.
    await Promise.all([a.relay.stop(), b.relay.stop()]);
    expect(firstOccurrences(received)).toEqual(written);
    // Each relay sent, and some entries twice: the duplicates the guarantee allows.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect(a.sent.filter((m) => b.sent.some((n) => n.eventId === m.eventId)).length).toBeGreaterThan(0);
    // Every copy consumed, duplicates included: each entry applied once, per aggregate in version order.
    await waitFor(consumer.caughtUp, { what: 'the idempotent consumer to consume every message', timeoutMs: 30_000, intervalMs: 200 });
    expect(consumer.applied).toEqual(written);
  });

  it('drain while both instances write, one relay stalling with a stale batch: every entry arrives, the first occurrences per aggregate in version order, applied once each', async () => {
    // Each instance on its own connection: the version check keeps the writes of one document apart, on the local
    // store too (docs/decisions.md, "(issue 29) The local store keeps single-document atomicity").
    const [dbA, dbB] = [await connect(), await connect()];
    const b = await instance(dbB, 'instance-b');
    // Relay A runs first and holds its first batch until relay B, started only then, has published a newer entry of
    // an aggregate in it: A's batch is then stale and comes after that newer entry. B read the document while A
    // held the batch, so B's send carried A's entries too, before the newer one. (A relay that cleared entries before
    // sending them would have left B only the newer entry to send: its first occurrence would precede the older one's.)
    let holding: () => void = () => undefined;
    const aHolds = new Promise<void>((resolve) => (holding = resolve));
    let stalledBehindNewer = false;
    const a = await instance(dbA, 'instance-a', async (messages, send) => {
      if (send !== 1) return;
      holding();
      const held = new Map<string, number>();
      for (const m of messages) held.set(m.key, Math.max(m.count, held.get(m.key) ?? 0));
      const newer = () => b.sent.some((m) => m.count > (held.get(m.key) ?? Infinity));
      stalledBehindNewer = await waitFor(newer, { what: 'relay B to publish a newer entry of an aggregate relay A holds', timeoutMs: 30_000, intervalMs: 10 }).catch(() => false);
    });
    const received = await readTopic();
    const consumer = await applyIdempotently();
    a.relay.start();
    const writes = writeConcurrently([a.store, b.store], 30, 6);
    await Promise.race([aHolds, writes]);
    b.relay.start();

    const written = await writes;
    expect(await missingAfterDrain(a.store, written, received)).toEqual([]);
    // Both passes over (a stalled send lands), then what came is complete.
    await Promise.all([a.relay.stop(), b.relay.stop()]);
    expect(firstOccurrences(received)).toEqual(written);
    expect(stalledBehindNewer).toBe(true);
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    // Every copy consumed, duplicates included: each entry applied once, per aggregate in version order.
    await waitFor(consumer.caughtUp, { what: 'the idempotent consumer to consume every message', timeoutMs: 30_000, intervalMs: 200 });
    expect(consumer.applied).toEqual(written);
  });
});
