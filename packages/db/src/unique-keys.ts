import type { mongo } from 'mongoose';

/** The store's refusal of a write whose unique key is taken (MongoDB's code, which FerretDB keeps). */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

/** Inserts `document` unless its unique key is taken: true when this call inserted it. */
export async function insertUnique<T extends mongo.Document>(collection: mongo.Collection<T>, document: mongo.OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne(document);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
