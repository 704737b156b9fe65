import { monthBucket, type mongo } from '@obp/db';
import { BucketStore, compressedJson, type Bucket, type BucketDocument } from './bucket-store';
import { readRows, toColumns, type RowColumns } from './row-columns';

export interface MonthBucketsOptions<Item> {
  collection: mongo.Collection<BucketDocument>;
  /** The field naming whom a bucket's items belong to: erasure deletes by it. */
  ownerField: string;
  /** The field holding the month (the layouts already stored name it). */
  monthField: string;
  /** The field holding the encoded items. */
  valueField: string;
  /** Further fields the buckets are found by, indexed. */
  indexedFields?: string[];
  idOf(item: Item): string;
  /** When the item was booked, as an ISO instant in UTC (compared as text). */
  bookedAt(item: Item): string;
  /** The order a bucket keeps its items in. */
  order(a: Item, b: Item): number;
  /**
   * How a bucket's items are written: `rows`, the array of items as JSON (the default), or `columns`, each field once
   * (`toColumns`): about half the JSON, for items of the same fields. Either layout reads buckets of the other.
   */
  layout?: 'rows' | 'columns';
}

/** An ISO instant in UTC as `toISOString` writes it, of a day every month has (`Date` moves a 30 February on to March). */
const NORMAL_INSTANT = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** The month of an instant: read off the text where it is in normal form (a `Date` an item costs more than the rest of `add`). */
const monthOf = (bookedAt: string): string => (NORMAL_INSTANT.test(bookedAt) ? bookedAt.slice(0, 7) : monthBucket(new Date(bookedAt)));

/** A month's bucket as read: its scope's fields, its month and items. */
export interface MonthOf<Item> {
  scope: Record<string, unknown>;
  month: string;
  items: Item[];
}

/**
 * The buckets matching a filter, read together (`readWhere`): what `add` writes to without reading them again.
 * A bucket of the filter's scope that is not among them was absent when they were read.
 */
export interface MonthsRead<Item> {
  months: Array<MonthOf<Item>>;
  buckets: ReadonlyMap<string, Bucket<Item[], Record<string, unknown>>>;
}

/**
 * Items kept by the month they were booked in, one bucket per scope (e.g. a consent or an account)
 * and month, each bucket one encoded value (`BucketStore`). An item is stored once per bucket by
 * its id: adding it again changes nothing. Changes are compare-and-set per bucket.
 */
export class MonthBuckets<Item> {
  readonly buckets: BucketStore<Item[], Record<string, unknown>>;

  constructor(private readonly options: MonthBucketsOptions<Item>) {
    const codec = {
      encode: (items: Item[]) => compressedJson.encode(options.layout === 'columns' ? toColumns(items as object[]) : items),
      decode: (binary: mongo.Binary) => readRows(compressedJson.decode<RowColumns | Item[]>(binary)),
    };
    this.buckets = new BucketStore(options.collection, { valueField: options.valueField, ownerField: options.ownerField, codec });
  }

  get collection(): mongo.Collection<BucketDocument> {
    return this.options.collection;
  }

  async ensureIndexes(): Promise<void> {
    await this.buckets.ensureIndexes();
    for (const field of [this.options.monthField, ...(this.options.indexedFields ?? [])]) await this.collection.createIndex({ [field]: 1 });
  }

  /** The bucket id of `scopeId`'s `month`. */
  static idOf(scopeId: string, month: string): string {
    return `${scopeId}:${month}`;
  }

  /**
   * Adds those of `items` its bucket does not hold yet (by id) to their months of `scopeId`; `scope`
   * are the fields every bucket of it carries (the owner field among them). Returns the items added.
   * `read`: the buckets as read a moment ago by a filter covering `scopeId` (`readWhere`), written to
   * without reading them again (a bucket changed since is read again).
   */
  async add(scopeId: string, scope: Record<string, unknown>, items: Item[], read?: MonthsRead<Item>): Promise<Item[]> {
    const byMonth = new Map<string, Item[]>();
    for (const item of items) {
      const month = monthOf(this.options.bookedAt(item));
      const batch = byMonth.get(month);
      if (batch) batch.push(item);
      else byMonth.set(month, [item]);
    }
    const added: Item[] = [];
    for (const [month, batch] of byMonth) {
      const id = MonthBuckets.idOf(scopeId, month);
      const fresh = await this.buckets.change(
        id,
        (current) => {
          const stored = current?.value ?? [];
          const known = new Set(stored.map(this.options.idOf));
          const fresh = [...new Map(batch.filter((item) => !known.has(this.options.idOf(item))).map((item) => [this.options.idOf(item), item])).values()];
          if (fresh.length === 0) return { result: [] };
          return { next: this.contents({ ...scope, [this.options.monthField]: month }, [...stored, ...fresh]), result: fresh };
        },
        read && { current: read.buckets.get(id) ?? null },
      );
      added.push(...fresh);
    }
    return added;
  }

