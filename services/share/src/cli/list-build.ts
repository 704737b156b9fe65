import { setTimeout } from 'node:timers/promises';
import { connectDatabase, database } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { loadShareConfig } from '../config';
import type { Share } from '../domain/share';
import { POSITIONS_SEEN_MS, ShareLists } from '../infrastructure/share-lists';
import { shareStoreOptions } from '../infrastructure/share-store';

// `npm run share:list-build` (docs/runbook.md, "Share lists"): once every instance runs a version keeping the lists,
// marks the build begun (from then on every instance gives new shares positions), waits until each has seen it,
// builds every app's list (shares made before placed before it, every block counted again, reads switched to it),
// then lets the maintenance round build the lists of apps made later. Safe to run again.
const logger = createLogger('share-list-build');
void (async () => {
  const config = loadShareConfig();
  const connection = await connectDatabase(config.MONGODB_URI, config.SHARE_DB_NAME, { work: 'maintenance' });
  try {
    const db = database(connection);
    const lists = new ShareLists(db, new AggregateStore<Share>(db, shareStoreOptions));
    await lists.build.updateOne({ _id: 'build' }, { $set: { begun: true } }, { upsert: true });
    logger.info({ waitMs: POSITIONS_SEEN_MS }, 'share list build begun: waiting for every instance to give new shares positions');
    await setTimeout(POSITIONS_SEEN_MS);
    const owners = (await db.collection(shareStoreOptions.collection).distinct('ownerClientId', { deletedAt: null })) as string[];
    for (const owner of owners) await lists.buildList(owner, new Date());
    await lists.build.updateOne({ _id: 'build' }, { $set: { done: true } }, { upsert: true });
    logger.info({ lists: owners.length }, 'share lists built');
  } finally {
    await connection.close();
  }
})().catch((error: unknown) => {
  logger.fatal({ err: error }, 'building the share lists failed');
  process.exitCode = 1;
});
