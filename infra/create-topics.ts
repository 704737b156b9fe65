/** Creates every topic of the platform explicitly (auto-creation is off on the broker), inside the deployment's NAMESPACE. */
import { createKafka, ensureTopics, inNamespace } from '@obp/bus';
import { commonEnv, loadConfig, z } from '@obp/config';
import { eventLogConfig, topicSpecs } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';

const config = loadConfig(
  z.object({ KAFKA_BROKERS: commonEnv.KAFKA_BROKERS, EVENT_LOG_ROLL_MS: commonEnv.EVENT_LOG_ROLL_MS, EVENT_LOG_LAG_BOUND_MS: commonEnv.EVENT_LOG_LAG_BOUND_MS, KAFKA_REPLICATION_FACTOR: commonEnv.KAFKA_REPLICATION_FACTOR, NAMESPACE: commonEnv.NAMESPACE }),
);
const kafka = createKafka('create-topics', config.KAFKA_BROKERS, createLogger('create-topics', 'warn'), { replicationFactor: config.KAFKA_REPLICATION_FACTOR });
const topics = topicSpecs.map((t) => ({ ...t, topic: inNamespace(config.NAMESPACE, t.topic), config: eventLogConfig({ rollMs: config.EVENT_LOG_ROLL_MS, lagBoundMs: config.EVENT_LOG_LAG_BOUND_MS }) }));
ensureTopics(kafka, topics)
  .then(() => console.log(`topics ready: ${topics.map((t) => t.topic).join(', ')}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
