import { startFerretDb, startKafka } from './infra';

/**
 * Starts one real Kafka and one real FerretDB for the whole test run, side by side, unless KAFKA_BROKERS
 * and MONGODB_URI already point at servers (e.g. MongoDB 7 and Kafka from docker-compose.yml).
 */
export default async function globalSetup(): Promise<void> {
  const started: Array<() => Promise<void>> = [];
  (globalThis as { __obpStop?: Array<() => Promise<void>> }).__obpStop = started;
  const store = async () => {
    if (process.env.MONGODB_URI) return;
    // No suite crashes this store (the fault-injection test starts its own), so commits need not wait for the disk.
    const ferret = await startFerretDb(undefined, { postgresSettings: '-c synchronous_commit=off' });
    started.push(ferret.stop);
    process.env.MONGODB_URI = ferret.uri;
    // Tests that need a store of their own (e.g. with other PostgreSQL settings) start a local one too.
    process.env.OBP_LOCAL_STORE = 'ferretdb';
  };
  const broker = async () => {
    if (process.env.KAFKA_BROKERS) return;
    const kafka = await startKafka();
    started.push(kafka.dispose);
    process.env.KAFKA_BROKERS = kafka.brokers.join(',');
  };
  const [storeStarted, brokerStarted] = await Promise.allSettled([store(), broker()]);
  const failed = [storeStarted, brokerStarted].find((result) => result.status === 'rejected');
  if (failed) {
    // The one that started is not left running.
    await Promise.all(started.splice(0).map((stop) => stop().catch(() => undefined)));
    throw failed.reason;
  }
}
