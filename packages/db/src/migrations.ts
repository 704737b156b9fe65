import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Connection, mongo } from 'mongoose';
import { insertUnique, isDuplicateKey } from './unique-keys';

/**
 * One change of a database's data or indexes that a new version needs before it starts (a field
 * renamed, documents moved to another shape). Its `id` is recorded once it ran: never rename one that
 * was released. `up` must be safe to run again after it stopped half-way (a crash, a lost lock).
 */
export interface Migration {
  /** `0001-<what it does>`: the service's migrations run in the order they are listed. */
  id: string;
  up(connection: Connection): Promise<void>;
}

export interface MigrationRunOptions {
  /** Who runs them (recorded with each migration; the lock names it). */
  owner?: string;
  /** The lock lapses this long after its last renewal (a runner that crashed holds it no longer); renewed every third of it. */
  leaseMs?: number;
  /** How long a runner waits for another one's lock before it gives up. */
  waitMs?: number;
  /** How often a waiting runner looks at the lock again. */
  pollMs?: number;
  onApplied?: (id: string, ms: number) => void;
  onWaiting?: (holder: string) => void;
}

/** Each migration that ran, recorded in the database it changed. */
export const MIGRATIONS_COLLECTION = 'schema_migrations';
/** The lock document's id in the same collection (migration ids start with a digit). */
const LOCK_ID = '~lock';

interface MigrationRecord {
  _id: string;
  appliedAt?: Date;
  ms?: number;
  owner: string;
  /** The lock only: it lapses then. */
  expiresAt?: Date;
}

/**
 * Runs the migrations that `connection`'s database has not recorded yet, in order, and records each
 * once it ran. Runners of one database take turns through a lock document (a unique-key insert: the
 * store enforces unique keys even where it does not isolate concurrent updates), so of two runners at
 * once one migrates and the other waits, then finds everything recorded. A runner that crashed
 * leaves its lock to lapse after `leaseMs`. A migration that throws is not recorded and stops the
 * run (the next run starts with it again). Returns the ids this call applied.
 */
export async function runMigrations(connection: Connection, migrations: readonly Migration[], options: MigrationRunOptions = {}): Promise<string[]> {
  const ids = migrations.map((m) => m.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw new Error(`migration ids must be unique: ${twice.join(', ')}`);
  const bad = ids.filter((id) => !/^\d{4}-[a-z0-9-]+$/.test(id));
  if (bad.length > 0) throw new Error(`a migration id is NNNN-<name> in lower case: ${bad.join(', ')}`);
  if (!connection.db) throw new Error('the database connection is not open');
  const records = connection.db.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
  if ((await pending(records, ids)).length === 0) return [];

  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 60_000;
  await acquire(records, owner, leaseMs, options);
  // A renewal that finds the lock gone or another's (this runner paused past its lease and another took
  // over) ends the run before its next step: two runners may then overlap in one step at most.
  let lost = false;
  const renewal = setInterval(() => {
    records.updateOne({ _id: LOCK_ID, owner }, { $set: { expiresAt: new Date(Date.now() + leaseMs) } }).then(
      (renewed) => {
        if (renewed.matchedCount === 0) lost = true;
      },
      () => undefined,
    );
  }, Math.max(1, Math.floor(leaseMs / 3)));
  const stillHeld = async () => {
    if (lost || (await records.findOne({ _id: LOCK_ID }))?.owner !== owner) throw new Error(`the migrations lock of ${owner} was taken over (it lapsed): stopping; the next run goes on from the first unrecorded migration`);
  };
  const applied: string[] = [];
  try {
    const toRun = new Set(await pending(records, ids));
    for (const migration of migrations) {
      if (!toRun.has(migration.id)) continue;
      await stillHeld();
      const started = Date.now();
      await migration.up(connection);
      const ms = Date.now() - started;
      await stillHeld();
      // A runner that took the lapsed lock over may have run it too: the record is written once.
      if (await insertUnique(records, { _id: migration.id, appliedAt: new Date(), ms, owner })) applied.push(migration.id);
      options.onApplied?.(migration.id, ms);
    }
  } finally {
    clearInterval(renewal);
    await records.deleteOne({ _id: LOCK_ID, owner }).catch(() => undefined);
  }
  return applied;
}

/** The ids of `ids` that the database has not recorded, in their order. */
async function pending(records: mongo.Collection<MigrationRecord>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const done = new Set((await records.find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } }).toArray()).map((r) => r._id));
  return ids.filter((id) => !done.has(id));
}

async function acquire(records: mongo.Collection<MigrationRecord>, owner: string, leaseMs: number, options: MigrationRunOptions): Promise<void> {
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  for (let reported = false; ; ) {
    try {
      await records.insertOne({ _id: LOCK_ID, owner, expiresAt: new Date(Date.now() + leaseMs) });
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // A lock past its lease belongs to a runner that stopped: it goes, and the inserts race again.
    const lapsed = await records.deleteOne({ _id: LOCK_ID, expiresAt: { $lte: new Date() } });
    if (lapsed.deletedCount > 0) continue;
    const holder = await records.findOne({ _id: LOCK_ID });
    if (!holder) continue;
    if (!reported) options.onWaiting?.(holder.owner);
    reported = true;
    if (Date.now() >= deadline) throw new Error(`the migrations lock is held by ${holder.owner}; gave up waiting`);
    await delay(options.pollMs ?? 500);
  }
}
