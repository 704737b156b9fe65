import type { TransactionDto } from '@obp/contracts';
import { database, monthBucket, type Connection } from '@obp/db';
import { MonthBuckets, type BucketDocument, type MonthsRead } from '@obp/store';
import { monthsNewestFirst, monthsOfPage, type MonthCount } from '../domain/transaction-page';

export interface StoredTransaction extends TransactionDto {
  consentId: string;
  ownerClientId: string;
  externalId: string;
  /** The fetch (or statement import) that first stored this transaction: its `transactions.added` carries it. */
  fetchId: string;
  /** Imported from a statement file: its content key (docs/statements.md), by which an overlapping file finds it again. */
  contentKey?: string;
}

const NOT_IN_DTO = new Set(['consentId', 'ownerClientId', 'externalId', 'fetchId', 'contentKey']);

/** The transaction as answered: without what only the store keeps. Copied a field at a time (a rest of a transaction costs far more). */
export const toTransactionDto = (t: StoredTransaction): TransactionDto => {
  const dto: Record<string, unknown> = {};
  for (const key in t) if (!NOT_IN_DTO.has(key)) dto[key] = t[key as keyof StoredTransaction];
  return dto as unknown as TransactionDto;
};

/**
 * What some accounts of a consent hold, read once (`holdings`): an import compares a file with it, and stores
 * into it (`storeNew`) without reading it again.
 */
export interface AccountHoldings {
  byAccount: Map<string, StoredTransaction[]>;
  ids: Set<string>;
  read: MonthsRead<StoredTransaction>;
}

export interface TransactionPageQuery {
  accountId: string;
  from?: Date;
  to?: Date;
  skip: number;
  limit: number;
}

/** Where the transactions are kept: `transaction_buckets`, one bucket per account and booking month. */
export const TRANSACTION_BUCKETS = 'transaction_buckets';

/** Oldest booking first, then by id (ISO instants in UTC compare as time): the order a fetch's transactions are announced in. */
export const oldestFirst = (transactions: StoredTransaction[]): StoredTransaction[] => transactions.sort((a, b) => compare(a.bookingDate, b.bookingDate) || compare(a.id, b.id));
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * An ISO instant in UTC as `toISOString` writes it, of a day every month has (a 30 February would be moved on to
 * March by `Date`): it is its own normal form.
 */
const NORMAL_INSTANT = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const instant = (date: string): string => (NORMAL_INSTANT.test(date) ? date : new Date(date).toISOString());

/**
 * Dates as full ISO instants in UTC, as they are read back; the fields in the order they have always been answered in
 * (id first, the dates last). Copied a field at a time: a rest and a spread of a transaction cost far more.
 */
const normalised = (t: StoredTransaction): StoredTransaction => {
  const row: Record<string, unknown> = { id: t.id };
  for (const key in t) if (key !== 'id' && key !== 'bookingDate' && key !== 'valueDate') row[key] = t[key as keyof StoredTransaction];
  row.bookingDate = instant(t.bookingDate);
  row.valueDate = t.valueDate ? instant(t.valueDate) : null;
  return row as unknown as StoredTransaction;
};

/** The fields of a transaction besides what it is stored under. */
export type TransactionFields = Omit<TransactionDto, 'id' | 'accountId'>;

/**
 * A transaction as stored, from its fields and what it is stored under: what `normalised` makes of the two together
 * (id first, then the fields, then what it is stored under, the dates last as ISO instants in UTC), made at once, for
 * `storeRows`. `row` holds the id and the fields but the dates (e.g. `canonicalRow`), and is completed in place.
 *
 * What it is stored under is written field by field by name: a property added by a computed key (`row[key]`) to an
 * object that already holds sixteen outside its own slots turns it into a dictionary (V8), which costs several times
 * the memory and makes every later copy, iteration and JSON of it slower.
 */
export function storedTransaction(
  row: Record<string, unknown>,
  dates: Pick<TransactionFields, 'bookingDate' | 'valueDate'>,
  stored: Omit<StoredTransaction, keyof TransactionFields>,
): StoredTransaction {
  row.accountId = stored.accountId;
  row.consentId = stored.consentId;
  row.ownerClientId = stored.ownerClientId;
  row.externalId = stored.externalId;
  row.fetchId = stored.fetchId;
  if (stored.contentKey !== undefined) row.contentKey = stored.contentKey;
  row.bookingDate = instant(dates.bookingDate);
  row.valueDate = dates.valueDate ? instant(dates.valueDate) : null;
  return row as unknown as StoredTransaction;
}

