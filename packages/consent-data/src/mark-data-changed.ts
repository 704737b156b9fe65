import { randomUUID } from 'node:crypto';
import type { ConsentDataCollections } from './collections';

/**
 * After a handler has written the consent's accounts or transactions: a new `dataVersion`, so results
 * derived from the old data no longer hold, and the cached one is dropped. A fresh random value rather
 * than the event's id, so a replayed event can never bring back a version an old result was cached under.
 */
export async function markDataChanged({ consents, resultSlots }: ConsentDataCollections, consentId: string): Promise<void> {
  const projected = await consents.updateOne({ _id: consentId }, { $set: { dataVersion: randomUUID() } });
  // A late event of an erased consent finds no consent: no slot is made for it.
  if (projected.matchedCount === 1) await resultSlots.replaceOne({ _id: consentId }, {}, { upsert: true });
}
