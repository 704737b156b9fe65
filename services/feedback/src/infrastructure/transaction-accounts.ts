import type { mongo } from '@obp/db';

type TransactionAccountRecord = { _id: string; accountId: string; consentId: string };

/**
 * Which account each transaction of a consent belongs to (the id alone, nothing of the transaction),
 * from `transactions.added`: feedback may only name a transaction together with its own account.
 */
export class TransactionAccounts {
  private readonly collection: mongo.Collection<TransactionAccountRecord>;

  constructor(db: mongo.Db) {
    this.collection = db.collection<TransactionAccountRecord>('transaction_accounts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
  }

  /** One bulk write for the batch; adding the same transactions again changes nothing. */
  async add(consentId: string, transactions: ReadonlyArray<{ id: string; accountId: string }>): Promise<void> {
    if (transactions.length === 0) return;
    await this.collection.bulkWrite(
      transactions.map((t) => ({ replaceOne: { filter: { _id: t.id }, replacement: { accountId: t.accountId, consentId }, upsert: true } })),
      { ordered: false },
    );
  }

  /** The account of the transaction, or null when it is not known here. */
  async accountOf(transactionId: string): Promise<string | null> {
    return (await this.collection.findOne({ _id: transactionId }))?.accountId ?? null;
  }

  async eraseConsent(consentId: string): Promise<void> {
    await this.collection.deleteMany({ consentId });
  }
}
