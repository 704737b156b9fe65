import type { TransactionDto } from '@obp/contracts';
import { database, type Connection, type mongo } from '@obp/db';

type TransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate' | 'valueDate'> & {
  _id: string;
  consentId: string;
  ownerClientId: string;
  externalId: string;
  bookingDate: Date;
  valueDate: Date | null;
  /** The fetch that first stored this transaction: the fetch's `transactions.added` carries it. */
  fetchId: string;
};

export interface StoredTransaction extends TransactionDto {
  consentId: string;
  ownerClientId: string;
  externalId: string;
  fetchId: string;
}

const fromRecord = ({ _id, bookingDate, valueDate, ...rest }: TransactionRecord): StoredTransaction => ({
  id: _id,
  ...rest,
  bookingDate: bookingDate.toISOString(),
  valueDate: valueDate ? valueDate.toISOString() : null,
});

export const toTransactionDto = ({ consentId: _c, ownerClientId: _o, externalId: _e, fetchId: _f, ...dto }: StoredTransaction): TransactionDto => dto;

export interface TransactionPageQuery {
  accountId: string;
  from?: Date;
  to?: Date;
  skip: number;
  limit: number;
}

export class TransactionRepository {
  private readonly collection: mongo.Collection<TransactionRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<TransactionRecord>('transactions');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1, fetchId: 1 });
    await this.collection.createIndex({ accountId: 1, bookingDate: -1 });
  }

  /**
   * Stores the transactions not stored yet; one stored before keeps the `fetchId` of the fetch
   * that stored it first. Ids are stable, so a retried or repeated fetch never doubles one.
   */
  async insertNew(consentId: string, transactions: StoredTransaction[]): Promise<void> {
    const existing = await this.existingIds(consentId);
    const fresh = transactions.filter((t) => !existing.has(t.id));
    for (let i = 0; i < fresh.length; i += 500) {
      const docs = fresh.slice(i, i + 500).map(({ id, bookingDate, valueDate, ...rest }): TransactionRecord => ({
        _id: id,
        ...rest,
        bookingDate: new Date(bookingDate),
        valueDate: valueDate ? new Date(valueDate) : null,
      }));
      await this.collection.insertMany(docs, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
        const errors = error.writeErrors ?? [error];
        if (!errors.every((e) => e.code === 11000)) throw error;
      });
    }
  }

  async existingIds(consentId: string): Promise<Set<string>> {
    const records = await this.collection.find({ consentId }, { projection: { _id: 1 } }).toArray();
    return new Set(records.map((r) => String(r._id)));
  }

  /** Everything a fetch stored, oldest first. */
  async storedBy(consentId: string, fetchId: string): Promise<StoredTransaction[]> {
    const records = await this.collection.find({ consentId, fetchId }).sort({ bookingDate: 1, _id: 1 }).toArray();
    return records.map(fromRecord);
  }

  /** One account's transactions, newest booking first. */
  async page(q: TransactionPageQuery): Promise<{ items: StoredTransaction[]; total: number }> {
    const filter: mongo.Filter<TransactionRecord> = { accountId: q.accountId };
    if (q.from || q.to) filter.bookingDate = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) };
    const [records, total] = await Promise.all([
      this.collection.find(filter).sort({ bookingDate: -1, _id: 1 }).skip(q.skip).limit(q.limit).toArray(),
      this.collection.countDocuments(filter),
    ]);
    return { items: records.map(fromRecord), total };
  }

  async countByConsent(consentId: string): Promise<number> {
    return this.collection.countDocuments({ consentId });
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
