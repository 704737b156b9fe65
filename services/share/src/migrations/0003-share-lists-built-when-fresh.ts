import { database, type Migration } from '@obp/db';
import { SHARE_LIST_BUILD_COLLECTION, type BuildMarker } from '../infrastructure/share-lists';
import { shareStoreOptions } from '../infrastructure/share-store';

/**
 * A share database with no share yet needs no build of its lists (`npm run share:list-build`): it is marked built,
 * so that every app's list is read from its first share on. A database with shares keeps the runbook's order
 * (every instance on a version keeping the lists, then the build).
 */
export const shareListsBuiltWhenFresh: Migration = {
  id: '0003-share-lists-built-when-fresh',
  async up(connection) {
    const db = database(connection);
    if (await db.collection(shareStoreOptions.collection).findOne({}, { projection: { _id: 1 } })) return;
    await db.collection<BuildMarker>(SHARE_LIST_BUILD_COLLECTION).updateOne({ _id: 'build' }, { $set: { begun: true, done: true } }, { upsert: true });
  },
};
