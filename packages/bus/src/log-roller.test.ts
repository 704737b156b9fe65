import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigResourceTypes, type Kafka } from 'kafkajs';
import { DEFAULT_EVENT_LOG_TIMING, eventLogConfig, LOG_ROLL_KEY } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueName, waitFor } from '@obp/testkit';
import { withAdmin } from './admin.fixture';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';
import { LogRoller } from './log-roller';

const logger = createLogger('test', 'silent');
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** Messages in each partition (none is compacted away: the window is the default 10 minutes). */
const counts = (kafka: Kafka, topic: string) => withAdmin(kafka, async (admin) => (await admin.fetchTopicOffsets(topic)).sort((a, b) => a.partition - b.partition).map((p) => Number(p.high) - Number(p.low)));

const ownConfig = (kafka: Kafka, topic: string) =>
  withAdmin(kafka, async (admin) => {
    const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] });
    return Object.fromEntries(resources[0]!.configEntries.filter((e) => !e.isDefault).map((e) => [e.configName, e.configValue]));
  });

describe('topics of the event log', () => {
  it('brings the configuration of an existing topic up to date, keeping its other own settings', async () => {
    const kafka = createKafka(uniqueName('topics-test'), testEnv().kafkaBrokers, logger);
    const topic = uniqueName('old-topic');
    // As an older deployment created it: delete policy, 7 days, and a setting of the operator's.
    await ensureTopics(kafka, [{ topic, partitions: 1, config: { 'cleanup.policy': 'delete', 'max.message.bytes': '2000000' } }]);
    await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    expect(await ownConfig(kafka, topic)).toEqual({ ...eventLogConfig(DEFAULT_EVENT_LOG_TIMING), 'max.message.bytes': '2000000' });
    // Again with the same settings: nothing to change, nothing fails.
    await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    expect(await ownConfig(kafka, topic)).toEqual({ ...eventLogConfig(DEFAULT_EVENT_LOG_TIMING), 'max.message.bytes': '2000000' });
  });

  it('appends roll marks to the partitions written to lately or within the window before the start, for ten rounds after the last write without a lag bound, and to no other', async () => {
    const kafka = createKafka(uniqueName('roller-test'), testEnv().kafkaBrokers, logger);
    const [started, written, empty] = [uniqueName('rolled-from-start'), uniqueName('rolled-when-written'), uniqueName('never-written')];
    await ensureTopics(kafka, [started, written, empty].map((topic) => ({ topic, partitions: 3, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) })));
    const producer = createProducer(kafka);
    cleanup.add(() => producer.disconnect());
    await producer.connect();
    // Written before this process started: partitions 0 and 2 of `started` lately, partition 1 two hours ago (before the marks' window of 50 minutes).
    await producer.send({ topic: started, acks: -1, messages: [0, 2].map((partition) => ({ partition, key: 'before', value: 'a value' })) });
    await producer.send({ topic: started, acks: -1, messages: [{ partition: 1, key: 'long before', value: 'a value', timestamp: String(Date.now() - 2 * 3_600_000) }] });
    const roller = new LogRoller({ kafka, producer, topics: [started, empty].map((topic) => ({ topic, partitions: 3 })), timing: { rollMs: 600_000, lagBoundMs: 0 }, logger });
    cleanup.add(() => roller.stop());
    roller.start(); // the partitions of `started` that hold records are due; the first timed round is minutes away
    await waitFor(async () => (await roller.roll(), (await counts(kafka, started)).some((n) => n > 1)), { what: 'the first marks after the start', timeoutMs: 30_000 });
    for (let round = 1; round < 10; round++) await roller.roll();

    roller.touched(written, 1);
    for (let round = 0; round < 5; round++) await roller.roll();
    roller.touched(written, 1);
    for (let round = 0; round < 12; round++) await roller.roll();

    await roller.roll(); // no rounds left anywhere
    expect(await counts(kafka, started)).toEqual([11, 1, 11]);
    expect(await counts(kafka, written)).toEqual([0, 15, 0]);
    expect(await counts(kafka, empty)).toEqual([0, 0, 0]);
    const consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
    cleanup.add(() => consumer.disconnect());
    const seen: Array<string | null> = [];
    await consumer.connect();
    await consumer.subscribe({ topic: written, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void seen.push(message.value === null ? (message.key?.toString() ?? null) : 'a value') });
    await waitFor(() => seen.length >= 15, { what: 'the marks', timeoutMs: 30_000 });
    const keys = new Set(seen);
    expect(keys).toEqual(new Set([LOG_ROLL_KEY]));
  });

  it('keeps marking over the lag bound too, sparsely after the first ten rounds: a late first clean still finds a next one to drop the tombstones', async () => {
    const kafka = createKafka(uniqueName('roller-test'), testEnv().kafkaBrokers, logger);
    const topic = uniqueName('rolled-past-the-bound');
    await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    const producer = createProducer(kafka);
    cleanup.add(() => producer.disconnect());
    await producer.connect();
    // A lag bound of three roll intervals: ten rounds of r/2, then a mark every third round (half the bound) for
    // the bound's six rounds and two such periods more: rounds 10, 13, 16 and 19 of 22.
    const roller = new LogRoller({ kafka, producer, topics: [], timing: { rollMs: 600_000, lagBoundMs: 1_800_000 }, logger });
    roller.touched(topic, 0);
    const marked: number[] = [];
    for (let round = 0; round < 25; round++) {
      await roller.roll();
      marked.push((await counts(kafka, topic))[0]!);
    }
    expect(marked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 14, 14, 14]);
  });

  it('counts a round down only once its marks are written: a round the broker fails does not use one up', async () => {
    const kafka = createKafka(uniqueName('roller-test'), testEnv().kafkaBrokers, logger);
    const topic = uniqueName('rolled-after-failure');
    await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    const producer = createProducer(kafka);
    cleanup.add(() => producer.disconnect());
    const roller = new LogRoller({ kafka, producer, topics: [], timing: { rollMs: 600_000, lagBoundMs: 0 }, logger });
    roller.touched(topic, 0);
    // Not connected yet: every send fails.
    for (let round = 0; round < 4; round++) await expect(roller.roll()).rejects.toThrow(/disconnected/);
    await producer.connect();
    for (let round = 0; round < 12; round++) await roller.roll();
    expect(await counts(kafka, topic)).toEqual([10]);
  });

  it('skips a timed round while the one before is still under way', async () => {
    const kafka = createKafka(uniqueName('roller-test'), testEnv().kafkaBrokers, logger);
    const topic = uniqueName('rolled-slowly');
    await ensureTopics(kafka, [{ topic, partitions: 1, config: eventLogConfig(DEFAULT_EVENT_LOG_TIMING) }]);
    const producer = createProducer(kafka);
    cleanup.add(() => producer.disconnect());
    await producer.connect();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    // The real producer, its sends held until the test lets them go (a broker that answers slowly).
    const slow: EventProducer = {
      ...producer,
      sendBatch: async (batch) => {
        sends++;
        await released;
        return producer.sendBatch(batch);
      },
    };
    const roller = new LogRoller({ kafka, producer: slow, topics: [], timing: { rollMs: 20, lagBoundMs: 0 }, logger });
    cleanup.add(() => roller.stop());
    roller.touched(topic, 0);
    roller.start();
    await waitFor(() => sends >= 1, { what: 'the first round', timeoutMs: 30_000 });
    await sleep(300); // some fifty ticks
    expect(sends).toBe(1);
    release();
    await waitFor(() => sends >= 3, { what: 'the next rounds', timeoutMs: 30_000 });
    await roller.stop();
    expect(await counts(kafka, topic)).toEqual([sends]);
  });
});
