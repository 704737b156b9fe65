import { gunzipSync, gzipSync } from 'node:zlib';
import type { TransactionDto } from '@obp/contracts';
import { monthBucket, mongo, type KeyedMutex } from '@obp/db';

/**
 * A consent's transactions booked in one month (UTC), as gzipped JSON in one document. One document a
 * month rather than one a transaction, because FerretDB converts every field of every document it
 * returns: a job reading a household's 700 transactions of 13 fields each spent most of its time there,
 * and 14 binary values cost next to nothing. A month of one consent holds up to about 150,000
 * transactions before its document reaches the store's 16 MB (about 65 bytes each gzipped), and each
 * batch added rewrites its month: fine for households and small businesses, not for a bank's
 * largest corporate clients (months would then be split into parts).
 */
export interface HistoryMonthRecord {
  _id: string;
  consentId: string;
  /** 'YYYY-MM', UTC: the prune removes months that left the window by index equality. */
  bookingMonth: string;
  version: number;
  count: number;
  /** The earliest booking date held (ISO): the prune rewrites only the months that hold one before the window. */
  firstBooked: string;
  transactionsGzip: mongo.Binary;
}

const DUPLICATE_KEY = 11000;

/** What a month holds, from its transactions sorted oldest first. */
const contents = (sorted: TransactionDto[]) => ({ count: sorted.length, firstBooked: sorted[0]!.bookingDate, transactionsGzip: packTransactions(sorted) });

export const packTransactions = (transactions: TransactionDto[]): mongo.Binary => new mongo.Binary(gzipSync(JSON.stringify(transactions)));

export const unpackTransactions = (record: Pick<HistoryMonthRecord, 'transactionsGzip'>): TransactionDto[] => JSON.parse(gunzipSync(record.transactionsGzip.buffer).toString('utf8')) as TransactionDto[];

/** Oldest first by booking date, then by id: the order every reader gets. */
export const byBookingDate = (a: TransactionDto, b: TransactionDto): number => compare(a.bookingDate, b.bookingDate) || compare(a.id, b.id);

/** Code-unit order, as the window's `>=` compares (ISO instants in UTC sort as time). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The months of every consent. A change of a month is a read-modify-write under the month's document
 * lock (FerretDB does not isolate concurrent updates of one document; see `KeyedMutex`) that applies
 * only to the version it read, so writers in several processes on MongoDB never lose each other's
 * transactions either: a lost race is retried with a fresh read.
 */
export class HistoryMonths {
  constructor(
    readonly collection: mongo.Collection<HistoryMonthRecord>,
    private readonly lock: KeyedMutex,
  ) {}

  /**
   * Adds those of `transactions` not stored yet (by id) to their months; one stored before is kept as
   * it is, so a replayed batch changes nothing. Booking dates are kept as full ISO instants (UTC), as
   * they are read back. Returns how many were new.
   */
  async add(consentId: string, transactions: TransactionDto[]): Promise<number> {
    const byMonth = new Map<string, TransactionDto[]>();
    for (const transaction of transactions) {
      const booked = new Date(transaction.bookingDate);
      const month = monthBucket(booked);
      const batch = byMonth.get(month) ?? [];
      batch.push({ ...transaction, bookingDate: booked.toISOString() });
      byMonth.set(month, batch);
    }
    let added = 0;
    for (const [month, batch] of byMonth) added += await this.addToMonth(consentId, month, batch);
    return added;
  }

  /** The transactions of `consentIds` booked from `start` on, oldest first (by booking date, then id), each id once. */
  async booked(consentIds: string[], start: Date): Promise<TransactionDto[]> {
    if (consentIds.length === 0) return [];
    const from = start.toISOString();
    const months = await this.collection.find({ consentId: { $in: consentIds } }).toArray();
    const seen = new Set<string>();
    // By id once: a transaction re-sent with another booking month would otherwise sit in two months.
    const unique = (t: TransactionDto) => {
      if (seen.has(t.id)) return false;
      seen.add(t.id);
      return true;
    };
    return months
      .flatMap(unpackTransactions)
      .filter((t) => t.bookingDate >= from)
      .sort(byBookingDate)
      .filter(unique);
  }

  /**
   * Drops what was booked before `start`: the `olderMonths` whole, found by `bookingMonth` equality,
   * then the older part of `start`'s own month, rewritten where `firstBooked` lies before it. Returns
   * how many transactions went.
   */
  async dropBefore(start: Date, olderMonths: string[]): Promise<number> {
    let dropped = 0;
    const old = { bookingMonth: { $in: olderMonths } };
    for (const { count } of await this.collection.find(old, { projection: { count: 1 } }).toArray()) dropped += count;
    await this.collection.deleteMany(old);
    const partlyOld = { bookingMonth: monthBucket(start), firstBooked: { $lt: start.toISOString() } };
    for (const month of await this.collection.find(partlyOld).toArray()) dropped += await this.dropBookedBefore(month, start);
    return dropped;
  }

  /** Removes the month's transactions booked before `start`; returns how many went. */
  private async dropBookedBefore(month: HistoryMonthRecord, start: Date): Promise<number> {
    const from = start.toISOString();
    return this.change(month._id, (stored) => {
      const kept = stored.filter((t) => t.bookingDate >= from);
      return { next: kept.length === stored.length ? null : kept, result: stored.length - kept.length };
    });
  }

  private addToMonth(consentId: string, month: string, batch: TransactionDto[]): Promise<number> {
    return this.change(
      `${consentId}:${month}`,
      (stored) => {
        const known = new Set(stored.map((t) => t.id));
        const fresh = [...new Map(batch.filter((t) => !known.has(t.id)).map((t) => [t.id, t])).values()];
        return { next: fresh.length === 0 ? null : [...stored, ...fresh].sort(byBookingDate), result: fresh.length };
      },
      { consentId, bookingMonth: month },
    );
  }

  /**
   * Reads the month, decides its next transactions (null: no change; empty: the month goes) and
   * writes them if the month is still the version read; else again. `create` names a month that may
   * not exist yet.
   */
  private async change<R>(id: string, decide: (stored: TransactionDto[]) => { next: TransactionDto[] | null; result: R }, create?: Pick<HistoryMonthRecord, 'consentId' | 'bookingMonth'>): Promise<R> {
    return this.lock.run(`history_months:${id}`, async () => {
      for (;;) {
        const current = await this.collection.findOne({ _id: id });
        if (!current && !create) return decide([]).result;
        const { next, result } = decide(current ? unpackTransactions(current) : []);
        if (next === null) return result;
        if (!current) {
          try {
            await this.collection.insertOne({ _id: id, ...create!, version: 1, ...contents(next) });
            return result;
          } catch (error) {
            if ((error as { code?: number }).code === DUPLICATE_KEY) continue; // another process made it first: merge into theirs
            throw error;
          }
        }
        const versioned = { _id: id, version: current.version };
        const written = next.length === 0 ? (await this.collection.deleteOne(versioned)).deletedCount : (await this.collection.updateOne(versioned, { $set: { version: current.version + 1, ...contents(next) } })).matchedCount;
        if (written === 1) return result;
      }
    });
  }
}
