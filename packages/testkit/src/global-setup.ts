import { startFerretDb, startKafka } from './infra';

/**
 * Starts one real Kafka and one real FerretDB for the whole test run, unless KAFKA_BROKERS and
 * MONGODB_URI already point at servers (e.g. MongoDB 7 and Kafka from docker-compose.yml).
 */
export default async function globalSetup(): Promise<void> {
  const started: Array<() => Promise<void>> = [];
  if (!process.env.MONGODB_URI) {
    // No suite crashes this store (the fault-injection test starts its own), so commits need not wait for the disk.
    const ferret = await startFerretDb(undefined, { postgresSettings: '-c synchronous_commit=off' });
    process.env.MONGODB_URI = ferret.uri;
    // Tests that need a store of their own (e.g. with other PostgreSQL settings) start a local one too.
    process.env.OBP_LOCAL_STORE = 'ferretdb';
    started.push(ferret.stop);
  }
  if (!process.env.KAFKA_BROKERS) {
    const kafka = await startKafka();
    process.env.KAFKA_BROKERS = kafka.brokers.join(',');
    started.push(kafka.dispose);
  }
  (globalThis as { __obpStop?: Array<() => Promise<void>> }).__obpStop = started;
}
