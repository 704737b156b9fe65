import { createHash } from 'node:crypto';
import { dayBucket, deleteOlderThan, type mongo } from '@obp/db';

/** An Idempotency-Key of one app, the job its first request created, and that request's body. */
interface KeyRecord {
  /** SHA-256 of the app's id and the key: one record per key and app, decided by the unique `_id`. */
  _id: string;
  jobId: string;
  /** SHA-256 of the request body as parsed: a retry must send the same. */
  fingerprint: string;
  createdAt: Date;
  /** `dayBucket(createdAt)`: the purge reads by day through an index. */
  createdDay: string;
}

export interface KeyedRequest {
  ownerClientId: string;
  key: string;
  fingerprint: string;
}

export type KeyClaim = { won: true } | { won: false; jobId: string; fingerprint: string };

export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/**
 * Idempotency-Keys of job creations (24 hours). Which request a key belongs to is decided by a
 * unique-key insert: FerretDB does not isolate concurrent updates of one document, but it enforces
 * unique keys, so of two requests with one key exactly one creates the job. Records older than the
 * window are purged by day (the local store has no TTL index).
 */
export class IdempotencyKeys {
  private readonly keys: mongo.Collection<KeyRecord>;

  constructor(db: mongo.Db) {
    this.keys = db.collection<KeyRecord>('idempotency_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.keys.createIndex({ createdDay: 1 });
  }

  /** The job a key of the app names (within the window), or null. */
  async find(request: Pick<KeyedRequest, 'ownerClientId' | 'key'>, now: Date): Promise<{ jobId: string; fingerprint: string } | null> {
    const record = await this.keys.findOne({ _id: recordId(request) });
    return record && !expired(record, now) ? { jobId: record.jobId, fingerprint: record.fingerprint } : null;
  }

  /** Takes the key for `jobId`; when another request has it (within the window), names that request's job. */
  async claim(request: KeyedRequest, jobId: string, now: Date): Promise<KeyClaim> {
    const _id = recordId(request);
    for (;;) {
      try {
        await this.keys.insertOne({ _id, jobId, fingerprint: request.fingerprint, createdAt: now, createdDay: dayBucket(now) });
        return { won: true };
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
      const holder = await this.keys.findOne({ _id });
      if (holder && !expired(holder, now)) return { won: false, jobId: holder.jobId, fingerprint: holder.fingerprint };
      // An expired record the purge has not reached yet: the key is free again.
      if (holder) await this.keys.deleteOne({ _id, createdAt: holder.createdAt });
    }
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.keys, { dayField: 'createdDay', timeField: 'createdAt' }, cutoff);
  }
}

const recordId = ({ ownerClientId, key }: Pick<KeyedRequest, 'ownerClientId' | 'key'>) => createHash('sha256').update(`${ownerClientId}\n${key}`).digest('hex');

const expired = (record: KeyRecord, now: Date) => record.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_WINDOW_MS;

/** The fingerprint of a request body: its parsed form, so the letter case and order of property names do not count. */
export const fingerprintOf = (body: unknown): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');
