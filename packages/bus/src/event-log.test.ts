import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { eventLogConfig, LOG_ROLL_KEY, type EventEnvelope, type EventLogTiming } from '@obp/contracts';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { IdempotentConsumer } from './consumer';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';
import { LogRoller } from './log-roller';

/**
 * The event log's two promises (`eventLogConfig`), on the real broker with short bounds (the tests'
 * Kafka looks for compaction work every second): a consumer that is less than the lag bound behind
 * reads every event, also those a later event of their key superseded; and an erased key's messages,
 * then its tombstone, leave the log within the bound the configuration states.
 */

const logger = createLogger('test', 'silent');
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const ROLL_MS = 1_000;

interface Written {
  key: string;
  value: string | null;
}

async function topicWith(kafka: Kafka, timing: EventLogTiming): Promise<string> {
  const topic = uniqueName('event-log');
  await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(timing) }]);
  return topic;
}

/** Every message of the topic's partition from offset 0 up to its end when the read began. */
async function readFromStart(kafka: Kafka, topic: string): Promise<Written[]> {
  const admin = kafka.admin();
  await admin.connect();
  const [{ high, low }] = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
  if (BigInt(high!) <= BigInt(low!)) return [];
  const consumer = kafka.consumer({ groupId: uniqueName('log-reader'), maxWaitTimeInMs: 200 });
  await consumer.connect();
  const read: Written[] = [];
  let done = false;
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        read.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? null });
        if (BigInt(message.offset) + 1n >= BigInt(high!)) done = true;
      },
    });
    await waitFor(() => done, { what: `the end of ${topic}`, timeoutMs: 30_000, intervalMs: 50 });
  } finally {
    await consumer.disconnect();
  }
  return read.filter((m) => m.key !== LOG_ROLL_KEY);
}

function event(type: string, aggregate: string, n: number): EventEnvelope {
  return { id: randomUUID(), type, version: n, occurredAt: new Date().toISOString(), ownerClientId: 'test-app', data: { aggregate, n } };
}

/** A producer, and a roller appending the marks that let the broker roll the topics' segments, as services run them. */
async function writer(kafka: Kafka, topics: string[], timing: EventLogTiming): Promise<{ producer: EventProducer; roller: LogRoller }> {
  const producer = createProducer(kafka);
  await producer.connect();
  const roller = new LogRoller({ kafka, producer, topics: topics.map((topic) => ({ topic, partitions: 1 })), timing, logger });
  cleanup.add(async () => {
    await roller.stop();
    await producer.disconnect();
  });
  roller.start();
  return { producer, roller };
}

describe('the event log', () => {
  it('keeps every event for a consumer that comes back within the lag bound, while a log without the bound compacts them away', async () => {
    const kafka = createKafka(uniqueName('event-log-test'), testEnv().kafkaBrokers, logger);
    const bounded = await topicWith(kafka, { rollMs: ROLL_MS, lagBoundMs: 120_000 });
    const unbounded = await topicWith(kafka, { rollMs: ROLL_MS, lagBoundMs: 0 });
    // Only the log without a bound must roll and compact within the test.
    const { producer, roller } = await writer(kafka, [bounded, unbounded], { rollMs: ROLL_MS, lagBoundMs: 0 });
    const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('event_log_test'));
    cleanup.add(async () => {
      await db.dropDatabase();
      await db.close();
    });
    const applied: EventEnvelope[] = [];
    const groupId = uniqueName('lagging');
    const consumer = () => new IdempotentConsumer({ kafka, groupId, topics: [bounded], db, logger, handle: async (e) => void applied.push(e) });
    const send = async (events: Array<{ key: string; event: EventEnvelope }>) => {
      for (const topic of [bounded, unbounded]) {
        await producer.send({ topic, acks: -1, messages: events.map(({ key, event }) => ({ key, value: JSON.stringify(event) })) });
        roller.touched(topic, 0);
      }
    };
    const aggregates = ['share-a', 'share-b', 'share-c'];

    const first = consumer();
    await first.start();
    await send(aggregates.map((key) => ({ key, event: event('share.created', key, 1) })));
    await waitFor(() => applied.length === aggregates.length, { what: 'the first events', timeoutMs: 30_000 });
    await first.stop();

    // While the consumer is away, each share changes many times, each change superseding the one before.
    const updates = aggregates.flatMap((key) => Array.from({ length: 8 }, (_, i) => ({ key, event: event('share.updated', key, i + 2) })));
    for (let i = 0; i < updates.length; i += aggregates.length) await send(updates.slice(i, i + aggregates.length));
    // The same writes without a lag bound: compaction keeps only each key's last event there.
    await waitFor(async () => (await readFromStart(kafka, unbounded)).length === aggregates.length, { what: 'the log without a lag bound to be compacted', timeoutMs: 60_000, intervalMs: 500 });
    expect(await readFromStart(kafka, bounded)).toHaveLength(aggregates.length + updates.length);

    const back = consumer();
    await back.start();
    cleanup.add(() => back.stop());
    await waitFor(() => applied.length === aggregates.length + updates.length, { what: 'every event after the return', timeoutMs: 30_000 });
    for (const key of aggregates) {
      expect(applied.filter((e) => (e.data as { aggregate: string }).aggregate === key).map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  }, 120_000);

  it('drops an erased key’s messages, then its tombstone, within the bound the configuration states', async () => {
    const kafka = createKafka(uniqueName('event-log-test'), testEnv().kafkaBrokers, logger);
    const timing = { rollMs: ROLL_MS, lagBoundMs: 8_000 };
    const topic = await topicWith(kafka, timing);
    const { producer, roller } = await writer(kafka, [topic], timing);
    const write = async (messages: Written[]) => {
      await producer.send({ topic, acks: -1, messages });
      roller.touched(topic, 0);
    };
    await write([
      { key: 'erased', value: JSON.stringify(event('consent.created', 'erased', 1)) },
      { key: 'kept', value: JSON.stringify(event('consent.created', 'kept', 1)) },
      { key: 'erased', value: JSON.stringify(event('consent.status.updated', 'erased', 2)) },
    ]);
    await write([
      { key: 'erased', value: JSON.stringify(event('consent.deleted', 'erased', 3)) },
      { key: 'erased', value: null },
    ]);
    const erasedAt = Date.now();
    // The stated bounds (see eventLogConfig), plus the cleaner's looks and a loaded machine's slack.
    const slackMs = 30_000;
    await waitFor(async () => !(await readFromStart(kafka, topic)).some((m) => m.key === 'erased' && m.value !== null), {
      what: 'the erased key’s messages to leave the log',
      timeoutMs: timing.lagBoundMs + 1.5 * timing.rollMs + slackMs - (Date.now() - erasedAt),
      intervalMs: 500,
    });
    await waitFor(async () => !(await readFromStart(kafka, topic)).some((m) => m.key === 'erased'), {
      what: 'the erased key’s tombstone to leave the log',
      timeoutMs: timing.lagBoundMs + 4.5 * timing.rollMs + slackMs - (Date.now() - erasedAt),
      intervalMs: 500,
    });
    expect(await readFromStart(kafka, topic)).toEqual([{ key: 'kept', value: expect.stringContaining('"consent.created"') }]);
  }, 120_000);
});