/**
 * Every account's transactions, kept one way: a bucket per account and booking month (`MonthBuckets`,
 * see docs/decisions.md "Month buckets (issue 25)"), newest first, each bucket carrying its consent (erasure) and
 * its count (paging). A page reads the counts and then only the months it falls in, never the
 * account's whole history.
 */
export class TransactionRepository {
  private readonly months: MonthBuckets<StoredTransaction>;

  constructor(connection: Connection) {
    this.months = new MonthBuckets<StoredTransaction>({
      collection: database(connection).collection<BucketDocument>(TRANSACTION_BUCKETS),
      ownerField: 'consentId',
      monthField: 'bookingMonth',
      valueField: 'transactionsGzip',
      indexedFields: ['accountId'],
      idOf: (t) => t.id,
      bookedAt: (t) => t.bookingDate,
      // Newest booking first, then by id: stored dates are ISO instants in UTC (`normalised`), which compare as time as text.
      order: (a, b) => compare(b.bookingDate, a.bookingDate) || compare(a.id, b.id),
      // A bucket's transactions share their consent, account, owner and mostly their fetch: as columns, each once.
      layout: 'columns',
    });
  }

  ensureIndexes(): Promise<void> {
    return this.months.ensureIndexes();
  }

  /**
   * Stores the transactions not stored yet; one stored before keeps the `fetchId` of the fetch
   * that stored it first. Ids are stable, so a retried or repeated fetch never doubles one.
   */
  async insertNew(consentId: string, transactions: StoredTransaction[]): Promise<void> {
    await this.storeNew(consentId, transactions, await this.holdings(consentId));
  }

  /**
   * `insertNew` into what `holdings` read of the accounts of `transactions` a moment ago, without reading
   * it again. Returns what this call stored, as stored.
   */
  storeNew(consentId: string, transactions: StoredTransaction[], holdings: AccountHoldings): Promise<StoredTransaction[]> {
    return this.storeRows(consentId, transactions.filter((t) => !holdings.ids.has(t.id)).map(normalised), holdings);
  }

  /** `storeNew` of rows already as stored (`storedTransaction`), which are kept as they are. */
  async storeRows(consentId: string, rows: StoredTransaction[], holdings: AccountHoldings): Promise<StoredTransaction[]> {
    const byAccount = new Map<string, StoredTransaction[]>();
    for (const row of rows) {
      if (holdings.ids.has(row.id)) continue;
      const fresh = byAccount.get(row.accountId);
      if (fresh) fresh.push(row);
      else byAccount.set(row.accountId, [row]);
    }
    const stored: StoredTransaction[] = [];
    for (const [accountId, fresh] of byAccount) stored.push(...(await this.months.add(accountId, { consentId, accountId }, fresh, holdings.read)));
    return stored;
  }

  /** Every stored transaction of the consent by account; of `accountIds` only, when given. */
  async holdings(consentId: string, accountIds?: readonly string[]): Promise<AccountHoldings> {
    const read = await this.months.readWhere(accountIds ? { consentId, accountId: { $in: [...accountIds] } } : { consentId });
    const byAccount = new Map<string, StoredTransaction[]>();
    const ids = new Set<string>();
    for (const month of read.months) {
      for (const t of month.items) {
        ids.add(t.id);
        const list = byAccount.get(t.accountId);
        if (list) list.push(t);
        else byAccount.set(t.accountId, [t]);
      }
    }
    return { byAccount, ids, read };
  }

  /** Every stored transaction of the consent, by account. */
  async byAccount(consentId: string): Promise<Map<string, StoredTransaction[]>> {
    return (await this.holdings(consentId)).byAccount;
  }

  /** Everything a fetch stored, oldest first. */
  async storedBy(consentId: string, fetchId: string): Promise<StoredTransaction[]> {
    const months = await this.months.monthsWhere({ consentId });
    return oldestFirst(months.flatMap((month) => month.items.filter((t) => t.fetchId === fetchId)));
  }

  /**
   * One account's transactions, newest booking first: the months of the range (from the account's
   * counts), then only the months holding the page. Months the range cuts are read first, to count
   * what of them is in range.
   */
  async page(q: TransactionPageQuery): Promise<{ items: StoredTransaction[]; total: number }> {
    const counts = await this.months.counts({ accountId: q.accountId });
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

  async countByConsent(consentId: string): Promise<number> {
    return Object.values(await this.months.counts({ consentId })).reduce((sum, count) => sum + count, 0);
  }

  /** Erasure: every transaction of the consent. Returns how many went. */
  deleteByConsent(consentId: string): Promise<number> {
    return this.months.deleteOwnedBy(consentId);
  }
}
