import { Schema, type Connection, type Model } from 'mongoose';
import { documentLocks, type KeyedMutex } from '@obp/db';
import type { Collection, Document } from 'mongodb';
import { Topics, ShareEventTypes, type ShareEventType } from '@obp/contracts';
import { appendToOutbox, newOutboxEntry, type OutboxEntry } from '@obp/bus';
import { toShareDto, type Share } from '../domain/share';

interface ShareRecord {
  _id: string;
  ownerClientId: string;
  clientId: string;
  reference: string | null;
  expirationDateUtc: Date;
  consentIds: string[] | null;
  accountIds: string[] | null;
  analysisIds: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  deletedAt: Date | null;
  outbox: OutboxEntry[];
  hasOutbox: boolean;
}

const shareSchema = new Schema<ShareRecord>(
  {
    _id: { type: String, required: true },
    ownerClientId: { type: String, required: true },
    clientId: { type: String, required: true },
    reference: { type: String, default: null },
    expirationDateUtc: { type: Date, required: true },
    consentIds: { type: [String], default: null },
    accountIds: { type: [String], default: null },
    analysisIds: { type: [String], default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, required: true },
    deletedAt: { type: Date, default: null },
    outbox: { type: Schema.Types.Mixed, default: [] },
    hasOutbox: { type: Boolean, default: false },
  },
  { collection: 'shares', versionKey: false, minimize: false },
);
shareSchema.index({ ownerClientId: 1, deletedAt: 1, createdAt: 1, _id: 1 });
shareSchema.index({ hasOutbox: 1 });

const toShare = (r: ShareRecord): Share => ({
  id: r._id,
  ownerClientId: r.ownerClientId,
  clientId: r.clientId,
  reference: r.reference ?? null,
  expirationDateUtc: r.expirationDateUtc,
  consentIds: r.consentIds ?? null,
  accountIds: r.accountIds ?? null,
  analysisIds: r.analysisIds ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export interface ListQuery {
  ownerClientId: string;
  isExpired?: boolean;
  now: Date;
  skip: number;
  limit: number;
}

/**
 * Shares and their outbox live in one document, so each state change and its event are one
 * atomic write. Deleting marks the document; the outbox relay removes it once the deletion
 * event is published.
 */
export class ShareRepository {
  readonly model: Model<ShareRecord>;
  readonly lock: KeyedMutex;

  constructor(connection: Connection, private readonly topic: string = Topics.shareEvents) {
    this.model = connection.model<ShareRecord>('Share', shareSchema);
    this.lock = documentLocks(connection);
  }

  private write<T>(id: string, task: () => Promise<T>): Promise<T> {
    return this.lock.run(`${this.model.collection.collectionName}:${id}`, task);
  }

  get collection(): Collection<Document> {
    return this.model.collection as unknown as Collection<Document>;
  }

  async insert(share: Share): Promise<void> {
    const entry = this.event(ShareEventTypes.created, share);
    await this.model.collection.insertOne({
      _id: share.id,
      ownerClientId: share.ownerClientId,
      clientId: share.clientId,
      reference: share.reference,
      expirationDateUtc: share.expirationDateUtc,
      consentIds: share.consentIds,
      accountIds: share.accountIds,
      analysisIds: share.analysisIds,
      createdAt: share.createdAt,
      updatedAt: share.updatedAt,
      version: 1,
      deletedAt: null,
      outbox: [entry],
      hasOutbox: true,
    } as unknown as Document);
  }

  async findOwned(ownerClientId: string, id: string): Promise<(Share & { version: number }) | null> {
    // Looked up by _id alone (the one filter FerretDB pushes down to SQLite), then checked here.
    const r = await this.model.findOne({ _id: id }, { outbox: 0 }).lean<ShareRecord>();
    if (!r || r.ownerClientId !== ownerClientId || r.deletedAt) return null;
    return { ...toShare(r), version: r.version };
  }

  async list(q: ListQuery): Promise<{ items: Share[]; total: number }> {
    const filter: Record<string, unknown> = { ownerClientId: q.ownerClientId, deletedAt: null };
    if (q.isExpired === true) filter.expirationDateUtc = { $lte: q.now };
    if (q.isExpired === false) filter.expirationDateUtc = { $gt: q.now };
    const [records, total] = await Promise.all([
      this.model.find(filter, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).skip(q.skip).limit(q.limit).lean<ShareRecord[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: records.map(toShare), total };
  }

  /** Applies `changes` if the share is still at `version`; false on a concurrent change. */
  async update(current: Share & { version: number }, changes: Pick<Share, 'expirationDateUtc' | 'updatedAt'>): Promise<boolean> {
    const next: Share = { ...current, ...changes };
    const outbox = appendToOutbox([this.event(ShareEventTypes.updated, next)]);
    const res = await this.write(current.id, () =>
      this.model.collection.updateOne({ _id: current.id, version: current.version, deletedAt: null } as Document, {
        $set: { ...changes, ...outbox.set },
        $inc: { version: 1 },
        $push: outbox.push,
      } as Document),
    );
    return res.matchedCount === 1;
  }

  async markDeleted(current: Share & { version: number }, now: Date): Promise<boolean> {
    const outbox = appendToOutbox([this.event(ShareEventTypes.deleted, current)]);
    const res = await this.write(current.id, () =>
      this.model.collection.updateOne({ _id: current.id, version: current.version, deletedAt: null } as Document, {
        $set: { deletedAt: now, updatedAt: now, ...outbox.set },
        $inc: { version: 1 },
        $push: outbox.push,
      } as Document),
    );
    return res.matchedCount === 1;
  }

  /**
   * Erasure of a consent: every share naming the consent or one of its accounts loses those ids,
   * announced as share.updated. Returns how many shares changed; repeating it changes nothing.
   */
  async dropConsentReferences(consentId: string, accountIds: string[], now: Date): Promise<number> {
    const filter = { deletedAt: null, $or: [{ consentIds: consentId }, ...(accountIds.length > 0 ? [{ accountIds: { $in: accountIds } }] : [])] };
    const candidates = await this.model.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>();
    let changed = 0;
    for (const { _id } of candidates) {
      const updated = await this.write(_id, async () => {
        const r = await this.model.findOne({ _id }, { outbox: 0 }).lean<ShareRecord>();
        if (!r || r.deletedAt) return false;
        const without = (ids: string[] | null, drop: string[]) => (ids === null ? null : ids.filter((id) => !drop.includes(id)));
        const next: Share = { ...toShare(r), consentIds: without(r.consentIds, [consentId]), accountIds: without(r.accountIds, accountIds), updatedAt: now };
        if (next.consentIds?.length === r.consentIds?.length && next.accountIds?.length === r.accountIds?.length) return false;
        const outbox = appendToOutbox([this.event(ShareEventTypes.updated, next)]);
        const res = await this.model.collection.updateOne({ _id, version: r.version } as Document, {
          $set: { consentIds: next.consentIds, accountIds: next.accountIds, updatedAt: now, ...outbox.set },
          $inc: { version: 1 },
          $push: outbox.push,
        } as Document);
        return res.matchedCount === 1;
      });
      if (updated) changed++;
    }
    return changed;
  }

  private event(type: ShareEventType, share: Share): OutboxEntry {
    return newOutboxEntry({
      topic: this.topic,
      key: share.id,
      type,
      ownerClientId: share.ownerClientId,
      data: { ...toShareDto(share), createdAt: share.createdAt.toISOString() },
    });
  }
}
