/** Creates every topic of the platform explicitly (auto-creation is off on the broker). */
import { createKafka, ensureTopics } from '@obp/bus';
import { DEFAULT_EVENT_LOG_ROLL_MS, eventLogConfig, topicSpecs } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const kafka = createKafka('create-topics', brokers, createLogger('create-topics', 'warn'), { replicationFactor: Number(process.env.KAFKA_REPLICATION_FACTOR ?? 1) });
const rollMs = Number(process.env.EVENT_LOG_ROLL_MS ?? DEFAULT_EVENT_LOG_ROLL_MS);
ensureTopics(kafka, topicSpecs.map((t) => ({ ...t, config: eventLogConfig(rollMs) })))
  .then(() => console.log(`topics ready: ${topicSpecs.map((t) => t.topic).join(', ')}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
