import { ConfigResourceTypes, type Kafka } from 'kafkajs';
import { createLogger } from '@obp/telemetry';
import { startKafka, uniqueName, waitFor, type KafkaProcess } from '@obp/testkit';
import { withAdmin } from './admin.fixture';
import { createKafka, createProducer, ensureTopics } from './kafka';
import type { EventProducer } from './renewing-producer';

const logger = createLogger('test', 'silent');

let cluster: KafkaProcess;
let kafka: Kafka;
beforeAll(async () => {
  cluster = await startKafka(undefined, { nodes: 3 });
  kafka = createKafka(uniqueName('cluster-test'), cluster.brokers, logger);
}, 480_000);
afterAll(() => cluster?.dispose());

const leaderOf = (topic: string) => withAdmin(kafka, async (admin) => (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions[0]!.leader);

async function readAll(topic: string, count: number): Promise<string[]> {
  const consumer = kafka.consumer({ groupId: uniqueName('cluster-reader') });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    const values: string[] = [];
    await consumer.run({ eachMessage: async ({ message }) => void values.push(message.value!.toString()) });
    await waitFor(() => values.length >= count, { what: `${count} messages read back`, timeoutMs: 60_000 });
    return values;
  } finally {
    await consumer.disconnect();
  }
}

describe('a Kafka cluster of three (real brokers)', () => {
  it('gets three copies of each partition, two in sync for a write, without being told the cluster size', async () => {
    const topic = uniqueName('cluster-topic');
    await ensureTopics(kafka, [{ topic, partitions: 3, config: { 'cleanup.policy': 'compact' } }]);
    await withAdmin(kafka, async (admin) => {
      // Every broker learns of a new topic a moment after the one that answered ensureTopics.
      let replicas: number[] = [];
      await waitFor(async () => (replicas = (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions.map((p) => p.replicas.length)).length > 0, { what: 'the topic known to the broker asked', timeoutMs: 30_000 });
      expect(replicas).toEqual([3, 3, 3]);
      const { resources } = await waitFor(() => admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] }), { what: 'the topic’s configuration', timeoutMs: 30_000 });
      const config = Object.fromEntries(resources[0]!.configEntries.map((e) => [e.configName, e.configValue]));
      expect(config).toMatchObject({ 'min.insync.replicas': '2', 'cleanup.policy': 'compact' });
    });
  });

  it('loses no acknowledged write and keeps their order when the leader is killed and comes back', async () => {
    const topic = uniqueName('cluster-failover');
    await ensureTopics(kafka, [{ topic, partitions: 1 }]);
    const producer: EventProducer = createProducer(kafka);
    await producer.connect();
    try {
      const acknowledged: string[] = [];
      // As the outbox relay does: a send that fails (a broker gone, a leader being elected) is sent again.
      const send = async (value: string) => {
        await waitFor(
          () =>
            producer.send({ topic, acks: -1, messages: [{ key: 'one-aggregate', value }] }).then(
              () => true,
              () => false,
            ),
          { what: `the write of ${value}`, timeoutMs: 90_000 },
        );
        acknowledged.push(value);
      };
      for (let i = 0; i < 20; i++) await send(`before-${i}`);

      const leader = await leaderOf(topic);
      await cluster.killNode(leader);
      for (let i = 0; i < 20; i++) await send(`after-${i}`);
      expect(await leaderOf(topic)).not.toBe(leader);

      await cluster.start();
      for (let i = 0; i < 20; i++) await send(`restarted-${i}`);

      const read = await readAll(topic, acknowledged.length);
      // Every acknowledged write is there, in the order written; one sent again after a failure that had in fact written it is there twice, and readers drop the repeat by id.
      expect([...new Set(read)]).toEqual(acknowledged);
    } finally {
      await producer.disconnect();
    }
  });
});
