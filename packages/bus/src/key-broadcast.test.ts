import type { Kafka, Message } from 'kafkajs';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueName, waitFor } from '@obp/testkit';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';
import { KeyBroadcast } from './key-broadcast';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** One test's own topic on the suite's Kafka, with a producer. */
interface TestBed {
  kafka: Kafka;
  topic: string;
  groupPrefix: string;
  producer: EventProducer;
}

async function testBed({ partitions = 1 } = {}): Promise<TestBed> {
  const kafka = createKafka(uniqueName('key-broadcast-test'), testEnv().kafkaBrokers, logger);
  const topic = uniqueName('key-broadcast-test');
  await ensureTopics(kafka, [{ topic, partitions }]);
  const producer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  return { kafka, topic, groupPrefix: uniqueName('cache'), producer };
}

interface ListenerUnderTest {
  broadcast: KeyBroadcast;
  /** The keys handed to `onKey`, in the order they came. */
  keys: Array<string | null>;
  /** How often `onGap` was called. */
  gaps: number;
}

function listener(bed: TestBed, onKey: (key: string | null) => void = () => undefined): ListenerUnderTest {
  const keys: Array<string | null> = [];
  const under: ListenerUnderTest = {
    keys,
    gaps: 0,
    broadcast: new KeyBroadcast({
      kafka: bed.kafka,
      topic: bed.topic,
      groupPrefix: bed.groupPrefix,
      logger,
      onKey: (key) => {
        keys.push(key);
        onKey(key);
      },
      onGap: () => under.gaps++,
      // A stop waits for the fetch under way: half a second instead of the default 2 s keeps each test short.
      fetchMaxWaitMs: 500,
    }),
  };
  cleanup.add(() => under.broadcast.stop());
  return under;
}

async function startReady(l: ListenerUnderTest): Promise<void> {
  await l.broadcast.start();
  await waitFor(() => l.broadcast.isReady, { ...WAIT, what: `${l.broadcast.groupId} ready` });
}

const publish = (bed: TestBed, messages: Message[]) => bed.producer.send({ topic: bed.topic, messages });

async function waitForKey(l: ListenerUnderTest, key: string): Promise<void> {
  await waitFor(() => l.keys.includes(key), { ...WAIT, what: `key ${key} heard by ${l.broadcast.groupId}` });
}

/** The consumer groups the broker knows. */
async function brokerGroups(kafka: Kafka): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.listGroups()).groups.map((g) => g.groupId);
  } finally {
    await admin.disconnect();
  }
}

async function groupState(kafka: Kafka, groupId: string): Promise<string | undefined> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return (await admin.describeGroups([groupId])).groups[0]?.state;
  } finally {
    await admin.disconnect();
  }
}

describe('KeyBroadcast', () => {
  it('hands every process every key of the topic, each in a group of its own', async () => {
    const bed = await testBed({ partitions: 3 });
    const first = listener(bed);
    const second = listener(bed);
    await Promise.all([startReady(first), startReady(second)]);
    expect(first.broadcast.groupId).not.toBe(second.broadcast.groupId);
    expect(first.broadcast.groupId.startsWith(`${bed.groupPrefix}.`)).toBe(true);

    const keys = Array.from({ length: 9 }, (_, i) => `aggregate-${i}`);
    const sent = await publish(bed, [...keys.map((key, i) => ({ key, value: 'changed', partition: i % 3 })), { value: 'no key', partition: 0 }]);
    expect(new Set(sent.map((r) => r.partition))).toEqual(new Set([0, 1, 2]));

    for (const l of [first, second]) {
      await waitFor(() => keys.every((k) => l.keys.includes(k)) && l.keys.includes(null), { ...WAIT, what: `every key heard by ${l.broadcast.groupId}` });
      expect([...l.keys].sort()).toEqual([...keys, null].sort());
    }
  });

  it('stop() leaves the group and deletes it from the broker; a second stop() is a no-op', async () => {
    const bed = await testBed();
    const l = listener(bed);
    await startReady(l);
    expect(await brokerGroups(bed.kafka)).toContain(l.broadcast.groupId);

    await l.broadcast.stop();

    expect(l.broadcast.isReady).toBe(false);
    expect(l.broadcast.isConnected).toBe(false);
    expect(await brokerGroups(bed.kafka)).not.toContain(l.broadcast.groupId);
    expect(await groupState(bed.kafka, l.broadcast.groupId)).toBe('Dead');
    await expect(l.broadcast.stop()).resolves.toBeUndefined();
  });

  it.each([
    ['before it connects', async () => undefined],
    ['once it is connected', async (b: KeyBroadcast) => void (await waitFor(() => b.isConnected, { ...WAIT, what: 'connected' }))],
  ])('a stop() during start(), %s, leaves no member and no group behind, and it can start again', async (_, beforeStop) => {
    const bed = await testBed();
    const l = listener(bed);
    const starting = l.broadcast.start();
    await beforeStop(l.broadcast);
    await l.broadcast.stop();
    await starting;

    expect(l.broadcast.isConnected).toBe(false);
    expect(l.broadcast.isReady).toBe(false);
    expect(await groupState(bed.kafka, l.broadcast.groupId)).toBe('Dead');

    await startReady(l);
    await publish(bed, [{ key: 'after-restart', value: 'changed' }]);
    await waitForKey(l, 'after-restart');
  });

  it('hears only the messages produced from its start on', async () => {
    const bed = await testBed();
    await publish(bed, [{ key: 'before-start', value: 'changed' }]);
    const l = listener(bed);
    await startReady(l);

    // One partition: had the earlier message been delivered, it would have come before the marker.
    await publish(bed, [{ key: 'marker', value: 'changed' }]);
    await waitForKey(l, 'marker');

    expect(l.keys).toEqual(['marker']);
  });

  it('tells of a gap whenever it joins its group again, so a cache can drop what it may have missed', async () => {
    const bed = await testBed();
    const l = listener(bed);
    await startReady(l);
    expect(l.gaps).toBe(1);

    // Another member joining its group makes it join again (a rebalance), as a reconnect or a restart after a crash does.
    const intruder = bed.kafka.consumer({ groupId: l.broadcast.groupId });
    cleanup.add(() => intruder.disconnect());
    await intruder.connect();
    await intruder.subscribe({ topics: [bed.topic] });
    await intruder.run({ eachMessage: async () => undefined });
    await waitFor(() => l.gaps >= 2, { ...WAIT, what: 'the join after the rebalance' });
  });

  it('a throwing onKey is logged and the message not redelivered', async () => {
    const bed = await testBed();
    const logged = jest.spyOn(logger, 'error');
    cleanup.add(() => logged.mockRestore());
    const l = listener(bed, (key) => {
      if (key === 'boom') throw new Error('cache exploded');
    });
    await startReady(l);

    await publish(bed, [
      { key: 'boom', value: 'changed' },
      { key: 'after-boom', value: 'changed' },
    ]);
    await waitForKey(l, 'after-boom');

    expect(l.keys).toEqual(['boom', 'after-boom']);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ key: 'boom' }), 'key broadcast handler failed');
    expect(l.broadcast.isReady).toBe(true);
  });
});
