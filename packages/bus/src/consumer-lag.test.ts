import { createLogger } from '@obp/telemetry';
import { recordedMetrics, testEnv, uniqueName, waitFor } from '@obp/testkit';
import { ConsumerLag } from './consumer-lag';
import { createKafka, createProducer, ensureTopics } from './kafka';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };

/** The lag the gauge reports now for the group, by partition of the topic. */
async function lagByPartition(groupId: string, topic: string): Promise<Record<string, number>> {
  const points = (await recordedMetrics()).find((m) => m.descriptor.name === 'messaging.kafka.consumer.lag')?.dataPoints ?? [];
  const mine = points.filter((p) => p.attributes['messaging.consumer.group.name'] === groupId && p.attributes['messaging.destination.name'] === topic);
  return Object.fromEntries(mine.map((p) => [String(p.attributes['messaging.destination.partition.id']), Number(p.value)]));
}

describe('consumer lag (real Kafka)', () => {
  it('reports per partition what the group has not committed: all of it before the group read, 0 once it caught up', async () => {
    const kafka = createKafka(uniqueName('lag-test'), testEnv().kafkaBrokers, logger);
    const topic = uniqueName('lagging');
    const groupId = uniqueName('lag-group');
    await ensureTopics(kafka, [{ topic, partitions: 2 }]);
    const producer = createProducer(kafka);
    await producer.connect();
    const lag = new ConsumerLag(kafka);
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 500 });
    try {
      await producer.send({ topic, messages: ['a', 'b', 'c'].map((value) => ({ partition: 0, value })) });
      lag.watch(groupId, [topic]);
      lag.start();
      // The group has committed nothing yet and reads from the beginning.
      await waitFor(async () => JSON.stringify(await lagByPartition(groupId, topic)) === JSON.stringify({ 0: 3, 1: 0 }), { ...WAIT, what: 'a lag of 3 on partition 0' });

      const read: string[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void read.push(String(message.value)) });
      await waitFor(() => read.length === 3, { ...WAIT, what: 'the group to read the three messages' });
      await waitFor(async () => (await lagByPartition(groupId, topic))['0'] === 0, { ...WAIT, what: 'the lag to go back to 0 once committed' });

      await consumer.stop();
      await producer.send({ topic, messages: ['d', 'e'].map((value) => ({ partition: 1, value })) });
      await waitFor(async () => JSON.stringify(await lagByPartition(groupId, topic)) === JSON.stringify({ 0: 0, 1: 2 }), { ...WAIT, what: 'a lag of 2 on partition 1 while the group is stopped' });
    } finally {
      await lag.stop();
      await consumer.disconnect();
      await producer.disconnect();
    }
  });
});
