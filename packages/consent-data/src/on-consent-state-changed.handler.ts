import { randomUUID } from 'node:crypto';
import type { ConsentStateData, EventEnvelope } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';
import { insertNew } from './insert-new';

/** `consent.created` and `consent.status.updated`: whose consent it is, and its status; the consent's result slot. */
export const onConsentStateChanged =
  ({ consents, resultSlots }: ConsentDataCollections) =>
  async ({ consent }: ConsentStateData, event: EventEnvelope): Promise<void> => {
    await consents.updateOne(
      { _id: consent.id },
      {
        $set: { ownerClientId: event.ownerClientId, userId: consent.userId, externalUserId: consent.externalUserId, status: consent.status },
        $setOnInsert: { transactionsThrough: null, dataVersion: randomUUID() },
      },
      { upsert: true },
    );
    await insertNew(resultSlots, [{ _id: consent.id }]);
  };
