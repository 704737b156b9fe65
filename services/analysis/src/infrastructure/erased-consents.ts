import { inChunks, type mongo } from '@obp/db';

/** An erased consent's id, or one of its accounts': nothing else of it. */
interface ErasedRecord {
  _id: string;
  kind: 'consent' | 'account';
  erasedAt: Date;
}

/**
 * The ids of erased consents and their accounts, kept so that a job naming one fails with
 * `ConsentDeleted` rather than `NoData`, and a run that finishes after an erasure keeps no result of
 * it. Ids only (no personal data), kept for good: an erasure must be recognisable however late a job
 * names it.
 */
export class ErasedConsents {
  private readonly erased: mongo.Collection<ErasedRecord>;

  constructor(db: mongo.Db) {
    this.erased = db.collection<ErasedRecord>('erased_consents');
  }

  async record(consentId: string, accountIds: string[], now: Date): Promise<void> {
    const records: ErasedRecord[] = [{ _id: consentId, kind: 'consent', erasedAt: now }, ...accountIds.map((id): ErasedRecord => ({ _id: id, kind: 'account', erasedAt: now }))];
    await this.erased.insertMany(records, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
      if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
    });
  }

  /** Which of `ids` (consent or account ids) were erased; read by `_id`. */
  async erasedAmong(ids: string[]): Promise<Set<string>> {
    const erased = new Set<string>();
    for (const chunk of inChunks(ids)) for (const record of await this.erased.find({ _id: { $in: chunk } }, { projection: { _id: 1 } }).toArray()) erased.add(record._id);
    return erased;
  }
}
