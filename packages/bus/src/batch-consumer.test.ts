import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage, Message } from 'kafkajs';
import { deadLetterTopic, type EventEnvelope } from '@obp/contracts';
import { connectDatabase, type Connection, type mongo } from '@obp/db';
import { createLogger, type InMemorySpanExporter } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { IdempotentConsumer, NonRetriableError, TransientError, type BatchHandler, type BatchItem } from './consumer';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';
import { traceHeaders } from './trace-headers';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function envelope(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'test-app', data };
}

const message = (event: EventEnvelope, key: string): Message => ({ key, value: JSON.stringify(event) });

interface TestBed {
  kafka: Kafka;
  topic: string;
  groupId: string;
  db: Connection;
  producer: EventProducer;
  /** Commands sent to the test's database, in order. */
  commands: mongo.CommandStartedEvent[];
}

async function testBed(partitions = 1): Promise<TestBed> {
  const kafka = createKafka(uniqueName('batch-test'), testEnv().kafkaBrokers, logger);
  const topic = uniqueName('batch-test');
  await ensureTopics(kafka, [{ topic, partitions }]);
  const commands: mongo.CommandStartedEvent[] = [];
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('batch_test'), { onCommand: (event) => commands.push(event) });
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const producer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  return { kafka, topic, groupId: uniqueName('group'), db, producer, commands };
}

/** Runs of items `applyBatch` returned from, in order. */
async function startBatchConsumer(bed: TestBed, applyBatch: BatchHandler = async () => undefined): Promise<{ consumer: IdempotentConsumer; runs: BatchItem[][] }> {
  const runs: BatchItem[][] = [];
  const consumer = new IdempotentConsumer({
    kafka: bed.kafka,
    groupId: bed.groupId,
    topics: [bed.topic],
    db: bed.db,
    logger,
    retry: { attempts: 3, initialDelayMs: 20, maxDelayMs: 100 },
    // A consumer stops once its fetch under way ends: half a second instead of the default 5 s keeps each test short.
    fetchMaxWaitMs: 500,
    applyBatch: async (items) => {
      await applyBatch(items);
      runs.push(items);
    },
  });
  cleanup.add(() => consumer.stop());
  await consumer.start();
  return { consumer, runs };
}

const appliedEventIds = (runs: BatchItem[][]) => runs.flat().flatMap((item) => ('event' in item ? [item.event.id] : []));

/** Every message of `topic`, read by a plain kafkajs consumer of its own group. */
async function readTopic(kafka: Kafka, topic: string): Promise<KafkaMessage[]> {
  const messages: KafkaMessage[] = [];
  const reader = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
  cleanup.add(() => reader.disconnect());
  await reader.connect();
  await reader.subscribe({ topic, fromBeginning: true });
  await reader.run({ eachMessage: async ({ message: m }) => void messages.push(m) });
  return messages;
}

/** Commands of `name` (`insert`, `find`, ...) on `collection`. */
const commandsOn = (bed: TestBed, name: string, collection: string) => bed.commands.filter((c) => c.commandName === name && c.command[name] === collection);

