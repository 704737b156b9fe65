import type { mongo } from 'mongoose';

/**
 * Creates the collection unless it exists, so that reads by `_id` go through its index from the
 * first (before anything was written to it, the local store would scan nothing through no index).
 */
/** The names of the collection's indexes; null when the collection does not exist yet (nothing was written to it). */
export async function indexNames<T extends mongo.Document>(collection: mongo.Collection<T>): Promise<string[] | null> {
  try {
    return (await collection.listIndexes().toArray()).map((index) => String(index.name));
  } catch (error) {
    if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return null;
    throw error;
  }
}

export async function ensureCollection(db: mongo.Db, name: string): Promise<void> {
  if ((await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0) return;
  // Another process of the database may create it meanwhile.
  await db.createCollection(name).catch((error: { codeName?: string }) => {
    if (error.codeName !== 'NamespaceExists') throw error;
  });
}
