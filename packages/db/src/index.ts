import mongoose, { mongo, type Connection } from 'mongoose';

export type { Connection };
export { mongoose, mongo };

export interface DatabaseOptions {
  /** Sees every command sent to the database (tests that check which queries the code issues). */
  onCommand?: (event: mongo.CommandStartedEvent) => void;
}

/** Opens one service's own database; each service passes its own `dbName`. */
export async function connectDatabase(uri: string, dbName: string, options: DatabaseOptions = {}): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
    autoIndex: false,
    autoCreate: true,
    monitorCommands: options.onCommand !== undefined,
  });
  if (options.onCommand) connection.getClient().on('commandStarted', options.onCommand);
  await connection.asPromise();
  return connection;
}

/** The driver's database handle of a connected connection: every collection is read through it. */
export function database(connection: Connection): mongo.Db {
  if (!connection.db) throw new Error('the database connection is not open');
  return connection.db;
}

export async function isDatabaseReady(connection: Connection): Promise<boolean> {
  if (connection.readyState !== 1 || !connection.db) return false;
  await connection.db.admin().ping();
  return true;
}

export { ensureCollection, indexNames } from './collections';
export { ErasedIds } from './erased-ids';
export { isStoreUnavailable } from './store-errors';
export { KeyedMutex, documentLocks } from './keyed-mutex';
export { dayBucket, monthBucket, hourBucket, dayBucketsBefore, hourBucketsBetween, inChunks, deleteOlderThan, type DatedRecords } from './time-buckets';

export { isDuplicateKey, insertUnique } from './unique-keys';
export { runMigrations, MIGRATIONS_COLLECTION, type Migration, type MigrationRunOptions } from './migrations';
