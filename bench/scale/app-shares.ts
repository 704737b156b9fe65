/** One app's shares seeded through the store, and the processes a request of it goes through (shares-at-scale, share-creates). */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { connectDatabase, database } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { ShareLists, shareStoreOptions, writtenExpired, type Share } from '@obp/share';
import type { BenchConfig } from './config';
import { infraDirs, type RunningStack } from './stack';

const SEED_BATCH = 1_000;
const DAY_MS = 86_400_000;

/** The share database of the stack (its manifest name is `share`). */
export const shareDatabase = (stack: RunningStack) => stack.databases.find((name) => name.endsWith('_share'))!;

/**
 * `count` shares of one app, oldest first, made over the last 200 days: a third name a consent, a fifth an
 * account; one in three lives a year (unexpired for most), the others the default day (expired for most).
 */
export async function seedShares(config: BenchConfig, stack: RunningStack, ownerClientId: string, count: number): Promise<{ ids: string[]; seconds: number }> {
  const connection = await connectDatabase(config.mongoUri ?? `mongodb://127.0.0.1:${config.ports.ferretDb}`, shareDatabase(stack));
  try {
    const db = database(connection);
    const shares = new AggregateStore<Share>(db, shareStoreOptions);
    const lists = new ShareLists(db, shares);
    const started = performance.now();
    const ids: string[] = [];
    const now = new Date();
    const first = now.getTime() - 200 * DAY_MS;
    for (let from = 0; from < count; from += SEED_BATCH) {
      const batch: Share[] = [];
      const size = Math.min(count, from + SEED_BATCH) - from;
      // A batch's positions at once, without intents: nothing else writes this list while it is seeded, and the build counts it after.
      const firstPosition = await lists.reserve(ownerClientId, now);
      await lists.lists.updateOne({ _id: ownerClientId }, { $inc: { next: size - 1 } });
      for (let n = from; n < from + size; n++) {
        const position = firstPosition + n - from;
        const createdAt = new Date(first + Math.floor((n * 200 * DAY_MS) / count));
        const share: Share = {
          id: randomUUID(),
          ownerClientId,
          clientId: `partner-app-${n % 20}`,
          reference: `order-${n}`,
          expirationDateUtc: new Date(createdAt.getTime() + (n % 3 === 0 ? 365 : 1) * DAY_MS),
          consentIds: n % 3 === 0 ? [randomUUID()] : null,
          accountIds: n % 5 === 0 ? [randomUUID(), randomUUID()] : null,
          analysisIds: null,
          createdAt,
          updatedAt: createdAt,
          listPosition: position,
        };
        share.listExpired = writtenExpired(share.expirationDateUtc, now);
        batch.push(share);
        ids.push(share.id);
      }
      await shares.insertMissing(batch);
      if ((from / SEED_BATCH) % 10 === 9) console.log(`  ${(from + SEED_BATCH).toLocaleString('en-US')} shares`);
    }
    // Every block counted from its shares, as `npm run share:list-build` does.
    await lists.buildList(ownerClientId, now);
    return { ids, seconds: (performance.now() - started) / 1000 };
  } finally {
    await connection.close();
  }
}

/** The processes a GET /shares goes through (the stack's local store only), name → pid. */
export function requestPath(config: BenchConfig, stack: RunningStack): Record<string, number> {
  const pidIn = (file: string) => Number(fs.readFileSync(file, 'utf8').split('\n')[0]!.trim());
  const pids: Record<string, number> = { edge: pidIn(path.join(stack.runDir, 'pids/edge.pid')), share: pidIn(path.join(stack.runDir, 'pids/share.pid')) };
  if (!config.mongoUri) {
    pids.ferretdb = pidIn(path.join(infraDirs(config).ferretDb, 'ferretdb.pid'));
    pids.postgres = pidIn(path.join(infraDirs(config).ferretDb, 'postgres/postmaster.pid'));
  }
  return pids;
}

