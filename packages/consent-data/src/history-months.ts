import type { TransactionDto } from '@obp/contracts';
import type { mongo } from '@obp/db';
import { MonthBuckets, type BucketDocument } from '@obp/store';

/**
 * A consent's transactions booked in one month (UTC), one bucket each (`MonthBuckets`, see
 * docs/decisions.md "Month buckets (issue 25)"). A month of one consent holds up to about 150,000
 * transactions before its document reaches the store's 16 MB (about 65 bytes each gzipped), and each
 * batch added rewrites its month: fine for households and small businesses, not for a bank's
 * largest corporate clients (months would then be split into parts). A document: `_id`
 * `<consentId>:<month>`, `consentId`, `bookingMonth`, `version`, `count`, `firstBooked`, `transactionsGzip`.
 */
/** Oldest first by booking date, then by id: the order every reader gets. */
export const byBookingDate = (a: TransactionDto, b: TransactionDto): number => compare(a.bookingDate, b.bookingDate) || compare(a.id, b.id);

/** Code-unit order, as the window's `>=` compares (ISO instants in UTC sort as time). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The months of every consent, in `history_months`: buckets by consent and booking month, oldest first. */
export class HistoryMonths {
  private readonly months: MonthBuckets<TransactionDto>;

  constructor(collection: mongo.Collection<BucketDocument>) {
    this.months = new MonthBuckets<TransactionDto>({
      collection,
      ownerField: 'consentId',
      monthField: 'bookingMonth',
      valueField: 'transactionsGzip',
      idOf: (t) => t.id,
      bookedAt: (t) => t.bookingDate,
      order: byBookingDate,
    });
  }

  ensureIndexes(): Promise<void> {
    return this.months.ensureIndexes();
  }

  /**
   * Adds those of `transactions` not stored yet (by id) to their months; one stored before is kept as
   * it is, so a replayed batch changes nothing. Booking dates are kept as full ISO instants (UTC), as
   * they are read back. Returns how many were new.
   */
  async add(consentId: string, transactions: TransactionDto[]): Promise<number> {
    const normalised = transactions.map((t) => ({ ...t, bookingDate: new Date(t.bookingDate).toISOString() }));
    return (await this.months.add(consentId, { consentId }, normalised)).length;
  }

  /** The transactions of `consentIds` booked from `start` on, oldest first (by booking date, then id), each id once. */
  async booked(consentIds: string[], start: Date): Promise<TransactionDto[]> {
    if (consentIds.length === 0) return [];
    const from = start.toISOString();
    const seen = new Set<string>();
    // By id once: a transaction re-sent with another booking month would otherwise sit in two months.
    const unique = (t: TransactionDto) => {
      if (seen.has(t.id)) return false;
      seen.add(t.id);
      return true;
    };
    return (await this.months.monthsWhere({ consentId: { $in: consentIds } }))
      .flatMap((month) => month.items)
      .filter((t) => t.bookingDate >= from)
      .sort(byBookingDate)
      .filter(unique);
  }

  /** Drops what was booked before `start` (`olderMonths` whole, then the older part of `start`'s month). Returns how many went. */
  dropBefore(start: Date, olderMonths: string[]): Promise<number> {
    return this.months.dropBefore(start, olderMonths);
  }

  deleteByConsent(consentId: string): Promise<number> {
    return this.months.deleteOwnedBy(consentId);
  }
}
