import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Kafka, Message } from 'kafkajs';
import { DEFAULT_EVENT_LOG_TIMING, deadLetterReplayTopic, deadLetterTopic, type EventEnvelope } from '@obp/contracts';
import { connectDatabase, type Connection } from '@obp/db';
import { createLogger, type InMemorySpanExporter } from '@obp/telemetry';
import { Cleanup, repoRoot, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { IdempotentConsumer } from './consumer';
import { replayDeadLetters } from './dead-letter-replay';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const EVENT_LOG = DEFAULT_EVENT_LOG_TIMING;
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const event = (type: string): EventEnvelope => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'test-app', data: {} });
const keyed = (key: string, e: EventEnvelope): Message => ({ key, value: JSON.stringify(e) });

/** One test's topic (one partition, so the order of what is published is the order consumed) on the suite's Kafka and store. */
interface Bed {
  kafka: Kafka;
  topic: string;
  db: Connection;
  producer: EventProducer;
}

async function bed(): Promise<Bed> {
  const kafka = createKafka(uniqueName('replay-test'), testEnv().kafkaBrokers, logger);
  const topic = uniqueName('replay-test');
  await ensureTopics(kafka, [{ topic, partitions: 1 }]);
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('replay_test'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const producer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  return { kafka, topic, db, producer };
}

const publish = (b: Bed, messages: Message[]) => b.producer.send({ topic: b.topic, messages });

/** A consumer group whose handler throws for the event ids in `failing` and records what it applies, with the topic it was told. */
function group(b: Bed, failing: Set<string>) {
  const groupId = uniqueName('group');
  const applied: Array<{ id: string; topic: string }> = [];
  const start = async (): Promise<IdempotentConsumer> => {
    const consumer = new IdempotentConsumer({
      kafka: b.kafka,
      groupId,
      topics: [b.topic],
      db: b.db,
      logger,
      retry: { attempts: 2, initialDelayMs: 10, maxDelayMs: 20 },
      // A consumer stops once its fetch under way ends: half a second instead of the default 5 s keeps the test short.
      fetchMaxWaitMs: 500,
      handle: async (e, meta) => {
        if (failing.has(e.id)) throw new Error(`cannot apply ${e.id} yet`);
        applied.push({ id: e.id, topic: meta.topic });
      },
    });
    cleanup.add(() => consumer.stop());
    await consumer.start();
    return consumer;
  };
  const appliedIds = () => applied.map((a) => a.id);
  const waitForApplied = (id: string) => waitFor(() => appliedIds().includes(id), { ...WAIT, what: `${groupId} to apply ${id}` });
  return { groupId, applied, appliedIds, start, waitForApplied };
}

async function messagesInLog(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  } finally {
    await admin.disconnect();
  }
}

const exec = promisify(execFile);

