/**
 * Run as a child process by consumer.test.ts: an IdempotentConsumer that applies events until it
 * reaches the event HANG_ON_EVENT_ID, tells its parent over IPC and hangs in that handler until the
 * parent kills it. kafkajs commits offsets at the end of a batch, so the events it applied before
 * are recorded as processed while their offsets are not committed: what a crash leaves behind.
 */
import { Kafka, logLevel } from 'kafkajs';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { IdempotentConsumer } from './consumer';

export interface CrashingConsumerMessage {
  hangingOn: string;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const hangOnEventId = requiredEnv('HANG_ON_EVENT_ID');
  const db = await connectDatabase(requiredEnv('MONGODB_URI'), requiredEnv('CRASH_TEST_DB'));
  const applications = db.collection<{ eventId: string; by: string }>('applications');
  const consumer = new IdempotentConsumer({
    kafka: new Kafka({ clientId: 'crashing-consumer', brokers: requiredEnv('KAFKA_BROKERS').split(','), logLevel: logLevel.NOTHING }),
    // The broker drops a dead member only when its session times out, and a restarted group waits for that:
    // the broker's least instead of the default 30 s keeps the test short.
    sessionTimeoutMs: 6_000,
    groupId: requiredEnv('CRASH_TEST_GROUP'),
    topics: [requiredEnv('CRASH_TEST_TOPIC')],
    db,
    logger: createLogger('crashing-consumer', 'silent'),
    handle: async (event) => {
      if (event.id === hangOnEventId) {
        const message: CrashingConsumerMessage = { hangingOn: event.id };
        process.send?.(message);
        await new Promise<never>(() => undefined);
      }
      await applications.insertOne({ eventId: event.id, by: 'crashed consumer' });
    },
  });
  await consumer.start();
}

// Never outlive the test that started it.
process.on('disconnect', () => process.exit(1));
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
