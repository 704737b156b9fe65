import type { mongo } from '@obp/db';

/** Inserts `docs`; those whose `_id` is already stored are kept as they are (a replayed event). */
export async function insertNew<T extends { _id: string }>(collection: mongo.Collection<T>, docs: mongo.OptionalUnlessRequiredId<T>[]): Promise<void> {
  await collection.insertMany(docs, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
    if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
  });
}