/** The command as an operator runs it from source. */
async function replayCommand(args: string[]): Promise<string[]> {
  const { stdout } = await exec(process.execPath, ['--require', 'tsx/cjs', join(__dirname, 'cli', 'replay-dead-letters.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, KAFKA_BROKERS: testEnv().kafkaBrokers.join(',') },
  });
  return stdout.trim().split('\n');
}

/** Ids of the replayed copies the group read and did not apply. */
function replayedCopiesSkipped(topic: string, groupId: string): string[] {
  const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter;
  if (!exporter) throw new Error('jest.setup-telemetry.ts keeps spans in __obpSpanExporter');
  return exporter
    .getFinishedSpans()
    .filter((span) => span.name === `${deadLetterReplayTopic(topic, groupId)} process` && span.attributes['obp.duplicate'] === true)
    .map((span) => String(span.attributes['messaging.message.id']));
}

describe('replay-dead-letters', () => {
  it('puts a dead letter back for its group alone, which applies it once as from its topic; the other group sees nothing again', async () => {
    const b = await bed();
    const broken = event('thing.broken');
    const fine = event('thing.fine');
    const failing = new Set([broken.id]);
    const failed = group(b, failing);
    const other = group(b, new Set());
    await failed.start();
    await other.start();
    await publish(b, [keyed('k1', broken), keyed('k2', fine)]);
    await failed.waitForApplied(fine.id);
    await other.waitForApplied(fine.id);

    const listed = (await replayCommand(['--list'])).map((line) => JSON.parse(line) as { deadLetterTopic: string; topic: string; group: string });
    expect(listed).toContainEqual(expect.objectContaining({ deadLetterTopic: deadLetterTopic(b.topic, failed.groupId), topic: b.topic, group: failed.groupId }));

    const dryRun = await replayCommand(['--topic', b.topic, '--group', failed.groupId, '--dry-run']);
    expect(JSON.parse(dryRun[0]!)).toMatchObject({ action: 'would replay', key: 'k1', eventId: broken.id, eventType: 'thing.broken', error: `cannot apply ${broken.id} yet` });
    expect(dryRun.at(-1)).toMatch(/^dry run: 1 would replay/);
    expect(await messagesInLog(b.kafka, deadLetterReplayTopic(b.topic, failed.groupId))).toBe(0);

    failing.clear(); // the fix is deployed
    const replayed = await replayCommand(['--topic', b.topic, '--group', failed.groupId]);
    expect(JSON.parse(replayed[0]!)).toMatchObject({ action: 'replayed', key: 'k1', eventId: broken.id });
    await failed.waitForApplied(broken.id);
    const marker = event('thing.marker');
    await publish(b, [keyed('k3', marker)]);
    await failed.waitForApplied(marker.id);
    await other.waitForApplied(marker.id);

    expect(failed.applied).toEqual([fine, broken, marker].map((e) => ({ id: e.id, topic: b.topic })));
    expect(other.appliedIds()).toEqual([broken.id, fine.id, marker.id]);
    // Applied, the dead letter is superseded: nothing is left to replay.
    await waitFor(async () => (await replayDeadLetters({ kafka: b.kafka, topic: b.topic, groupId: failed.groupId, dryRun: true, eventLog: EVENT_LOG })).superseded === 1, {
      ...WAIT,
      what: 'the tombstone of the applied dead letter',
    });
    expect((await replayDeadLetters({ kafka: b.kafka, topic: b.topic, groupId: failed.groupId, eventLog: EVENT_LOG })).replayed).toEqual([]);
  }, 60_000);

  it('leaves keys a later message or an erasure superseded, and applies a dead letter replayed twice once', async () => {
    const b = await bed();
    const stale = event('thing.stale');
    const newer = event('thing.newer');
    const erased = event('thing.erased');
    const broken = event('thing.broken');
    const marker = event('thing.marker');
    const failing = new Set([stale.id, erased.id, broken.id]);
    const g = group(b, failing);
    const consumer = await g.start();
    await publish(b, [keyed('k-stale', stale), keyed('k-stale', newer), keyed('k-erased', erased), { key: 'k-erased', value: null }, keyed('k-broken', broken), keyed('k-marker', marker)]);
    await g.waitForApplied(marker.id);
    await consumer.stop();
    failing.clear();

    const options = { kafka: b.kafka, topic: b.topic, groupId: g.groupId, eventLog: EVENT_LOG };
    expect((await replayDeadLetters({ ...options, dryRun: true, since: new Date(Date.now() + 60_000) })).skipped).toEqual([expect.objectContaining({ key: 'k-broken', reason: 'before since' })]);
    const first = await replayDeadLetters(options);
    expect(first.replayed.map((r) => r.eventId)).toEqual([broken.id]);
    expect(first.superseded).toBe(2);
    expect((await replayDeadLetters(options)).replayed.map((r) => r.eventId)).toEqual([broken.id]);

    await g.start();
    await g.waitForApplied(broken.id);
    await waitFor(() => replayedCopiesSkipped(b.topic, g.groupId).includes(broken.id), { ...WAIT, what: 'the second copy to be read and skipped' });
    expect(g.appliedIds()).toEqual([newer.id, marker.id, broken.id]);
  }, 60_000);
});
