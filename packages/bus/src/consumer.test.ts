import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ConfigResourceTypes, type IHeaders, type Kafka, type KafkaMessage, type Message, type RecordMetadata } from 'kafkajs';
import { DEFAULT_EVENT_LOG_TIMING, deadLetterTopic, eventLogConfig, LOG_ROLL_KEY, type EventEnvelope } from '@obp/contracts';
import { connectDatabase, type Connection } from '@obp/db';
import { createLogger, type InMemorySpanExporter } from '@obp/telemetry';
import { Cleanup, repoRoot, startKafka, testEnv, uniqueDbName, uniqueName, waitFor, type KafkaProcess } from '@obp/testkit';
import { IdempotentConsumer, NonRetriableError, TransientError, type EventHandler, type MessageMeta, type RetryPolicy, type TombstoneHandler } from './consumer';
import type { CrashingConsumerMessage } from './crashing-consumer.fixture';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function envelope(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'test-app', data };
}

const message = (event: EventEnvelope, key = 'aggregate-1'): Message => ({ key, value: JSON.stringify(event) });

interface Delivery {
  event: EventEnvelope;
  meta: MessageMeta;
}

interface ConsumerUnderTest {
  consumer: IdempotentConsumer;
  /** Events whose handler returned, in the order it returned. */
  applied: Delivery[];
}

/** One test's own topic, consumer group and database on the suite's Kafka and store. */
interface TestBed {
  kafka: Kafka;
  topic: string;
  groupId: string;
  db: Connection;
  producer: EventProducer;
}

async function testBed({ partitions = 1, brokers = testEnv().kafkaBrokers, sessionTimeoutMs = 0 } = {}): Promise<TestBed> {
  const kafka = createKafka(uniqueName('bus-test'), brokers, logger);
  if (sessionTimeoutMs) {
    const consumer = kafka.consumer.bind(kafka);
    kafka.consumer = (config) => consumer({ ...config, sessionTimeout: sessionTimeoutMs, heartbeatInterval: Math.floor(sessionTimeoutMs / 3) });
  }
  const topic = uniqueName('bus-test');
  await ensureTopics(kafka, [{ topic, partitions }]);
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('bus_test'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const producer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  return { kafka, topic, groupId: uniqueName('group'), db, producer };
}

async function startConsumer(
  bed: TestBed,
  options: { handle?: EventHandler; onTombstone?: TombstoneHandler; retry?: Partial<RetryPolicy>; groupId?: string; processedRetentionMs?: number } = {},
): Promise<ConsumerUnderTest> {
  const applied: Delivery[] = [];
  const consumer = new IdempotentConsumer({
    kafka: bed.kafka,
    groupId: options.groupId ?? bed.groupId,
    topics: [bed.topic],
    db: bed.db,
    logger,
    retry: options.retry ?? { attempts: 3, initialDelayMs: 20, maxDelayMs: 100 },
    processedRetentionMs: options.processedRetentionMs,
    // A consumer stops once its fetch under way ends: half a second instead of the default 5 s keeps each test short.
    fetchMaxWaitMs: 500,
    onTombstone: options.onTombstone,
    handle: async (event, meta) => {
      await options.handle?.(event, meta);
      applied.push({ event, meta });
    },
  });
  cleanup.add(() => consumer.stop());
  await consumer.start();
  return { consumer, applied };
}

const publish = (bed: TestBed, messages: Message[]): Promise<RecordMetadata[]> => bed.producer.send({ topic: bed.topic, messages });

const appliedIds = (c: ConsumerUnderTest) => c.applied.map((d) => d.event.id);

async function waitForApplied(c: ConsumerUnderTest, eventId: string): Promise<void> {
  await waitFor(() => appliedIds(c).includes(eventId), { ...WAIT, what: `event ${eventId} applied` });
}

/** Every message of `topic`, read by a plain kafkajs consumer of its own group. */
async function readTopic(kafka: Kafka, topic: string): Promise<KafkaMessage[]> {
  const messages: KafkaMessage[] = [];
  const reader = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
  cleanup.add(() => reader.disconnect());
  await reader.connect();
  await reader.subscribe({ topic, fromBeginning: true });
  await reader.run({ eachMessage: async ({ message }) => void messages.push(message) });
  return messages;
}

async function messageCount(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  } finally {
    await admin.disconnect();
  }
}

