import { createKafka, createProducer, ensureTopics, EventWriter, IdempotentConsumer, type OutboxEntry, type EventProducer } from '@obp/bus';
import { defineEvents, z, type EventEnvelope } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { AggregateStore, ConcurrencyConflict } from './aggregate-store';
import { OutboxRelay } from './outbox-relay';

const logger = createLogger('test', 'silent');

interface Counter {
  id: string;
  owner: string;
  count: number;
}

/** The producer, telling `onSend` of every batch before sending it. */
function watchingSends(producer: EventProducer, onSend: (batch: Parameters<EventProducer['sendBatch']>[0]) => void): EventProducer {
  return new Proxy(producer, {
    get(target, prop, receiver) {
      if (prop !== 'sendBatch') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<EventProducer['sendBatch']>) => {
        onSend(args[0]);
        return target.sendBatch(...args);
      };
    },
  });
}

const counterEvents = (topic: string) => defineEvents(topic, { 'counter.changed': z.object({ count: z.number() }), 'counter.removed': z.object({}), 'counter.noted': z.object({ note: z.string() }) });

describe('aggregate store and outbox relay (real Kafka and store)', () => {
  let db: Connection;
  let producer: EventProducer;
  let topic: string;
  let store: AggregateStore<Counter>;
  let writer: EventWriter<ReturnType<typeof counterEvents>>;
  const kafka = () => createKafka(uniqueName('relay-test'), testEnv().kafkaBrokers, logger);

  beforeEach(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('store'));
    topic = uniqueName('counters');
    await ensureTopics(kafka(), [{ topic, partitions: 1 }]);
    producer = createProducer(kafka());
    await producer.connect();
    store = new AggregateStore<Counter>(database(db), { collection: 'counters' });
    await store.ensureIndexes();
    writer = new EventWriter(counterEvents(topic), topic);
  });
  afterEach(async () => {
    await producer.disconnect();
    await db.close();
  });

  const changed = (c: Counter): OutboxEntry => writer.entry('counter.changed', { key: c.id, ownerClientId: c.owner, data: { count: c.count } });

  /** Every message of the topic, duplicates included, with its event id header. */
  async function readTopic() {
    // Stops once its fetch under way ends: half a second instead of the default 5 s keeps each test short.
    const consumer = kafka().consumer({ groupId: uniqueName('raw'), maxWaitTimeInMs: 500 });
    const ids: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void ids.push(message.headers!['event-id']!.toString()) });
    return { ids, stop: () => consumer.disconnect() };
  }

  it('writes state and event in one document; the relay publishes in order and clears the outbox', async () => {
    const counter = { id: 'c-1', owner: 'app', count: 0 };
    await store.insert(counter, [changed(counter)]);
    for (let n = 1; n <= 3; n++) {
      const outcome = await store.mutate('c-1', (current) => {
        const next = { ...current, count: current.count + 1 };
        return { next, events: [changed(next)], result: next.count };
      });
      expect(outcome).toEqual({ found: true, result: n });
    }
    expect(await store.pendingCount()).toBe(1);
    const relay = new OutboxRelay({ store, producer, logger });
    expect(await relay.publishPending()).toBe(1);
    expect(await store.pendingCount()).toBe(0);
    expect(await store.find('c-1')).toMatchObject({ id: 'c-1', count: 3, version: 4 });

    const topicReader = await readTopic();
    try {
      await waitFor(() => topicReader.ids.length >= 4, { what: 'four events on the topic', timeoutMs: 30_000 });
      const raw = await database(db).collection('counters').findOne({ _id: 'c-1' as never });
      expect(raw).toMatchObject({ outbox: [], hasOutbox: false });
    } finally {
      await topicReader.stop();
    }
  });

  it('publishes a batch of documents in one send, the events of each in order, and clears them all', async () => {
    const counters = Array.from({ length: 30 }, (_, i) => ({ id: `batch-${i}`, owner: 'app', count: 0 }));
    const sent: string[] = [];
    await Promise.all(counters.map((c) => store.insert(c, [changed(c), changed({ ...c, count: 1 })])));
    let sends = 0;
    const counting = watchingSends(producer, (batch) => {
      sends++;
      for (const { messages } of batch.topicMessages ?? []) for (const m of messages) sent.push(`${String(m.key)}:${(JSON.parse(String(m.value)) as { data: { count: number } }).data.count}`);
    });
    expect(await new OutboxRelay({ store, producer: counting, logger }).publishPending()).toBe(30);
    expect(sends).toBe(1);
    expect(await store.pendingCount()).toBe(0);
    expect(sent).toHaveLength(60);
    for (const c of counters) expect(sent.filter((message) => message.startsWith(`${c.id}:`))).toEqual([`${c.id}:0`, `${c.id}:1`]);
  });

  it('clears a published page with a write per version read, not a read and a write per document', async () => {
    const commands: string[] = [];
    const watched = await connectDatabase(testEnv().mongoUri, database(db).databaseName, { onCommand: (event) => void commands.push(event.commandName) });
    try {
      const watchedStore = new AggregateStore<Counter>(database(watched), { collection: 'counters' });
      const counters = Array.from({ length: 40 }, (_, i) => ({ id: `page-${i}`, owner: 'app', count: 0 }));
      await Promise.all(counters.map((c) => watchedStore.insert(c, [changed(c)])));
      // And five removed aggregates, whose documents only wait for their last event.
      for (const c of counters.slice(0, 5)) await watchedStore.mutate(c.id, (current) => ({ remove: true, events: [writer.entry('counter.removed', { key: current.id, ownerClientId: current.owner, data: {} })], result: undefined }));
      commands.length = 0;
      expect(await new OutboxRelay({ store: watchedStore, producer, logger }).publishPending()).toBe(40);
      expect(await watchedStore.pendingCount()).toBe(0);
      expect(await database(db).collection('counters').countDocuments({ _id: { $in: counters.slice(0, 5).map((c) => c.id) } as never })).toBe(0);
      // One read of the page; the 35 outboxes emptied by one update, the 5 removed documents deleted by one delete; no read of each document.
      expect(commands.filter((name) => name === 'find')).toHaveLength(1);
      expect(commands.filter((name) => name === 'update')).toHaveLength(1);
      expect(commands.filter((name) => name === 'delete')).toHaveLength(1);
    } finally {
      await watched.close();
    }
  });

  it('keeps the events an aggregate got while its page was being published, and the next pass publishes them', async () => {
    const counters = Array.from({ length: 12 }, (_, i) => ({ id: `during-${i}`, owner: 'app', count: 0 }));
    await Promise.all(counters.map((c) => store.insert(c, [changed(c)])));
    const sent: string[] = [];
    let firstSend = true;
    // Written after the relay read its page, before it cleared it: one change, one removal, on two documents of the page.
    const writingDuringSend = watchingSends(producer, (batch) => {
      for (const { messages } of batch.topicMessages ?? []) for (const m of messages) sent.push(`${String(m.key)}:${(JSON.parse(String(m.value)) as { data: { count?: number } }).data.count ?? 'removed'}`);
    });
    const writing = new Proxy(writingDuringSend, {
      get(target, prop, receiver) {
        if (prop !== 'sendBatch') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<EventProducer['sendBatch']>) => {
          if (firstSend) {
            firstSend = false;
            await store.mutate('during-3', (current) => {
              const next = { ...current, count: 1 };
              return { next, events: [changed(next)], result: undefined };
            });
            await store.mutate('during-7', (current) => ({ remove: true, events: [writer.entry('counter.removed', { key: current.id, ownerClientId: current.owner, data: {} })], result: undefined }));
          }
          return target.sendBatch(...args);
        };
      },
    });
    const relay = new OutboxRelay({ store, producer: writing, logger });
    expect(await relay.publishPending()).toBe(12);
    expect(await store.pendingCount()).toBe(2);
    expect(await relay.publishPending()).toBe(2);
    expect(await store.pendingCount()).toBe(0);
    expect(sent.filter((m) => m.startsWith('during-3:'))).toEqual(['during-3:0', 'during-3:1']);
    expect(sent.filter((m) => m.startsWith('during-7:'))).toEqual(['during-7:0', 'during-7:removed']);
    expect(sent).toHaveLength(14);
    expect(await database(db).collection('counters').countDocuments({ _id: 'during-7' as never })).toBe(0);
  });

  it('splits a batch whose events exceed what the broker takes in one send, and publishes them all', async () => {
    const note = 'x'.repeat(100_000);
    const counters = Array.from({ length: 12 }, (_, i) => ({ id: `large-${i}`, owner: 'app', count: 0 }));
    for (const c of counters) await store.insert(c, [writer.entry('counter.noted', { key: c.id, ownerClientId: c.owner, data: { note } })]);
    let sends = 0;
    const counting = watchingSends(producer, () => sends++);
    expect(await new OutboxRelay({ store, producer: counting, logger }).publishPending()).toBe(12);
    expect(await store.pendingCount()).toBe(0);
    expect(sends).toBeGreaterThanOrEqual(5);
  });

  it('publishes a document holding more events than one send takes (a fetch of thousands of transactions) in several sends, in order, and clears it once all are out', async () => {
    const note = 'x'.repeat(100_000);
    const big = { id: 'big', owner: 'app', count: 0 };
    const entries = Array.from({ length: 30 }, (_, i) => writer.entry('counter.noted', { key: big.id, ownerClientId: big.owner, data: { note: `${i}:${note}` } }));
    await store.insert(big, entries);
    const small = { id: 'small', owner: 'app', count: 1 };
    await store.insert(small, [changed(small)]);
    const sent: string[] = [];
    const values: string[] = [];
    let sends = 0;
    const counting = watchingSends(producer, (batch) => {
      sends++;
      for (const { messages } of batch.topicMessages!) {
        for (const m of messages) {
          if (m.key !== 'big') continue;
          values.push(String(m.value));
          sent.push((JSON.parse(String(m.value)) as EventEnvelope<{ note: string }>).data.note.split(':')[0]!);
        }
      }
    });
    await new OutboxRelay({ store, producer: counting, logger }).publishPending();
    expect(await store.pendingCount()).toBe(0);
    // 3 MB of events, in sends well under the broker's 1 MiB each; before, one send of them all was refused for good.
    expect(sends).toBeGreaterThanOrEqual(10);
    expect(sent).toEqual(entries.map((_, i) => String(i)));
    // Each published as the JSON the store kept it as (compressed), stamped with the version of the write.
    expect(values).toEqual(entries.map((e) => JSON.stringify({ ...e.envelope, version: 1 })));
  });

  it('publishes the rest of a batch when the broker refuses one document\'s event as too large, and keeps that document waiting, its failure counted', async () => {
    const oversized = { id: 'oversized', owner: 'app', count: 0 };
    await store.insert(oversized, [writer.entry('counter.noted', { key: oversized.id, ownerClientId: oversized.owner, data: { note: 'x'.repeat(1_500_000) } })]);
    const others = Array.from({ length: 3 }, (_, i) => ({ id: `after-${i}`, owner: 'app', count: i }));
    const sent = others.map((c) => changed(c));
    for (const [i, c] of others.entries()) await store.insert(c, [sent[i]!]);
    const read = await readTopic();
    try {
      await expect(new OutboxRelay({ store, producer, logger }).publishPending()).rejects.toMatchObject({ type: 'MESSAGE_TOO_LARGE' });
      expect((await store.withPendingEvents(10)).map((d) => [d._id, d.outbox.map((e) => e.attempts)])).toEqual([['oversized', [1]]]);
      await waitFor(async () => read.ids.length === sent.length);
      expect(read.ids.sort()).toEqual(sent.map((e) => e.eventId).sort());
    } finally {
      await read.stop();
    }
  });

  it('publishes twice when the relay dies between publish and clearing, and an idempotent consumer applies it once', async () => {
    const counter = { id: 'c-2', owner: 'app', count: 7 };
    const entry = changed(counter);
    await store.insert(counter, [entry]);

    let crashes = 1;
    const crashing = new Proxy(producer, {
      get(target, prop, receiver) {
        if (prop !== 'sendBatch') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<EventProducer['sendBatch']>) => {
          const result = await target.sendBatch(...args);
          if (crashes-- > 0) throw new Error('simulated crash after publish');
          return result;
        };
      },
    });
    await expect(new OutboxRelay({ store, producer: crashing, logger }).publishPending()).rejects.toThrow('simulated crash');
    expect(await store.pendingCount()).toBe(1);
    expect(await new OutboxRelay({ store, producer, logger }).publishPending()).toBe(1);
    expect(await store.pendingCount()).toBe(0);

    const consumerDb = await connectDatabase(testEnv().mongoUri, uniqueDbName('consumer'));
    const applied: EventEnvelope[] = [];
    const consumer = new IdempotentConsumer({ kafka: kafka(), groupId: uniqueName('group'), topics: [topic], db: consumerDb, logger, fetchMaxWaitMs: 500, handle: async (e) => void applied.push(e) });
    const topicReader = await readTopic();
    try {
      await consumer.start();
      await waitFor(() => topicReader.ids.length >= 2, { what: 'both copies on the topic', timeoutMs: 30_000 });
      expect(topicReader.ids).toEqual([entry.eventId, entry.eventId]);
      await waitFor(() => applied.length >= 1, { what: 'the event applied', timeoutMs: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(applied.map((e) => e.id)).toEqual([entry.eventId]);
    } finally {
      await topicReader.stop();
      await consumer.stop();
      await consumerDb.close();
    }
  });

  it('removal keeps only the events until they are published, then the document is gone', async () => {
    const counter = { id: 'c-3', owner: 'app', count: 1 };
    await store.insert(counter, []);
    await store.mutate('c-3', (current) => ({ remove: true, events: [writer.entry('counter.removed', { key: current.id, ownerClientId: current.owner, data: {} })], result: undefined }));
    expect(await store.find('c-3')).toBeNull();
    const raw = await database(db).collection('counters').findOne({ _id: 'c-3' as never });
    expect(raw).not.toBeNull();
    expect(raw).not.toHaveProperty('owner');
    expect(raw).not.toHaveProperty('count');
    await new OutboxRelay({ store, producer, logger }).publishPending();
    expect(await database(db).collection('counters').countDocuments({ _id: 'c-3' as never })).toBe(0);
    // Removing an aggregate with nothing to announce deletes it at once.
    await store.insert({ id: 'c-4', owner: 'app', count: 0 });
    await store.mutate('c-4', () => ({ remove: true, result: undefined }));
    expect(await database(db).collection('counters').countDocuments({ _id: 'c-4' as never })).toBe(0);
  });

  it('does not delete, with a stale page of a removed aggregate, the aggregate inserted again under its id since', async () => {
    const counter = { id: 'c-again', owner: 'app', count: 1 };
    await store.insert(counter, [changed(counter)]);
    await store.mutate('c-again', (current) => ({ remove: true, events: [writer.entry('counter.removed', { key: current.id, ownerClientId: current.owner, data: {} })], result: undefined }));
    // A relay reads the page (the removed aggregate at version 2), then stalls; another relay publishes it and deletes it.
    const stalePage = (await store.withPendingEvents(10)).filter((doc) => doc._id === 'c-again');
    expect(stalePage).toMatchObject([{ version: 2, deletedAt: expect.any(Date) }]);
    await new OutboxRelay({ store, producer, logger }).publishPending();
    // The id is used again (a retried create), and one change takes the new aggregate to version 2 as well.
    await store.insert({ ...counter, count: 7 }, []);
    await store.mutate('c-again', (current) => ({ next: { ...current, count: 8 }, events: [changed({ ...current, count: 8 })], result: undefined }));

    await store.clearPublishedPage(stalePage);
    expect(await store.find('c-again')).toMatchObject({ count: 8 });
    expect(await store.pendingCount()).toBe(1);
  });

  it('retries a write another process won with a fresh read, and reports a conflict when it keeps losing', async () => {
    await store.insert({ id: 'c-5', owner: 'app', count: 0 });
    const raw = database(db).collection('counters');
    /** A store whose first `losses` version-checked writes lose to another writer that bumps the document first. */
    const losingStore = (losses: number, maxAttempts: number) => {
      let remaining = losses;
      const interfering = new Proxy(database(db), {
        get(target, prop, receiver) {
          if (prop !== 'collection') return Reflect.get(target, prop, receiver);
          return (name: string) => {
            const collection = target.collection(name);
            return new Proxy(collection, {
              get(c, p, r) {
                if (p !== 'updateOne') return Reflect.get(c, p, r);
                return async (...args: Parameters<typeof collection.updateOne>) => {
                  if (remaining-- > 0) await raw.updateOne({ _id: 'c-5' as never }, { $inc: { version: 1, count: 10 } });
                  return c.updateOne(...args);
                };
              },
            });
          };
        },
      });
      return new AggregateStore<Counter>(interfering, { collection: 'counters', maxAttempts });
    };
    const seen: number[] = [];
    const outcome = await losingStore(1, 3).mutate('c-5', (current) => {
      seen.push(current.count);
      return { next: { ...current, count: current.count + 1 }, result: current.count };
    });
    // The second attempt read the other writer's change and built on it.
    expect(seen).toEqual([0, 10]);
    expect(outcome).toEqual({ found: true, result: 10 });
    expect((await store.find('c-5'))?.count).toBe(11);

    await expect(losingStore(5, 3).mutate('c-5', (current) => ({ next: { ...current, count: -1 }, result: undefined }))).rejects.toBeInstanceOf(ConcurrencyConflict);
    expect((await store.find('c-5'))?.count).not.toBe(-1);
  });
});
