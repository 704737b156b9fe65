import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { EventEnvelope } from '@obp/contracts';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { IdempotentConsumer } from './consumer';
import { GroupCatchUp } from './group-catch-up';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
/** Long enough for a few polls of the committed offsets; the tests where the group is behind wait this long for a false. */
const SHORT = { timeoutMs: 1_500 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const event = (n: number): EventEnvelope => ({ id: randomUUID(), type: 'thing.happened', version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'test-app', data: { n } });

/** A test's own topic of `partitions`, a group name, and a producer. */
async function testBed(partitions: number): Promise<{ kafka: Kafka; topic: string; groupId: string; producer: EventProducer; catchUp: GroupCatchUp }> {
  const kafka = createKafka(uniqueName('catch-up-test'), testEnv().kafkaBrokers, logger);
  const topic = uniqueName('catch-up');
  const groupId = uniqueName('catch-up-group');
  await ensureTopics(kafka, [{ topic, partitions }]);
  const producer = createProducer(kafka);
  await producer.connect();
  cleanup.add(() => producer.disconnect());
  const catchUp = new GroupCatchUp({ kafka, groupId, topics: [topic] });
  cleanup.add(() => catchUp.stop());
  return { kafka, topic, groupId, producer, catchUp };
}

/** An IdempotentConsumer of the group that applies `n` of each event, and stops before an event whose n is held until it is let go. */
async function consumer(bed: { kafka: Kafka; topic: string; groupId: string }, held = new Set<number>()) {
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('catch_up'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const applied: number[] = [];
  const gates = new Map<number, () => void>();
  const reached = new Set<number>();
  const consumer = new IdempotentConsumer({
    kafka: bed.kafka,
    groupId: bed.groupId,
    topics: [bed.topic],
    db,
    logger,
    fetchMaxWaitMs: 200,
    handle: async (e) => {
      const { n } = e.data as { n: number };
      if (held.has(n)) {
        reached.add(n);
        await new Promise<void>((resolve) => gates.set(n, resolve));
      }
      applied.push(n);
    },
  });
  cleanup.add(() => consumer.stop());
  void consumer.start();
  return {
    consumer,
    applied,
    /** Waits until the handler holds event n, then lets it go. */
    letGo: async (n: number) => {
      await waitFor(() => gates.has(n), { ...WAIT, what: `the handler to hold event ${n}` });
      gates.get(n)!();
    },
    holds: (n: number) => reached.has(n) && applied.indexOf(n) < 0,
  };
}

const send = (bed: { producer: EventProducer; topic: string }, partition: number, ns: number[]) =>
  bed.producer.send({ topic: bed.topic, messages: ns.map((n) => ({ partition, key: `k${partition}`, value: JSON.stringify(event(n)) })) });

describe('GroupCatchUp (real Kafka)', () => {
  it('is caught up at once on topics with nothing in them, though the group has committed nothing', async () => {
    const bed = await testBed(3);
    expect(await bed.catchUp.caughtUp(SHORT)).toBe(true);
  });

  it('is not caught up while the group has not read what the topics hold, and is once it applied all of it on every partition', async () => {
    const bed = await testBed(2);
    await send(bed, 0, [1, 2, 3]);
    await send(bed, 1, [4]);
    expect(await bed.catchUp.caughtUp(SHORT)).toBe(false);

    const { applied } = await consumer(bed);
    expect(await bed.catchUp.caughtUp(WAIT)).toBe(true);
    // Every event before the end offsets the barrier took is applied when it says so.
    expect([...applied].sort()).toEqual([1, 2, 3, 4]);
  });

  it('waits for an event being applied: caught up only after its handler returned', async () => {
    const bed = await testBed(2);
    const reader = await consumer(bed, new Set([2]));
    await send(bed, 0, [1, 2]);
    await send(bed, 1, [3]);
    await waitFor(() => reader.holds(2), { ...WAIT, what: 'the handler to hold event 2' });
    expect(await bed.catchUp.caughtUp(SHORT)).toBe(false);

    const caughtUp = bed.catchUp.caughtUp(WAIT);
    await reader.letGo(2);
    expect(await caughtUp).toBe(true);
    expect(reader.applied).toContain(2);
  });

  it('asks only for the end offsets it was given: events written after them do not hold it back', async () => {
    const bed = await testBed(1);
    const reader = await consumer(bed, new Set([3]));
    await send(bed, 0, [1, 2]);
    await waitFor(() => reader.applied.length === 2, { ...WAIT, what: 'events 1 and 2 applied' });
    const ends = await bed.catchUp.endOffsets();
    expect(ends.get(bed.topic)).toEqual(new Map([[0, 2]]));

    await send(bed, 0, [3]);
    await waitFor(() => reader.holds(3), { ...WAIT, what: 'the handler to hold event 3' });
    expect(await bed.catchUp.caughtUpTo(ends, WAIT)).toBe(true);
    expect(await bed.catchUp.caughtUp(SHORT)).toBe(false);
    await reader.letGo(3);
    expect(await bed.catchUp.caughtUp(WAIT)).toBe(true);
  });

  it('is what IdempotentConsumer.caughtUp tells of its own group', async () => {
    const bed = await testBed(2);
    const reader = await consumer(bed, new Set([2]));
    await send(bed, 1, [1, 2]);
    await waitFor(() => reader.holds(2), { ...WAIT, what: 'the handler to hold event 2' });
    expect(await reader.consumer.caughtUp(SHORT)).toBe(false);
    await reader.letGo(2);
    expect(await reader.consumer.caughtUp(WAIT)).toBe(true);
  });

  it('says false, without throwing, when the broker cannot be reached', async () => {
    // No retries: the refused connection ends the client's attempts at once, leaving nothing running after the test.
    const kafka = new Kafka({ clientId: uniqueName('catch-up-test'), brokers: ['127.0.0.1:1'], retry: { retries: 0 }, logLevel: logLevel.NOTHING });
    const catchUp = new GroupCatchUp({ kafka, groupId: uniqueName('catch-up-group'), topics: ['nowhere'] });
    cleanup.add(() => catchUp.stop());
    expect(await catchUp.caughtUp(SHORT)).toBe(false);
  });
});
