/** Removes what a run leaves in the stores: local infra data directories, or its databases and topics on external servers. */
import fs from 'node:fs';
import { mongo } from '@obp/db';
import type { BenchConfig } from './config';
import { deleteNamespaceTopics } from './kafka';
import { infraDirs } from './stack';

async function dropDatabases(uri: string, names: string[]): Promise<void> {
  const client = new mongo.MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    for (const name of names) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/** Local infra (stopped by then): its data directories, so the next run starts empty. */
export function removeLocalInfraData(config: BenchConfig): void {
  const dirs = infraDirs(config);
  if (!config.mongoUri) fs.rmSync(dirs.ferretDb, { recursive: true, force: true });
  if (!config.kafkaBrokers) fs.rmSync(dirs.kafka, { recursive: true, force: true });
}

export async function removeExternalData(config: BenchConfig, databases: string[], namespace: string): Promise<void> {
  if (config.mongoUri) await dropDatabases(config.mongoUri, databases);
  if (config.kafkaBrokers) await deleteNamespaceTopics(config.kafkaBrokers.split(','), namespace);
}

/** What one stack of a benchmark left: its databases and topics on an external store and Kafka, else the local infrastructure's data. */
export async function removeStackData(config: BenchConfig, stack: { databases: string[]; namespace: string }): Promise<void> {
  if (config.mongoUri) await removeExternalData(config, stack.databases, stack.namespace).catch(() => undefined);
  else removeLocalInfraData(config);
}
