import mongoose, { mongo, type Connection } from 'mongoose';
import { StuckClientGuard, type StuckClientGuardOptions } from './stuck-client-guard';

export type { Connection };
export { mongoose, mongo };

/**
 * How long a store operation may take before it fails with an error that `isStoreUnavailable` counts (a 503 with
 * Retry-After for a request, a retry later for an event handler or a job), per kind of work:
 * - `service` (requests, event handlers, jobs): 15 s for the whole operation (`timeoutMS`: finding the server,
 *   waiting for a pooled connection, the driver's one retry of a read, every batch of a cursor read to the end),
 *   so one operation of a request ends well within the edge's 30 s wait for an upstream and the client gets the 503,
 *   not a 504 or nothing. Bounds on each round trip alone (`socketTimeoutMS`) would let a read retried after a
 *   timeout, or a wait for a connection first, add up past those 30 s. The service's own operations are small
 *   (batches of at most a few hundred documents, 1 MB chunks); the driver also tells the server how long it may
 *   take (`maxTimeMS`), which FerretDB honours on find, aggregate and findAndModify and ignores on the others (on
 *   `distinct` since our patch, infra/ferretdb/patches/handler-distinct-max-time.patch).
 * - `maintenance` (migrations, operator commands): a whole collection read through one cursor, or one statement
 *   building an index or rewriting a collection, may take long there, so no bound on the whole operation: one round
 *   trip may take up to 10 min, a pooled connection may be waited for up to 1 min. Still never a wait without end.
 * Both give up connecting (and the driver's monitor its check of the server) after 10 s.
 */
export const STORE_TIMEOUTS = {
  service: { timeoutMS: 15_000, serverSelectionTimeoutMS: 10_000, connectTimeoutMS: 10_000 },
  maintenance: { socketTimeoutMS: 600_000, waitQueueTimeoutMS: 60_000, serverSelectionTimeoutMS: 30_000, connectTimeoutMS: 10_000 },
} as const;

export interface DatabaseOptions {
  /** Sees every command sent to the database (tests that check which queries the code issues). */
  onCommand?: (event: mongo.CommandStartedEvent) => void;
  /** Which bounds apply to the store's operations (`STORE_TIMEOUTS`); `service` unless told. */
  work?: keyof typeof STORE_TIMEOUTS;
  /** When the connection counts as stuck and is replaced, and who is told (`StuckClientGuard`). */
  stuckClient?: StuckClientGuardOptions;
}

/** Opens one service's own database; each service passes its own `dbName`. */
export async function connectDatabase(uri: string, dbName: string, options: DatabaseOptions = {}): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    ...STORE_TIMEOUTS[options.work ?? 'service'],
    maxPoolSize: 20,
    autoIndex: false,
    autoCreate: true,
    monitorCommands: options.onCommand !== undefined,
  });
  if (options.onCommand) connection.getClient().on('commandStarted', options.onCommand);
  await connection.asPromise();
  const guard = new StuckClientGuard(connection.getClient(), uri, options.stuckClient);
  connection.once('close', () => guard.stop());
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
export { isStoreUnavailable, type StoreTooSlow } from './store-errors';
export { STUCK_CLIENT_BOUNDS, type StuckClientReport, type StuckClientGuardOptions } from './stuck-client-guard';
export { KeyedMutex } from './keyed-mutex';
export { dayBucket, monthBucket, hourBucket, dayBucketsBefore, hourBucketsBetween, inChunks, deleteOlderThan, type DatedRecords } from './time-buckets';

export { isDuplicateKey, insertUnique } from './unique-keys';
export { runMigrations, MIGRATIONS_COLLECTION, type Migration, type MigrationRunOptions } from './migrations';
