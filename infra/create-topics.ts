/** Creates every topic of the platform explicitly (auto-creation is off on the broker). */
import { createKafka, ensureTopics } from '@obp/bus';
import { commonEnv, loadConfig, z } from '@obp/config';
import { eventLogConfig, topicSpecs } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';

const config = loadConfig(z.object({ KAFKA_BROKERS: commonEnv.KAFKA_BROKERS, EVENT_LOG_ROLL_MS: commonEnv.EVENT_LOG_ROLL_MS, KAFKA_REPLICATION_FACTOR: commonEnv.KAFKA_REPLICATION_FACTOR }));
const kafka = createKafka('create-topics', config.KAFKA_BROKERS, createLogger('create-topics', 'warn'), { replicationFactor: config.KAFKA_REPLICATION_FACTOR });
ensureTopics(kafka, topicSpecs.map((t) => ({ ...t, config: eventLogConfig(config.EVENT_LOG_ROLL_MS) })))
  .then(() => console.log(`topics ready: ${topicSpecs.map((t) => t.topic).join(', ')}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
