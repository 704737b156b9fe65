import mongoose, { type Connection } from 'mongoose';

export type { Connection };
export { mongoose };

/** Opens one service's own database; each service passes its own `dbName`. */
export async function connectDatabase(uri: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
    autoIndex: false,
    autoCreate: true,
  });
  await connection.asPromise();
  return connection;
}

export async function isDatabaseReady(connection: Connection): Promise<boolean> {
  if (connection.readyState !== 1 || !connection.db) return false;
  await connection.db.admin().ping();
  return true;
}

/** Creates the indexes of every model of the connection (explicitly, once, at start). */
export async function ensureIndexes(connection: Connection): Promise<void> {
  for (const model of Object.values(connection.models)) await model.createIndexes();
}

export { KeyedMutex, documentLocks } from './keyed-mutex';
