import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';
import type { OutboxEntry } from '@obp/bus';
import { documentLocks, type KeyedMutex } from '@obp/db';
import type { Consent } from '../domain/consent';

interface ConsentRecord extends Consent {
  _id: string;
  version: number;
  outbox: OutboxEntry[];
  hasOutbox: boolean;
  /** Erasure started: the consent is gone for the API; its data is being removed. */
  erasedAt: Date | null;
  /** Erasure done: the relay removes the document once the last events are published. */
  deletedAt: Date | null;
}

export interface ConsentFilter {
  ownerClientId?: string;
  consentId?: string;
  userId?: string;
  externalUserId?: string;
}

export type Mutation<T> = { next: Consent; events: OutboxEntry[]; result: T } | { next?: undefined; result: T };

const fromRecord = (r: ConsentRecord): Consent & { version: number } => {
  const { _id, outbox: _o, hasOutbox: _h, erasedAt: _e, deletedAt: _d, ...rest } = r;
  return { ...rest, id: _id };
};

/**
 * Consents and their outbox live in one document, so a state change and its events are one
 * write. Every write to a consent runs under its document lock (see @obp/db), after a fresh read.
 */
export class ConsentRepository {
  readonly lock: KeyedMutex;
  readonly collection: Collection<Document>;

  constructor(connection: Connection) {
    this.lock = documentLocks(connection);
    this.collection = connection.collection('consents') as unknown as Collection<Document>;
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ ownerClientId: 1 });
    await this.collection.createIndex({ hasOutbox: 1 });
  }

  async insert(consent: Consent, events: OutboxEntry[]): Promise<void> {
    const { id, ...rest } = consent;
    await this.collection.insertOne({ _id: id, ...rest, version: 1, outbox: events, hasOutbox: events.length > 0, erasedAt: null, deletedAt: null } as unknown as Document);
  }

  /** A live (not erased) consent. */
  async find(id: string): Promise<(Consent & { version: number }) | null> {
    const r = (await this.collection.findOne({ _id: id } as Document, { projection: { outbox: 0 } })) as unknown as ConsentRecord | null;
    return r && !r.erasedAt && !r.deletedAt ? fromRecord(r) : null;
  }

  async list(filter: ConsentFilter): Promise<Consent[]> {
    const query: Record<string, unknown> = { erasedAt: null, deletedAt: null };
    if (filter.ownerClientId !== undefined) query.ownerClientId = filter.ownerClientId;
    if (filter.consentId !== undefined) query._id = filter.consentId;
    if (filter.userId !== undefined) query.userId = filter.userId;
    if (filter.externalUserId !== undefined) query.externalUserId = filter.externalUserId;
    const records = (await this.collection.find(query as Document, { projection: { outbox: 0 } }).sort({ dateRequested: 1, _id: 1 }).toArray()) as unknown as ConsentRecord[];
    return records.map(fromRecord);
  }

  /** Ids of live consents, for the background jobs to look at. */
  async liveIds(): Promise<string[]> {
    const records = await this.collection.find({ erasedAt: null, deletedAt: null } as Document, { projection: { _id: 1 } }).toArray();
    return records.map((r) => String(r._id));
  }

  /** Ids of live consents with a fetch waiting or running. */
  async withPendingFetch(): Promise<string[]> {
    const records = await this.collection.find({ erasedAt: null, deletedAt: null, fetch: { $ne: null } } as Document, { projection: { _id: 1 } }).toArray();
    return records.map((r) => String(r._id));
  }

  /** Ids of consents whose erasure started but did not finish (a crash in between). */
  async unfinishedErasures(): Promise<string[]> {
    const records = await this.collection.find({ erasedAt: { $ne: null }, deletedAt: null } as Document, { projection: { _id: 1 } }).toArray();
    return records.map((r) => String(r._id));
  }

  /**
   * Reads the live consent and applies `change` to it under its lock; the new state and its
   * events are written in one update, guarded by the version read.
   */
  async mutate<T>(id: string, change: (current: Consent) => Mutation<T>): Promise<{ found: false } | { found: true; result: T }> {
    return this.lock.run(`consents:${id}`, async () => {
      const found = await this.find(id);
      if (!found) return { found: false as const };
      const { version, ...current } = found;
      const outcome = change(current);
      if (outcome.next) {
        const { id: _id, ...state } = outcome.next;
        const res = await this.collection.updateOne({ _id: id, version } as Document, {
          $set: { ...state, ...(outcome.events.length > 0 ? { hasOutbox: true } : {}) },
          $inc: { version: 1 },
          $push: { outbox: { $each: outcome.events } },
        } as Document);
        if (res.matchedCount !== 1) throw new Error(`consent ${id} changed concurrently`);
      }
      return { found: true as const, result: outcome.result };
    });
  }

  /** First step of erasure: the consent disappears from the API and its erasure events are queued. */
  async markErased(id: string, events: (current: Consent) => OutboxEntry[], now: Date): Promise<Consent | null> {
    return this.lock.run(`consents:${id}`, async () => {
      const current = await this.find(id);
      if (!current) return null;
      const res = await this.collection.updateOne({ _id: id, version: current.version } as Document, {
        $set: { erasedAt: now, fetch: null, hasOutbox: true },
        $inc: { version: 1 },
        $push: { outbox: { $each: events(current) } },
      } as Document);
      if (res.matchedCount !== 1) throw new Error(`consent ${id} changed concurrently`);
      return current;
    });
  }

  /** Last step of erasure: the document goes now, or once the relay has published its last events. */
  async markDeleted(id: string, now: Date): Promise<void> {
    await this.lock.run(`consents:${id}`, async () => {
      const r = (await this.collection.findOne({ _id: id } as Document, { projection: { version: 1, hasOutbox: 1 } })) as { version: number; hasOutbox: boolean } | null;
      if (!r) return;
      if (!r.hasOutbox) {
        await this.collection.deleteOne({ _id: id, version: r.version } as Document);
        return;
      }
      // Only what the relay needs is kept; the personal fields go now.
      await this.collection.updateOne({ _id: id, version: r.version } as Document, {
        $set: { deletedAt: now, userId: null, externalUserId: null, redirectUrl: '', errors: [], accountIds: [], transactionEventKeys: [] },
        $inc: { version: 1 },
      } as Document);
    });
  }
}
