import { Kafka, logLevel, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from '@obp/telemetry';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(clientId: string, brokers: string[], logger: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5_000 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...extra } = entry.log;
      logger[levels[entry.level] ?? 'info']({ kafka: entry.namespace, ...extra }, message);
    },
  });
}

/** An idempotent producer: broker-side de-duplication of retried sends, ordered per partition. */
export function createProducer(kafka: Kafka): Producer {
  return kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
}

/** Creates topics that do not exist yet and waits for their leaders; existing topics are left alone. */
export async function ensureTopics(kafka: Kafka, topics: ReadonlyArray<{ topic: string; partitions: number }>): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((t) => ({ topic: t.topic, numPartitions: t.partitions, replicationFactor: 1 })),
    });
  } finally {
    await admin.disconnect();
  }
}
