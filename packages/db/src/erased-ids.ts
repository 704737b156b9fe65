import type { mongo } from 'mongoose';
import { ensureCollection } from './collections';
import { inChunks } from './time-buckets';

/** An erased thing's id and when it was erased: nothing else of it. */
interface ErasedRecord {
  _id: string;
  erasedAt: Date;
}

/**
 * The ids of what a service learnt was erased (consents, their accounts), kept for good: an event,
 * request or job naming one is recognised however late it comes. Ids only, no personal data; read
 * by `_id`.
 */
export class ErasedIds {
  private readonly erased: mongo.Collection<ErasedRecord>;

  constructor(
    private readonly db: mongo.Db,
    private readonly collectionName: string,
  ) {
    this.erased = db.collection<ErasedRecord>(collectionName);
  }

  /** Creates the collection, so that the first reads by `_id` go through its index. */
  async ensureIndexes(): Promise<void> {
    await ensureCollection(this.db, this.collectionName);
  }

  /** Repeating it changes nothing. */
  async record(ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.erased.insertMany(
      ids.map((id) => ({ _id: id, erasedAt: now })),
      { ordered: false },
    ).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
      if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
    });
  }

  /** Which of `ids` were erased. */
  async erasedAmong(ids: readonly string[]): Promise<Set<string>> {
    const erased = new Set<string>();
    for (const chunk of inChunks(ids)) for (const record of await this.erased.find({ _id: { $in: [...chunk] } }, { projection: { _id: 1 } }).toArray()) erased.add(record._id);
    return erased;
  }

  async isErased(id: string): Promise<boolean> {
    return (await this.erased.findOne({ _id: id }, { projection: { _id: 1 } })) !== null;
  }
}
