import { database, indexNames, type Migration } from '@obp/db';
import { chunkOf, listChunkKey, SHARE_LISTS_COLLECTION, type ShareListDocument } from '../infrastructure/share-lists';

const MIGRATED_INDEX = 'ownerClientId_1_createdAt_1__id_1';

/**
 * Shares made before the lists of share-lists.ts take the next positions of their owner's list, oldest first
 * (by `createdAt`, then id, the order the lists showed before), and each owner's list gets its chunks' counts.
 * The owner index sorted by `createdAt` serves nothing since and goes. Run again, it picks up where it stopped.
 */
export const shareListPositions: Migration = {
  id: '0003-share-list-positions',
  async up(connection) {
    const db = database(connection);
    const shares = db.collection<{ _id: string; ownerClientId: string }>('shares');
    const lists = db.collection<ShareListDocument>(SHARE_LISTS_COLLECTION);
    const owners = await shares.distinct('ownerClientId', { deletedAt: null, listPosition: { $exists: false } });
    for (const owner of owners) {
      let next = (await lists.findOne({ _id: owner }))?.next ?? 0;
      const unplaced = await shares.find({ ownerClientId: owner, deletedAt: null, listPosition: { $exists: false } }, { projection: { _id: 1 }, sort: { createdAt: 1, _id: 1 } }).toArray();
      for (const share of unplaced) {
        const position = next++;
        await shares.updateOne({ _id: share._id, listPosition: { $exists: false } }, { $set: { listPosition: position, listChunk: listChunkKey(owner, chunkOf(position)) } });
      }
      const counts: Record<string, number> = {};
      for (let chunk = 0; chunk <= chunkOf(Math.max(next - 1, 0)); chunk++) {
        counts[String(chunk)] = await shares.countDocuments({ listChunk: listChunkKey(owner, chunk), deletedAt: null });
      }
      await lists.updateOne({ _id: owner }, { $set: { next, counts }, $inc: { version: 1 } }, { upsert: true });
    }
    if ((await indexNames(shares))?.includes(MIGRATED_INDEX)) await shares.dropIndex(MIGRATED_INDEX);
  },
};
