import { createHash } from 'node:crypto';
import { IDEMPOTENCY_WINDOW_MS } from '@obp/contracts';
import { dayBucket, deleteOlderThan, isDuplicateKey, type mongo } from '@obp/db';
import type { AppKey, IdempotencyRecords, KeyedRequest, KeyHolder, StoredAnswer } from '@obp/http';

/** One app's Idempotency-Key, the request that holds it, and that request's answer once given. */
interface KeyRecord extends KeyHolder {
  /** SHA-256 of the app's id and the key: one record per key and app, decided by the unique `_id`. */
  _id: string;
  createdAt: Date;
  /** `dayBucket(createdAt)`: the purge reads by day through an index. */
  createdDay: string;
}

/** A record the analysis service wrote before keys were shared (within 24 hours of the upgrade): its job id, no route, no answer. */
interface EarlierRecord {
  _id: string;
  jobId: string;
  fingerprint: string;
  createdAt: Date;
  resourceId?: undefined;
}

/**
 * A service's Idempotency-Keys (24 hours), in its own store. Which request a key belongs to is
 * decided by a unique-key insert, which every store enforces (and which FerretDB did even before our patch
 * made its updates atomic), so of concurrent requests with one key exactly one claims it. A record
 * past the window counts as absent; records are purged by day (the local store has no TTL index).
 */
export class IdempotencyKeys implements IdempotencyRecords {
  private readonly keys: mongo.Collection<KeyRecord>;

  constructor(db: mongo.Db) {
    this.keys = db.collection<KeyRecord>('idempotency_keys');
  }

  async ensureIndexes(): Promise<void> {
    await this.keys.createIndex({ createdDay: 1 });
    await this.keys.createIndex({ resourceId: 1 });
  }

  async claim(key: AppKey, request: KeyedRequest, now: Date): Promise<{ won: true } | { won: false; holder: KeyHolder }> {
    const _id = recordId(key);
    for (;;) {
      try {
        await this.keys.insertOne({ _id, ...request, answer: null, createdAt: now, createdDay: dayBucket(now) });
        return { won: true };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const holder = await this.keys.findOne({ _id });
      if (holder && !expired(holder, now)) return { won: false, holder: await this.current(holder, request) };
      // An expired record the purge has not reached yet: the key is free again.
      if (holder) await this.keys.deleteOne({ _id, createdAt: holder.createdAt });
    }
  }

  async answered(key: AppKey, resourceId: string, answer: StoredAnswer): Promise<void> {
    await this.keys.updateOne({ _id: recordId(key), resourceId }, { $set: { answer } });
  }

  async release(key: AppKey, resourceId: string): Promise<void> {
    await this.keys.deleteOne({ _id: recordId(key), resourceId, answer: null });
  }

  /**
   * Deletes the keys of requests that created `resourceId`, with the answers kept for them: an
   * erased resource leaves nothing behind (its answer names it), and a retry creates anew.
   */
  async forgetResource(resourceId: string): Promise<number> {
    return (await this.keys.deleteMany({ resourceId })).deletedCount;
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.keys, { dayField: 'createdDay', timeField: 'createdAt' }, cutoff);
  }

  /**
   * The holder in the current form: a record of the analysis service's own keys (the only route
   * that had them) is rewritten as one of this route, its job as the resource, without an answer
   * (the job is found again by its id).
   */
  private async current(record: KeyRecord | EarlierRecord, request: KeyedRequest): Promise<KeyHolder> {
    if (record.resourceId !== undefined) return holderOf(record);
    const holder: KeyHolder = { operationId: request.operationId, fingerprint: record.fingerprint, resourceId: record.jobId, answer: null };
    await this.keys.updateOne({ _id: record._id, resourceId: { $exists: false } }, { $set: holder, $unset: { jobId: '' } });
    return holder;
  }
}

const holderOf = ({ operationId, fingerprint, resourceId, answer }: KeyHolder): KeyHolder => ({ operationId, fingerprint, resourceId, answer });

const recordId = ({ clientId, key }: AppKey) => createHash('sha256').update(`${clientId}\n${key}`).digest('hex');

const expired = (record: { createdAt: Date }, now: Date) => record.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_WINDOW_MS;
