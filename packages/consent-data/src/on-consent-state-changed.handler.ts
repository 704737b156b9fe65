import type { ConsentStateData, EventEnvelope } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';

/** `consent.created` and `consent.status.updated`: whose consent it is, and its status. */
export const onConsentStateChanged =
  ({ consents }: ConsentDataCollections) =>
  async ({ consent }: ConsentStateData, event: EventEnvelope): Promise<void> => {
    await consents.updateOne(
      { _id: consent.id },
      { $set: { ownerClientId: event.ownerClientId, userId: consent.userId, externalUserId: consent.externalUserId, status: consent.status }, $setOnInsert: { transactionsThrough: null } },
      { upsert: true },
    );
  };
