import { database, dayBucket, indexNames, type Migration } from '@obp/db';
import { chunkOf, listChunkKey, listExpiryKey, SHARE_LISTS_COLLECTION, type ShareListDocument } from '../infrastructure/share-lists';

const MIGRATED_INDEX = 'ownerClientId_1_createdAt_1__id_1';

interface StoredShare {
  _id: string;
  ownerClientId: string;
  expirationDateUtc: Date;
  listPosition?: number;
}

/**
 * Shares made before the lists of share-lists.ts take the next positions of their owner's list, oldest first
 * (by `createdAt`, then id, the order the lists showed before), and each owner's list gets its chunks' counts.
 * The owner index sorted by `createdAt` serves nothing since and goes. Run again, it picks up where it stopped.
 */
export const shareListPositions: Migration = {
  id: '0003-share-list-positions',
  async up(connection) {
    const db = database(connection);
    const shares = db.collection<StoredShare>('shares');
    const lists = db.collection<ShareListDocument>(SHARE_LISTS_COLLECTION);
    const owners = await shares.distinct('ownerClientId', { deletedAt: null, listPosition: { $exists: false } });
    for (const owner of owners) {
      let next = (await lists.findOne({ _id: owner }))?.next ?? 0;
      const unplaced = await shares
        .find({ ownerClientId: owner, deletedAt: null, listPosition: { $exists: false } }, { projection: { _id: 1, expirationDateUtc: 1 }, sort: { createdAt: 1, _id: 1 } })
        .toArray();
      for (const share of unplaced) {
        const position = next++;
        const placed = { listPosition: position, listChunk: listChunkKey(owner, chunkOf(position)), listExpiry: listExpiryKey(owner, chunkOf(position), dayBucket(share.expirationDateUtc)) };
        await shares.updateOne({ _id: share._id, listPosition: { $exists: false } }, { $set: placed });
      }
      const counts: Record<string, number> = {};
      const expiries: Record<string, Record<string, number>> = {};
      const live = await shares.find({ ownerClientId: owner, deletedAt: null }, { projection: { listPosition: 1, expirationDateUtc: 1 } }).toArray();
      for (const share of live) {
        const chunk = String(chunkOf(share.listPosition!));
        const day = dayBucket(share.expirationDateUtc);
        counts[chunk] = (counts[chunk] ?? 0) + 1;
        expiries[chunk] = { ...expiries[chunk], [day]: (expiries[chunk]?.[day] ?? 0) + 1 };
      }
      await lists.updateOne({ _id: owner }, { $set: { next, counts, expiries }, $inc: { version: 1 } }, { upsert: true });
    }
    if ((await indexNames(shares))?.includes(MIGRATED_INDEX)) await shares.dropIndex(MIGRATED_INDEX);
  },
};