/** A topic's own settings (not those it inherits from the broker). */
async function configOf(kafka: Kafka, topic: string): Promise<Record<string, string>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] });
    return Object.fromEntries(resources[0]!.configEntries.filter((e) => !e.isDefault).map((e) => [e.configName, e.configValue]));
  } finally {
    await admin.disconnect();
  }
}

async function committedOffsets(kafka: Kafka, groupId: string, topic: string): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return offsets!.partitions.map((p) => p.offset);
  } finally {
    await admin.disconnect();
  }
}

function header(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** Ids of the events of `topic` that reached the consumer again and were skipped as already processed. */
function skippedDuplicates(topic: string): string[] {
  const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter;
  if (!exporter) throw new Error('jest.setup-telemetry.ts keeps spans in __obpSpanExporter');
  return exporter
    .getFinishedSpans()
    .filter((span) => span.name === `${topic} process` && span.attributes['obp.duplicate'] === true)
    .map((span) => String(span.attributes['messaging.message.id']));
}

const isCrashingConsumerMessage = (m: unknown): m is CrashingConsumerMessage =>
  typeof m === 'object' && m !== null && typeof (m as Partial<CrashingConsumerMessage>).hangingOn === 'string';

/** A promise with its resolve function, to hold a handler until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('IdempotentConsumer', () => {
  it('applies the events of each partition in order, and an envelope published twice once', async () => {
    const bed = await testBed({ partitions: 3 });
    const keys = ['account-a', 'account-b', 'account-c'];
    const events = [1, 2, 3, 4, 5].flatMap((seq) => keys.map((key) => ({ key, event: envelope('balance.changed', { key, seq }) })));
    const sentinels = keys.map((key) => ({ key, event: envelope('sentinel', { key }) }));
    const c = await startConsumer(bed);

    const messages = events.map(({ key, event }) => message(event, key));
    await publish(bed, messages);
    await publish(bed, messages);
    // A key's sentinel follows the duplicates on its partition: once all are applied, so is everything before them.
    await publish(
      bed,
      sentinels.map(({ key, event }) => message(event, key)),
    );
    await waitFor(() => sentinels.every(({ event }) => appliedIds(c).includes(event.id)), { ...WAIT, what: 'all sentinels applied' });

    expect(appliedIds(c).sort()).toEqual([...events, ...sentinels].map(({ event }) => event.id).sort());
    for (const key of keys) {
      const ofKey = c.applied.filter((d) => d.meta.key === key).map((d) => d.event.data);
      expect(ofKey).toEqual([...[1, 2, 3, 4, 5].map((seq) => ({ key, seq })), { key }]);
    }
    for (const partition of new Set(c.applied.map((d) => d.meta.partition))) {
      const offsets = c.applied.filter((d) => d.meta.partition === partition).map((d) => Number(d.meta.offset));
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
    expect(skippedDuplicates(bed.topic).sort()).toEqual(events.map(({ event }) => event.id).sort());
  });

  it('does not apply an event again that its group processed before a restart, and carries on after it', async () => {
    const bed = await testBed();
    const [first, second, third] = [envelope('thing.happened'), envelope('thing.happened'), envelope('thing.happened')];
    const firstRun = await startConsumer(bed);
    await publish(bed, [message(first!), message(second!)]);
    await waitForApplied(firstRun, second!.id);
    await firstRun.consumer.stop();

    const secondRun = await startConsumer(bed);
    await publish(bed, [message(second!), message(third!)]);
    await waitForApplied(secondRun, third!.id);

    expect(appliedIds(firstRun)).toEqual([first!.id, second!.id]);
    expect(appliedIds(secondRun)).toEqual([third!.id]);
    expect(skippedDuplicates(bed.topic)).toEqual([second!.id]);
  });

  it('stop() lets the message in flight finish and commits it, so the restarted group resumes after it', async () => {
    const bed = await testBed();
    const events = [1, 2, 3, 4].map((n) => envelope('thing.happened', { n }));
    const handlerEntered = gate();
    const handlerReleased = gate();
    const firstRun = await startConsumer(bed, {
      handle: async (event) => {
        if (event.id !== events[1]!.id) return;
        handlerEntered.open();
        await handlerReleased.opened;
      },
    });
    const [sent] = await publish(bed, events.map((e) => message(e)));
    await handlerEntered.opened;
    const stopping = firstRun.consumer.stop();
    handlerReleased.open();
    await stopping;

    expect(appliedIds(firstRun)).toEqual([events[0]!.id, events[1]!.id]);
    expect(await committedOffsets(bed.kafka, bed.groupId, bed.topic)).toEqual([String(Number(sent!.baseOffset) + 2)]);
    const secondRun = await startConsumer(bed);
    await waitForApplied(secondRun, events[3]!.id);
    expect(appliedIds(secondRun)).toEqual([events[2]!.id, events[3]!.id]);
    expect(skippedDuplicates(bed.topic)).toEqual([]);
  });

  it('does not apply again the events a crashed consumer applied but had not committed, when its group restarts', async () => {
    const bed = await testBed();
    const events = [1, 2, 3, 4, 5].map((n) => envelope('thing.happened', { n }));
    const [applied1, applied2, inFlight] = events;
    // One send, one record batch: the crashed consumer fetches all five in one batch and commits none.
    await publish(bed, events.map((e) => message(e)));

    const child = spawn(process.execPath, ['--require', 'tsx/cjs', join(__dirname, 'crashing-consumer.fixture.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        KAFKA_BROKERS: testEnv().kafkaBrokers.join(','),
        MONGODB_URI: testEnv().mongoUri,
        CRASH_TEST_DB: bed.db.name,
        CRASH_TEST_TOPIC: bed.topic,
        CRASH_TEST_GROUP: bed.groupId,
        HANG_ON_EVENT_ID: inFlight!.id,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanup.add(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    let hangingOn: string | undefined;
    let exitCode: number | null | undefined;
    child.on('message', (m) => {
      if (isCrashingConsumerMessage(m)) hangingOn = m.hangingOn;
    });
    child.once('exit', (code) => (exitCode = code));
    await waitFor(
      () => {
        if (exitCode !== undefined) throw new Error(`the crashing consumer exited early with code ${exitCode}`);
        return hangingOn === inFlight!.id;
      },
      { timeoutMs: 60_000, what: 'the crashing consumer to reach the third event' },
    );
    child.kill('SIGKILL');
    await exited;

    const applications = bed.db.collection<{ eventId: string; by: string }>('applications');
    expect((await applications.find().toArray()).map((a) => a.eventId).sort()).toEqual([applied1!.id, applied2!.id].sort());
    expect(await committedOffsets(bed.kafka, bed.groupId, bed.topic)).toEqual(['-1']);

    const restarted = await startConsumer(bed, {
      handle: async (event) => void (await applications.insertOne({ eventId: event.id, by: 'restarted consumer' })),
    });
    await waitForApplied(restarted, events[4]!.id);
    const later = envelope('thing.happened', { n: 6 });
    await publish(bed, [message(later)]);
    await waitForApplied(restarted, later.id);

    expect(skippedDuplicates(bed.topic).sort()).toEqual([applied1!.id, applied2!.id].sort());
    expect(appliedIds(restarted)).toEqual([...events.slice(2), later].map((e) => e.id));
    const applicationsPerEvent = new Map<string, number>();
    for (const a of await applications.find().toArray()) applicationsPerEvent.set(a.eventId, (applicationsPerEvent.get(a.eventId) ?? 0) + 1);
    expect(Object.fromEntries(applicationsPerEvent)).toEqual(Object.fromEntries([...events, later].map((e) => [e.id, 1])));
  }, 120_000);

  it('retries a transiently failing handler, applies the event once and holds back the rest of the partition meanwhile', async () => {
    const bed = await testBed();
    const flaky = envelope('flaky');
    const next = envelope('next');
    const calls: string[] = [];
    let failuresLeft = 2;
    const c = await startConsumer(bed, {
      retry: { attempts: 4, initialDelayMs: 20, maxDelayMs: 100 },
      handle: async (event) => {
        calls.push(event.type);
        if (event.id === flaky.id && failuresLeft-- > 0) throw new Error('transient failure');
      },
    });
    await publish(bed, [message(flaky), message(next)]);
    await waitForApplied(c, next.id);

    expect(calls).toEqual(['flaky', 'flaky', 'flaky', 'next']);
    expect(appliedIds(c)).toEqual([flaky.id, next.id]);
    expect(await messageCount(bed.kafka, deadLetterTopic(bed.topic, bed.groupId))).toBe(0);
  });

  it('retries a TransientError beyond the attempts of the policy until the handler succeeds, and dead-letters nothing', async () => {
    const bed = await testBed();
    const outage = envelope('store.unreachable');
    const next = envelope('next');
    const calls: string[] = [];
    const c = await startConsumer(bed, {
      retry: { attempts: 2, initialDelayMs: 20, maxDelayMs: 50 },
      handle: async (event) => {
        calls.push(event.type);
        if (event.id === outage.id && calls.length <= 6) throw new TransientError('the store is unreachable');
      },
    });
    await publish(bed, [message(outage), message(next)]);
    await waitForApplied(c, next.id);

    expect(calls).toEqual([...Array<string>(7).fill('store.unreachable'), 'next']);
    expect(appliedIds(c)).toEqual([outage.id, next.id]);
    expect(await messageCount(bed.kafka, deadLetterTopic(bed.topic, bed.groupId))).toBe(0);
  });

  it('retries a handler that cannot reach the store beyond the attempts of the policy (an outage is no fault of the event), and dead-letters nothing', async () => {
    const bed = await testBed();
    const outage = envelope('store.down');
    const next = envelope('next');
    const calls: string[] = [];
    /** As the driver throws it while the store restarts. */
    class MongoServerSelectionError extends Error {
      override name = 'MongoServerSelectionError';
    }
    const c = await startConsumer(bed, {
      retry: { attempts: 2, initialDelayMs: 20, maxDelayMs: 50 },
      handle: async (event) => {
        calls.push(event.type);
        if (event.id === outage.id && calls.length <= 6) throw new Error('replaceOne failed', { cause: new MongoServerSelectionError('read ECONNRESET') });
      },
    });
    await publish(bed, [message(outage), message(next)]);
    await waitForApplied(c, next.id);

    expect(calls).toEqual([...Array<string>(7).fill('store.down'), 'next']);
    expect(appliedIds(c)).toEqual([outage.id, next.id]);
    expect(await messageCount(bed.kafka, deadLetterTopic(bed.topic, bed.groupId))).toBe(0);
  });

  it('ends the retries of a TransientError when it stops, and the event is consumed again when it runs again', async () => {
    const bed = await testBed();
    const outage = envelope('store.unreachable');
    let storeReachable = false;
    let attempts = 0;
    const handle: EventHandler = async () => {
      attempts++;
      if (!storeReachable) throw new TransientError('the store is unreachable');
    };
    const first = await startConsumer(bed, { retry: { attempts: 1, initialDelayMs: 20, maxDelayMs: 100 }, handle });
    await publish(bed, [message(outage)]);
    await waitFor(() => attempts >= 3, { ...WAIT, what: 'a few retries' });
    await first.consumer.stop();
    expect(first.applied).toEqual([]);

    storeReachable = true;
    const second = await startConsumer(bed, { handle });
    await waitForApplied(second, outage.id);
    expect(await messageCount(bed.kafka, deadLetterTopic(bed.topic, bed.groupId))).toBe(0);
  });

  it('sends unreadable messages and failed events to the dead-letter topic, intact and with the error, and moves on', async () => {
    const bed = await testBed();
    const alwaysFails = envelope('always.fails');
    const cannotApply = envelope('cannot.apply');
    const fine = envelope('fine');
    const attempts = new Map<string, number>();
    class HandlerBug extends Error {
      override name = 'HandlerBug';
    }
    const c = await startConsumer(bed, {
      retry: { attempts: 3, initialDelayMs: 20, maxDelayMs: 100 },
      handle: async (event) => {
        attempts.set(event.type, (attempts.get(event.type) ?? 0) + 1);
        if (event.id === alwaysFails.id) throw new HandlerBug('handler bug');
        if (event.id === cannotApply.id) throw new NonRetriableError('cannot apply');
      },
    });
    const poison: Message[] = [
      { key: 'key-json', value: 'not json {', headers: { 'trace-note': 'kept' } },
      { key: 'key-shape', value: '{"no":"envelope"}' },
      { key: 'key-bug', value: JSON.stringify(alwaysFails) },
      { key: 'key-final', value: JSON.stringify(cannotApply) },
    ];
    const [sent] = await publish(bed, [...poison, message(fine)]);
    await waitForApplied(c, fine.id);
    const deadLetters = await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId));
    await waitFor(() => deadLetters.length >= poison.length, { ...WAIT, what: 'the dead letters' });

    expect(appliedIds(c)).toEqual([fine.id]);
    expect(Object.fromEntries(attempts)).toEqual({ 'always.fails': 3, 'cannot.apply': 1, fine: 1 });
    const expectedErrors = [
      { error: /not valid JSON/, type: 'NonRetriableError' },
      { error: /not an event envelope/, type: 'NonRetriableError' },
      { error: /^handler bug$/, type: 'HandlerBug' },
      { error: /^cannot apply$/, type: 'NonRetriableError' },
    ];
    expect(deadLetters).toHaveLength(poison.length);
    deadLetters.forEach((deadLetter, i) => {
      expect(deadLetter.key?.toString()).toBe(poison[i]!.key);
      expect(deadLetter.value?.toString()).toBe(poison[i]!.value);
      expect(header(deadLetter.headers, 'dlq-error')).toMatch(expectedErrors[i]!.error);
      expect(header(deadLetter.headers, 'dlq-error-type')).toBe(expectedErrors[i]!.type);
      expect(header(deadLetter.headers, 'dlq-original-topic')).toBe(bed.topic);
      expect(header(deadLetter.headers, 'dlq-original-partition')).toBe(String(sent!.partition));
      expect(header(deadLetter.headers, 'dlq-original-offset')).toBe(String(Number(sent!.baseOffset) + i));
    });
    expect(header(deadLetters[0]!.headers, 'trace-note')).toBe('kept');
  });

  it('skips a tombstone without a dead letter', async () => {
    const bed = await testBed();
    const event = envelope('thing.happened');
    const calls: string[] = [];
    const c = await startConsumer(bed, { handle: async (delivered) => void calls.push(delivered.id) });
    await publish(bed, [{ key: 'aggregate-1', value: null }, message(event)]);
    await waitForApplied(c, event.id);

    expect(calls).toEqual([event.id]);
    // Dead letters are sent before the partition moves on, so one for the tombstone would be there by now.
    expect(await messageCount(bed.kafka, deadLetterTopic(bed.topic, bed.groupId))).toBe(0);
  });

  it('passes the tombstone of a dead-lettered key on to the compacted dead-letter topic, and only of such a key', async () => {
    const bed = await testBed();
    const fine = envelope('fine');
    const c = await startConsumer(bed, {
      handle: async (event) => {
        if (event.type === 'cannot.apply') throw new NonRetriableError('cannot apply');
      },
    });
    await publish(bed, [message(envelope('cannot.apply'), 'erased-aggregate'), { key: 'erased-aggregate', value: null }, { key: 'never-dead-lettered', value: null }, message(fine)]);
    await waitForApplied(c, fine.id);

    const dlq = deadLetterTopic(bed.topic, bed.groupId);
    const deadLetters = await readTopic(bed.kafka, dlq);
    await waitFor(() => deadLetters.length >= 2, { ...WAIT, what: 'the dead letter and its tombstone' });
    expect(deadLetters.map((m) => [m.key?.toString(), m.value === null])).toEqual([
      ['erased-aggregate', false],
      ['erased-aggregate', true],
    ]);
    expect(await configOf(bed.kafka, dlq)).toMatchObject(eventLogConfig(DEFAULT_EVENT_LOG_TIMING));
    // Passed on once: the record of the dead-lettered key went with it.
    expect(await bed.db.collection('dead_lettered_keys').countDocuments({})).toBe(0);
  });

  it('hands the key of every tombstone but the roll marks to onTombstone, retried like an event, and dead-letters one that fails for good as a tombstone', async () => {
    const bed = await testBed();
    const fine = envelope('fine');
    const tombstones: string[] = [];
    let flakyFailures = 2;
    const c = await startConsumer(bed, {
      retry: { attempts: 3, initialDelayMs: 20, maxDelayMs: 100 },
      onTombstone: async (key) => {
        if (key === 'flaky' && flakyFailures-- > 0) throw new Error('store hiccup');
        if (key === 'never-applies') throw new NonRetriableError('cannot erase');
        tombstones.push(key);
      },
    });
    await publish(bed, [
      message(envelope('thing.happened'), 'erased-aggregate'),
      { key: 'erased-aggregate', value: null },
      { key: LOG_ROLL_KEY, value: null },
      // Its events compacted away: a consumer that lagged finds only the tombstone.
      { key: 'compacted-aggregate', value: null },
      { key: 'flaky', value: null },
      { key: 'never-applies', value: null },
      // Delivered again (a redelivery after a crash): handed over again, the handler being idempotent.
      { key: 'erased-aggregate', value: null },
      message(fine),
    ]);
    await waitForApplied(c, fine.id);

    expect(tombstones).toEqual(['erased-aggregate', 'compacted-aggregate', 'flaky', 'erased-aggregate']);
    const deadLetters = await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId));
    await waitFor(() => deadLetters.length >= 1, { ...WAIT, what: 'the dead-lettered tombstone' });
    expect(deadLetters.map((m) => [m.key?.toString(), m.value, header(m.headers, 'dlq-error')])).toEqual([['never-applies', null, 'cannot erase']]);
    expect(await bed.db.collection('dead_lettered_keys').countDocuments({})).toBe(0);
  });

  it("tombstones a dead-lettered key on the dead-letter topic once a later message of it is applied, the key's newer state superseding the dead letter", async () => {
    const bed = await testBed();
    const fine = envelope('fine');
    const c = await startConsumer(bed, {
      handle: async (event) => {
        if (event.type === 'cannot.apply') throw new NonRetriableError('cannot apply');
      },
    });
    await publish(bed, [
      message(envelope('cannot.apply'), 'superseded'),
      message(envelope('cannot.apply'), 'still-dead'),
      message(envelope('thing.happened'), 'superseded'),
      message(envelope('thing.happened'), 'superseded'),
      message(fine, 'other'),
    ]);
    await waitForApplied(c, fine.id);

    const deadLetters = await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId));
    await waitFor(() => deadLetters.length >= 3, { ...WAIT, what: 'the dead letters and the tombstone' });
    expect(deadLetters.map((m) => [m.key?.toString(), m.value === null])).toEqual([
      ['superseded', false],
      ['still-dead', false],
      ['superseded', true],
    ]);
    expect((await bed.db.collection('dead_lettered_keys').find().toArray()).map((r) => r['key'])).toEqual(['still-dead']);
  });

  it('records a dead-lettered key before sending its dead letter, so a send that fails leaves the record that later erases it', async () => {
    const bed = await testBed();
    const dlq = deadLetterTopic(bed.topic, bed.groupId);
    const fine = envelope('fine');
    const c = await startConsumer(bed, {
      retry: { attempts: 1, initialDelayMs: 20, maxDelayMs: 100 },
      handle: async (event) => {
        if (event.type === 'cannot.apply') throw new NonRetriableError('cannot apply');
      },
    });
    // The dead-letter topic is gone (allowAutoTopicCreation is off): the dead letter cannot be sent.
    const admin = bed.kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [dlq] });
    } finally {
      await admin.disconnect();
    }
    await publish(bed, [message(envelope('cannot.apply'), 'unsendable'), message(fine)]);
    await waitFor(async () => (await bed.db.collection('dead_lettered_keys').countDocuments({ key: 'unsendable' })) === 1, { ...WAIT, what: 'the record of the dead-lettered key' });
    expect(appliedIds(c)).toEqual([]);

    // The topic back, the message is consumed again and its dead letter sent.
    await ensureTopics(bed.kafka, [{ topic: dlq, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    await waitFor(() => appliedIds(c).includes(fine.id), { timeoutMs: 120_000, what: 'the consumer to move on' });
    const deadLetters = await readTopic(bed.kafka, dlq);
    await waitFor(() => deadLetters.some((m) => m.key?.toString() === 'unsendable' && m.value !== null), { ...WAIT, what: 'the dead letter' });
  }, 180_000);

  it("purgeProcessed removes its own group's records older than the retention, and only those", async () => {
    const bed = await testBed();
    const retentionMs = 3_600_000;
    const [older, newer] = [envelope('thing.happened'), envelope('thing.happened')];
    await publish(bed, [message(older), message(newer)]);
    // Another group's records in the same database, all older than the cutoff below.
    const otherGroup = uniqueName('other-group');
    const other = await startConsumer(bed, { groupId: otherGroup, processedRetentionMs: retentionMs });
    await waitForApplied(other, newer.id);
    await other.consumer.stop();

    // `older` is recorded before the handler of `newer` starts and `newer` after it returns,
    // so this instant falls between the two records.
    let between: Date | undefined;
    const c = await startConsumer(bed, {
      processedRetentionMs: retentionMs,
      handle: async (event) => {
        if (event.id !== newer.id) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
        between = new Date();
      },
    });
    await waitForApplied(c, newer.id);
    const cutoffBetween = new Date(between!.getTime() + retentionMs);

    expect(await c.consumer.purgeProcessed(new Date(between!.getTime() + retentionMs / 2))).toBe(0);
    expect(await c.consumer.purgeProcessed(cutoffBetween)).toBe(1);
    expect(await c.consumer.purgeProcessed(cutoffBetween)).toBe(0);
    expect(await c.consumer.purgeProcessed(new Date(Date.now() + 2 * retentionMs))).toBe(1);
    expect(await other.consumer.purgeProcessed(new Date(Date.now() + 2 * retentionMs))).toBe(2);
  });
});

