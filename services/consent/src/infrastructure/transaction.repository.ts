import type { TransactionDto } from '@obp/contracts';
import { database, inChunks, monthBucket, type Connection, type mongo } from '@obp/db';
import { monthsNewestFirst, monthsOfPage, type MonthCount } from '../domain/transaction-page';
import { TransactionMonths } from './transaction-months';

type TransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate' | 'valueDate'> & {
  _id: string;
  consentId: string;
  ownerClientId: string;
  externalId: string;
  bookingDate: Date;
  /** `monthBucket(bookingDate)`: an account's months are rewritten from their transactions. Absent on records stored before it. */
  bookingMonth?: string;
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

const fromRecord = ({ _id, bookingDate, bookingMonth: _m, valueDate, ...rest }: TransactionRecord): StoredTransaction => ({
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
  private readonly months: TransactionMonths;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<TransactionRecord>('transactions');
    this.months = new TransactionMonths(connection);
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1, fetchId: 1 });
    await this.collection.createIndex({ accountId: 1, bookingDate: -1 });
    await this.collection.createIndex({ accountId: 1, bookingMonth: 1 });
    await this.months.ensureIndexes();
  }

  /**
   * Stores the transactions not stored yet; one stored before keeps the `fetchId` of the fetch
   * that stored it first. Ids are stable, so a retried or repeated fetch never doubles one. Then
   * brings every account's months up to what is stored (see `TransactionMonths.rewrite`): a fetch
   * that stopped before is set right by the next one. An account whose transactions were stored
   * before months were kept is paged from the transactions until then.
   */
  async insertNew(consentId: string, transactions: StoredTransaction[]): Promise<void> {
    const existing = await this.collection.find({ consentId }, { projection: { _id: 1, accountId: 1, bookingDate: 1, bookingMonth: 1 } }).toArray();
    await this.addBookingMonths(existing.filter((r) => r.bookingMonth === undefined));
    const existingIds = new Set(existing.map((r) => r._id));
    const fresh = transactions.filter((t) => !existingIds.has(t.id));
    for (let i = 0; i < fresh.length; i += 500) {
      const docs = fresh.slice(i, i + 500).map(({ id, bookingDate, valueDate, ...rest }): TransactionRecord => ({
        _id: id,
        ...rest,
        bookingDate: new Date(bookingDate),
        bookingMonth: monthBucket(new Date(bookingDate)),
        valueDate: valueDate ? new Date(valueDate) : null,
      }));
      await this.collection.insertMany(docs, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
        const errors = error.writeErrors ?? [error];
        if (!errors.every((e) => e.code === 11000)) throw error;
      });
    }
    const stored = [...existing, ...fresh.map((t) => ({ accountId: t.accountId, bookingDate: new Date(t.bookingDate) }))];
    await this.countMonths(consentId, stored);
  }

  /** Gives records stored before `bookingMonth` existed theirs. */
  private async addBookingMonths(records: Array<Pick<TransactionRecord, '_id' | 'bookingDate'>>): Promise<void> {
    const idsByMonth = new Map<string, string[]>();
    for (const r of records) {
      const month = monthBucket(r.bookingDate);
      idsByMonth.set(month, [...(idsByMonth.get(month) ?? []), r._id]);
    }
    for (const [month, ids] of idsByMonth) {
      for (const chunk of inChunks(ids)) await this.collection.updateMany({ _id: { $in: chunk } }, { $set: { bookingMonth: month } });
    }
  }

  private async countMonths(consentId: string, stored: Array<Pick<TransactionRecord, 'accountId' | 'bookingDate'>>): Promise<void> {
    const byAccount = new Map<string, Record<string, number>>();
    for (const { accountId, bookingDate } of stored) {
      const months = byAccount.get(accountId) ?? {};
      const month = monthBucket(bookingDate);
      months[month] = (months[month] ?? 0) + 1;
      byAccount.set(accountId, months);
    }
    for (const [accountId, months] of byAccount) {
      await this.months.rewrite(consentId, accountId, months, async (chunk) =>
        (await this.collection.find({ accountId, bookingMonth: { $in: chunk } }).toArray()).map(fromRecord),
      );
    }
  }

  /** Everything a fetch stored, oldest first. */
  async storedBy(consentId: string, fetchId: string): Promise<StoredTransaction[]> {
    const records = await this.collection.find({ consentId, fetchId }).sort({ bookingDate: 1, _id: 1 }).toArray();
    return records.map(fromRecord);
  }

  /**
   * One account's transactions, newest booking first: the months of the range (from the account's
   * counts), then only the months holding the page. Months the range cuts are read first, to count
   * what of them is in range.
   */
  async page(q: TransactionPageQuery): Promise<{ items: StoredTransaction[]; total: number }> {
    const counts = await this.months.countsOf(q.accountId);
    if (!counts) return this.pageOfUncounted(q);
    const first = q.from && monthBucket(q.from);
    const last = q.to && monthBucket(q.to);
    const inRange = (t: StoredTransaction) => (!q.from || new Date(t.bookingDate) >= q.from) && (!q.to || new Date(t.bookingDate) <= q.to);
    const read = new Map<string, StoredTransaction[]>();
    const readMonths = async (months: string[]) => {
      for (const [month, transactions] of await this.months.read(q.accountId, months)) read.set(month, transactions.filter(inRange));
    };
    let months = monthsNewestFirst(counts, first, last);
    await readMonths(months.filter((m) => m.month === first || m.month === last).map((m) => m.month));
    months = months.map((m): MonthCount => ({ month: m.month, count: read.get(m.month)?.length ?? m.count }));
    const { months: pageMonths, skipInFirst } = monthsOfPage(months, q.skip, q.limit);
    await readMonths(pageMonths.filter((month) => !read.has(month)));
    const items = pageMonths.flatMap((month) => read.get(month)!).slice(skipInFirst, skipInFirst + q.limit);
    return { items, total: months.reduce((sum, m) => sum + m.count, 0) };
  }

  private async pageOfUncounted(q: TransactionPageQuery): Promise<{ items: StoredTransaction[]; total: number }> {
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
    await this.months.deleteByConsent(consentId);
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
