import type { mongo } from 'mongoose';

/**
 * Time buckets let a query "older than", "due by" read through an equality index: the local store
 * (FerretDB 1.x) pushes equality and `$in` down to PostgreSQL's indexes but evaluates every range
 * in memory, over all rows the equality part matched. A record stores the bucket of its time beside
 * the time itself; a query names the buckets it wants (`$in`) and keeps the exact range for the
 * edges, so it reads those buckets' rows and never the collection.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `2026-11-23`: the UTC day of `at`. */
export const dayBucket = (at: Date): string => at.toISOString().slice(0, 10);

/** `2026-11`: the UTC calendar month of `at`. */
export const monthBucket = (at: Date): string => at.toISOString().slice(0, 7);

/** `2026-11-23T14`: the UTC hour of `at`. */
export const hourBucket = (at: Date): string => at.toISOString().slice(0, 13);

/**
 * The day buckets wholly before `cutoff`'s day, newest first, going back `lookbackDays`: what a
 * purge of records older than `cutoff` deletes by bucket (the cutoff's own day needs the exact time).
 * A purge that runs at least once in `lookbackDays` misses nothing.
 */
export function dayBucketsBefore(cutoff: Date, lookbackDays: number): string[] {
  const start = Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate());
  return Array.from({ length: lookbackDays }, (_, i) => dayBucket(new Date(start - (i + 1) * DAY_MS)));
}

/** The hour buckets from `from`'s hour to `to`'s hour, both included, oldest first. */
export function hourBucketsBetween(from: Date, to: Date): string[] {
  const buckets: string[] = [];
  for (let at = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS; at <= to.getTime(); at += HOUR_MS) buckets.push(hourBucket(new Date(at)));
  return buckets;
}

/**
 * Splits a long `$in` list. The local store turns each value into one index probe, OR-ed in one
 * statement; PostgreSQL estimates each probe's rows without statistics for absent values, so past a
 * few dozen probes it prefers reading the whole table.
 */
export function inChunks<T>(values: readonly T[], size = 25): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}

export interface DatedRecords {
  /** The records' own scope, e.g. one consumer group's. */
  scope?: Record<string, unknown>;
  /** The field holding `dayBucket(time)`. */
  dayField: string;
  /** The field holding the time itself. */
  timeField: string;
}

/**
 * Deletes the records of `scope` whose time is before `cutoff`, reading only the days before it
 * (through an index on `dayField`) and the cutoff's own day; returns how many went.
 */
export async function deleteOlderThan<T extends mongo.Document>(collection: mongo.Collection<T>, records: DatedRecords, cutoff: Date, lookbackDays = 400): Promise<number> {
  const scope = records.scope ?? {};
  let deleted = 0;
  for (const days of inChunks(dayBucketsBefore(cutoff, lookbackDays))) {
    deleted += (await collection.deleteMany({ ...scope, [records.dayField]: { $in: days } } as mongo.Filter<T>)).deletedCount;
  }
  const edge = { ...scope, [records.dayField]: dayBucket(cutoff), [records.timeField]: { $lt: cutoff } };
  return deleted + (await collection.deleteMany(edge as mongo.Filter<T>)).deletedCount;
}