describe('IdempotentConsumer with applyBatch', () => {
  it('hands a fetched run of many keys to applyBatch at once, in partition order, and reads and records its event ids with one query each', async () => {
    const bed = await testBed();
    const events = Array.from({ length: 300 }, (_, n) => ({ key: `aggregate-${n % 60}`, event: envelope('thing.happened', { n }) }));
    // One send before the consumer starts: its first fetch gets them all.
    await bed.producer.send({ topic: bed.topic, messages: events.map(({ event, key }) => message(event, key)) });
    const { runs } = await startBatchConsumer(bed);
    await waitFor(() => appliedEventIds(runs).length === events.length, { ...WAIT, what: 'every event applied' });
    // Recorded after applyBatch returns.
    await waitFor(async () => (await bed.db.collection('processed_events').countDocuments({})) === events.length, { ...WAIT, what: 'every event recorded' });

    expect(runs).toHaveLength(1);
    expect(appliedEventIds(runs)).toEqual(events.map(({ event }) => event.id));
    expect(runs[0]!.map((item) => item.meta.key)).toEqual(events.map(({ key }) => key));
    const processedReads = commandsOn(bed, 'find', 'processed_events');
    const processedWrites = commandsOn(bed, 'insert', 'processed_events');
    expect(processedReads).toHaveLength(1);
    expect(processedWrites).toHaveLength(1);
    expect((processedWrites[0]!.command.documents as Array<{ eventId: string }>).map((d) => d.eventId)).toEqual(events.map(({ event }) => event.id));
  });

  it('leaves out of a run the events its group processed before, and passes tombstones on in their place', async () => {
    const bed = await testBed();
    const [first, second, third] = [envelope('thing.happened'), envelope('thing.happened'), envelope('thing.happened')];
    const firstRun = await startBatchConsumer(bed);
    await bed.producer.send({ topic: bed.topic, messages: [message(first!, 'a'), message(second!, 'b')] });
    await waitFor(() => appliedEventIds(firstRun.runs).includes(second!.id), { ...WAIT, what: 'the first two applied' });
    await firstRun.consumer.stop();

    const secondRun = await startBatchConsumer(bed);
    await bed.producer.send({ topic: bed.topic, messages: [message(first!, 'a'), { key: 'a', value: null }, message(second!, 'b'), message(third!, 'c')] });
    await waitFor(() => appliedEventIds(secondRun.runs).includes(third!.id), { ...WAIT, what: 'the third applied' });

    expect(secondRun.runs.flat().map((item) => ('event' in item ? item.event.id : `tombstone ${item.tombstone}`))).toEqual(['tombstone a', third!.id]);
  });

  it('dead-letters a poison event and an unreadable message alone, and applies the rest of their run', async () => {
    const bed = await testBed();
    const good = Array.from({ length: 40 }, (_, n) => envelope('thing.happened', { n }));
    const poison = envelope('thing.happened', { poison: true });
    const messages: Message[] = [
      ...good.slice(0, 15).map((e, n) => message(e, `key-${n}`)),
      message(poison, 'poisoned-key'),
      ...good.slice(15, 30).map((e, n) => message(e, `key-${n + 15}`)),
      { key: 'garbled-key', value: 'not json' },
      ...good.slice(30).map((e, n) => message(e, `key-${n + 30}`)),
    ];
    await bed.producer.send({ topic: bed.topic, messages });
    const { runs } = await startBatchConsumer(bed, async (items) => {
      if (items.some((item) => 'event' in item && item.event.id === poison.id)) throw new NonRetriableError('cannot apply this one');
    });
    await waitFor(() => good.every((e) => appliedEventIds(runs).includes(e.id)), { ...WAIT, what: 'every good event applied' });

    expect(appliedEventIds(runs).sort()).toEqual(good.map((e) => e.id).sort());
    const deadLetters = await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId));
    await waitFor(() => deadLetters.length >= 2, { ...WAIT, what: 'two dead letters' });
    expect(deadLetters.map((m) => m.key?.toString()).sort()).toEqual(['garbled-key', 'poisoned-key']);
    expect(deadLetters.find((m) => m.key?.toString() === 'poisoned-key')!.value!.toString()).toBe(JSON.stringify(poison));
  });

  it('applies one at a time, with retries, a run whose applyBatch failed, and dead-letters nothing when the retries succeed', async () => {
    const bed = await testBed();
    const events = Array.from({ length: 10 }, (_, n) => envelope('thing.happened', { n }));
    const flaky = events[4]!;
    let failuresLeft = 3;
    await bed.producer.send({ topic: bed.topic, messages: events.map((e, n) => message(e, `key-${n}`)) });
    const { runs } = await startBatchConsumer(bed, async (items) => {
      if (items.some((item) => 'event' in item && item.event.id === flaky.id) && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('the handler failed this time');
      }
    });
    const sentinel = envelope('sentinel');
    await bed.producer.send({ topic: bed.topic, messages: [message(sentinel, 'key-0')] });
    await waitFor(() => appliedEventIds(runs).includes(sentinel.id), { ...WAIT, what: 'the sentinel applied' });

    // The run failed once; one at a time, the flaky event failed twice more and then was applied, in its place.
    expect(appliedEventIds(runs)).toEqual([...events, sentinel].map((e) => e.id));
    expect(failuresLeft).toBe(0);
    expect(await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId)).then((m) => m.filter((x) => x.value !== null))).toEqual([]);
  });

  it('retries a whole run while applyBatch throws a TransientError, then applies it once', async () => {
    const bed = await testBed();
    const events = Array.from({ length: 20 }, (_, n) => envelope('thing.happened', { n }));
    let failuresLeft = 6;
    await bed.producer.send({ topic: bed.topic, messages: events.map((e, n) => message(e, `key-${n % 4}`)) });
    const calls: number[] = [];
    const { runs } = await startBatchConsumer(bed, async (items) => {
      calls.push(items.length);
      if (failuresLeft-- > 0) throw new TransientError('the store is away');
    });
    await waitFor(() => appliedEventIds(runs).length === events.length, { ...WAIT, what: 'every event applied' });

    expect(calls).toEqual(Array.from({ length: 7 }, () => events.length));
    expect(appliedEventIds(runs)).toEqual(events.map((e) => e.id));
  });

  it('traces a run as one process span linked to the trace of each message it applied', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter;
    if (!exporter) throw new Error('jest.setup-telemetry.ts keeps spans in __obpSpanExporter');
    const bed = await testBed();
    const events = Array.from({ length: 5 }, (_, n) => envelope('thing.happened', { n }));
    const producedUnder = events.map(() => ({ traceparent: `00-${randomUUID().replaceAll('-', '')}-${randomUUID().replaceAll('-', '').slice(0, 16)}-01` }));
    await bed.producer.send({ topic: bed.topic, messages: events.map((e, n) => ({ ...message(e, `key-${n}`), headers: { ...traceHeaders(), ...producedUnder[n] } })) });
    const { runs } = await startBatchConsumer(bed);
    await waitFor(() => appliedEventIds(runs).length === events.length, { ...WAIT, what: 'every event applied' });

    const spans = exporter.getFinishedSpans().filter((s) => s.name === `${bed.topic} process`);
    expect(spans).toHaveLength(1);
    expect(spans[0]!.attributes['messaging.batch.message_count']).toBe(events.length);
    expect(spans[0]!.links.map((l) => l.context.traceId)).toEqual(producedUnder.map((h) => h.traceparent.split('-')[1]));
    expect(spans[0]!.links.map((l) => l.attributes?.['messaging.message.id'])).toEqual(events.map((e) => e.id));
  });
});