describe('IdempotentConsumer across a restart of Kafka', () => {
  let broker: KafkaProcess;
  beforeAll(async () => {
    broker = await startKafka();
  }, 180_000);
  afterAll(() => broker?.dispose());

  it('applies every event once, produced before the broker stopped and after it started again, and reconnects', async () => {
    // The broker drops the member from before the outage only when its session times out: 6 s (the broker's
    // minimum) instead of the consumer's 30 s keeps the test short.
    const bed = await testBed({ brokers: broker.brokers, sessionTimeoutMs: 6_000 });
    const beforeOutage = [1, 2, 3].map((n) => envelope('thing.happened', { n }));
    const afterOutage = [4, 5, 6].map((n) => envelope('thing.happened', { n }));
    const c = await startConsumer(bed);
    expect(c.consumer.isConnected).toBe(true);
    await publish(bed, beforeOutage.map((e) => message(e)));
    await waitForApplied(c, beforeOutage[2]!.id);

    await broker.stop();
    // kafkajs gives up once its retries are spent and restarts the consumer: the outage is visible.
    await waitFor(() => !c.consumer.isConnected, { timeoutMs: 90_000, what: 'the consumer to notice the outage' });
    await broker.start();
    await publish(bed, afterOutage.map((e) => message(e)));
    // The consumer rejoins its group once the broker has dropped its member from before the outage (its session).
    await waitFor(() => appliedIds(c).includes(afterOutage[2]!.id), { timeoutMs: 120_000, what: 'the events produced after the outage' });

    expect(appliedIds(c)).toEqual([...beforeOutage, ...afterOutage].map((e) => e.id));
    await waitFor(() => c.consumer.isConnected, { ...WAIT, what: 'isConnected after the outage' });
  }, 240_000);
});
