import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueName } from '@obp/testkit';
import { createKafka, ensureTopics } from './kafka';

const logger = createLogger('test', 'silent');

describe('ensureTopics (real broker)', () => {
  it('creates topics with the replication factor the client was given (the one broker here refuses two copies), else with the cluster’s size: one copy here', async () => {
    const topic = uniqueName('ensure-topics-test');
    const onCluster = createKafka(uniqueName('ensure-topics-test'), testEnv().kafkaBrokers, logger, { replicationFactor: 2 });
    await expect(ensureTopics(onCluster, [{ topic, partitions: 1 }])).rejects.toMatchObject({ errors: [expect.objectContaining({ type: 'INVALID_REPLICATION_FACTOR' })] });

    await ensureTopics(createKafka(uniqueName('ensure-topics-test'), testEnv().kafkaBrokers, logger), [{ topic, partitions: 1 }]);
    const admin = createKafka(uniqueName('ensure-topics-test'), testEnv().kafkaBrokers, logger).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      expect(topics[0]!.partitions.map((p) => p.replicas.length)).toEqual([1]);
    } finally {
      await admin.disconnect();
    }
  });
});
