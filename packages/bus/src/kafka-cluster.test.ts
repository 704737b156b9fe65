import { setTimeout as sleep } from 'node:timers/promises';
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
    // A write lost leaves fewer than `count`: what was read is compared after the wait.
    await waitFor(() => values.length >= count, { what: `${count} messages read back`, timeoutMs: 30_000 }).catch(() => undefined);
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

  it('loses no acknowledged write and keeps their order when a leader is killed and comes back, also of sends in flight spanning partitions', async () => {
    const topic = uniqueName('cluster-failover');
    await ensureTopics(kafka, [{ topic, partitions: 3 }]);
    // Writers sending all the time, as the relays of several instances do, each send with keys on every partition: at
    // the kill some are in flight to every leader, and the partition of the dead one moves to a broker that already
    // answered that send for its own partitions. The retry must still carry it there (kafkajs#1303).
    const WRITERS = 9;
    const keysOf = (writer: number) => Array.from({ length: 6 }, (_, i) => `writer-${writer}-${i}`);
    const acknowledged = new Map<string, string[]>();
    const producers: EventProducer[] = Array.from({ length: WRITERS }, () => createProducer(kafka));
    await Promise.all(producers.map((p) => p.connect()));
    let phase = 'before';
    let stop = false;
    const sent: Record<string, number> = { before: 0, after: 0, restarted: 0 };
    const writer = async (w: number) => {
      const keys = keysOf(w);
      for (let n = 0; !stop; n++) {
        const value = `${phase}-${n}`;
        const counted = phase;
        // As the outbox relay does: a send that fails (a broker gone, a leader being elected) is sent again.
        await waitFor(
          () =>
            producers[w]!.send({ topic, acks: -1, messages: keys.map((key) => ({ key, value: `${key}:${value}` })) }).then(
              () => true,
              () => false,
            ),
          { what: `the write of ${value}`, timeoutMs: 90_000 },
        );
        for (const key of keys) acknowledged.set(key, [...(acknowledged.get(key) ?? []), `${key}:${value}`]);
        sent[counted]!++;
      }
    };
    try {
      const writing = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await waitFor(() => sent.before! >= 60, { what: 'writes before the kill', timeoutMs: 60_000 });

      // Back within seconds, as a restarted process is: the controller moves its partitions when it registers again.
      const leader = await leaderOf(topic);
      await cluster.killNode(leader);
      phase = 'after';
      await sleep(2_000);
      await cluster.start();
      phase = 'restarted';
      await waitFor(() => sent.restarted! >= 120, { what: 'writes after the restart', timeoutMs: 90_000 });
      stop = true;
      await Promise.all(writing);

      const expected = [...acknowledged.values()].reduce((n, values) => n + values.length, 0);
      const read = await readAll(topic, expected);
      // Every acknowledged write is there, in the order written per key; one sent again after a failure that had in
      // fact written it is there twice, and readers drop the repeat by id.
      for (const [key, values] of acknowledged) expect([...new Set(read.filter((value) => value.startsWith(`${key}:`)))]).toEqual(values);
    } finally {
      stop = true;
      await Promise.all(producers.map((p) => p.disconnect()));
    }
  });
});
