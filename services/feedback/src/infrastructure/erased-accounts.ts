import { ensureCollection, type mongo } from '@obp/db';

const COLLECTION = 'erased_accounts';

/** An account erased with its consent: its id and when, nothing else. */
interface ErasedAccount {
  _id: string;
  erasedAt: Date;
}

/**
 * The ids of accounts erased with their consents, from `consent.deleted`: feedback naming one is
 * refused however late it comes, and an item submitted while its consent was being erased is erased
 * after it. Ids only (no personal data), kept for good, read by `_id`.
 */
export class ErasedAccounts {
  private readonly erased: mongo.Collection<ErasedAccount>;

  constructor(private readonly db: mongo.Db) {
    this.erased = db.collection<ErasedAccount>(COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await ensureCollection(this.db, COLLECTION);
  }

  /** Repeating it changes nothing. */
  async record(accountIds: readonly string[], now: Date): Promise<void> {
    if (accountIds.length === 0) return;
    await this.erased.insertMany(
      accountIds.map((id) => ({ _id: id, erasedAt: now })),
      { ordered: false },
    ).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
      if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
    });
  }

  async isErased(accountId: string): Promise<boolean> {
    return (await this.erased.findOne({ _id: accountId }, { projection: { _id: 1 } })) !== null;
  }
}