  /** Every month's bucket matching `filter` (on the scope's fields). */
  async monthsWhere(filter: mongo.Filter<BucketDocument>): Promise<Array<MonthOf<Item>>> {
    return (await this.readWhere(filter)).months;
  }

  /** Every month's bucket matching `filter`, in one read, for `add` to write to without reading them again. */
  async readWhere(filter: mongo.Filter<BucketDocument>): Promise<MonthsRead<Item>> {
    const found = await this.buckets.find(filter);
    return { months: found.map(({ fields, value }) => this.monthOf(fields, value)), buckets: new Map(found.map((bucket) => [bucket.id, bucket])) };
  }

  /** The buckets of `scopeId`'s `months`, by month (a month without one holds nothing). */
  async read(scopeId: string, months: string[]): Promise<Map<string, Item[]>> {
    const read = new Map<string, Item[]>(months.map((month) => [month, []]));
    if (months.length === 0) return read;
    for (const { month, items } of await this.monthsWhere({ _id: { $in: months.map((month) => MonthBuckets.idOf(scopeId, month)) } })) read.set(month, items);
    return read;
  }

  /** Month → how many items its bucket holds, for the buckets matching `filter`, without reading the items. */
  async counts(filter: mongo.Filter<BucketDocument>): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const bucket of await this.buckets.fieldsOf(filter, [this.options.monthField, 'count'])) {
      const month = bucket[this.options.monthField] as string;
      counts[month] = (counts[month] ?? 0) + (bucket.count as number);
    }
    return counts;
  }

  /**
   * Drops what was booked before `start`: the buckets of `olderMonths` whole (found by month), then the
   * older part of `start`'s own month, rewritten where its earliest booking lies before it. Returns how
   * many items went.
   */
  async dropBefore(start: Date, olderMonths: string[]): Promise<number> {
    const whole = { [this.options.monthField]: { $in: olderMonths } };
    let dropped = Object.values(await this.counts(whole)).reduce((sum, count) => sum + count, 0);
    await this.buckets.deleteWhere(whole);
    const from = start.toISOString();
    const partlyOld = await this.buckets.fieldsOf({ [this.options.monthField]: monthBucket(start), firstBooked: { $lt: from } }, []);
    for (const { id } of partlyOld) {
      dropped += await this.buckets.change(id, (current) => {
        if (!current) return { result: 0 };
        const kept = current.value.filter((item) => this.options.bookedAt(item) >= from);
        if (kept.length === current.value.length) return { result: 0 };
        return { next: kept.length === 0 ? null : this.contents(current.fields, kept), result: current.value.length - kept.length };
      });
    }
    return dropped;
  }

  /** Erasure: every bucket of `owner` goes. Returns how many items went. */
  async deleteOwnedBy(owner: string): Promise<number> {
    const filter = { [this.options.ownerField]: owner };
    const items = Object.values(await this.counts(filter)).reduce((sum, count) => sum + count, 0);
    await this.buckets.deleteWhere(filter);
    return items;
  }

  /** A bucket's fields and value for `items`, kept in the bucket's order. */
  private contents(fields: Record<string, unknown>, items: Item[]): { fields: Record<string, unknown>; value: Item[] } {
    const sorted = [...items].sort(this.options.order);
    const firstBooked = sorted.map(this.options.bookedAt).reduce((a, b) => (b < a ? b : a));
    return { fields: { ...fields, count: sorted.length, firstBooked }, value: sorted };
  }

  private monthOf(fields: Record<string, unknown>, items: Item[]): MonthOf<Item> {
    const { [this.options.monthField]: month, count: _count, firstBooked: _first, ...scope } = fields;
    return { scope, month: month as string, items };
  }
}
