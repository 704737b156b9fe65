import { connectDatabase, database, type mongo } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { compressedJson, type BucketDocument } from './bucket-store';
import { MonthBuckets } from './month-buckets';

interface Booking {
  id: string;
  bookedAt: string;
  amount: number;
}

const booking = (id: string, bookedAt: string, amount = -1): Booking => ({ id, bookedAt, amount });
const oldestFirst = (a: Booking, b: Booking) => (a.bookedAt < b.bookedAt ? -1 : a.bookedAt > b.bookedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('MonthBuckets (real store)', () => {
  const cleanup = new Cleanup();
  let collection: mongo.Collection<BucketDocument>;

  beforeEach(async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('month_buckets'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    collection = db.collection<BucketDocument>('bookings');
  });
  afterEach(() => cleanup.run());

  const monthsOf = (layout?: 'rows' | 'columns') =>
    new MonthBuckets<Booking>({ collection, ownerField: 'ownerId', monthField: 'month', valueField: 'bookingsGzip', indexedFields: ['accountId'], idOf: (b) => b.id, bookedAt: (b) => b.bookedAt, order: oldestFirst, layout });

  it('writes a bucket as columns when asked to, and either layout reads and adds to buckets of the other', async () => {
    const scope = { ownerId: 'o-1', accountId: 'acc-1' };
    await monthsOf('rows').add('acc-1', scope, [booking('a', '2026-03-02T00:00:00.000Z', -5), booking('b', '2026-03-03T00:00:00.000Z')]);
    const columns = monthsOf('columns');
    expect((await columns.read('acc-1', ['2026-03'])).get('2026-03')).toEqual([booking('a', '2026-03-02T00:00:00.000Z', -5), booking('b', '2026-03-03T00:00:00.000Z')]);
    expect((await columns.add('acc-1', scope, [booking('c', '2026-03-04T00:00:00.000Z'), booking('a', '2026-03-02T00:00:00.000Z', -5)])).map((b) => b.id)).toEqual(['c']);
    const stored = compressedJson.decode<unknown>((await collection.findOne({ _id: 'acc-1:2026-03' }))!.bookingsGzip as mongo.Binary);
    expect(stored).toEqual({ rows: 3, fields: ['id', 'bookedAt', 'amount'], columns: [{ values: ['a', 'b', 'c'] }, expect.anything(), { values: [-5, -1, -1] }] });
    expect((await monthsOf('rows').read('acc-1', ['2026-03'])).get('2026-03')!.map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps each item once in the bucket of its scope and month, in order, with the month’s count and earliest booking', async () => {
    const months = monthsOf();
    await months.ensureIndexes();
    const first = [booking('b', '2026-03-09T10:00:00.000Z'), booking('a', '2026-03-02T00:00:00.000Z'), booking('c', '2026-04-01T00:00:00.000Z'), booking('a', '2026-03-02T00:00:00.000Z')];
    expect((await months.add('acc-1', { ownerId: 'o-1', accountId: 'acc-1' }, first)).map((b) => b.id)).toEqual(['b', 'a', 'c']);
    // Sent again with one new: only the new one is added.
    expect((await months.add('acc-1', { ownerId: 'o-1', accountId: 'acc-1' }, [...first, booking('d', '2026-03-01T00:00:00.000Z')])).map((b) => b.id)).toEqual(['d']);

    expect(await collection.findOne({ _id: 'acc-1:2026-03' }, { projection: { bookingsGzip: 0 } })).toEqual({ _id: 'acc-1:2026-03', ownerId: 'o-1', accountId: 'acc-1', month: '2026-03', count: 3, firstBooked: '2026-03-01T00:00:00.000Z', version: 2 });
    const read = await months.read('acc-1', ['2026-03', '2026-04', '2026-05']);
    expect(Object.fromEntries([...read].map(([month, items]) => [month, items.map((b) => b.id)]))).toEqual({ '2026-03': ['d', 'a', 'b'], '2026-04': ['c'], '2026-05': [] });
    expect(await months.counts({ accountId: 'acc-1' })).toEqual({ '2026-03': 3, '2026-04': 1 });
    expect((await months.monthsWhere({ ownerId: 'o-1' })).map(({ scope, month, items }) => [scope, month, items.length]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [{ ownerId: 'o-1', accountId: 'acc-1' }, '2026-03', 3],
      [{ ownerId: 'o-1', accountId: 'acc-1' }, '2026-04', 1],
    ]);
    for (const field of ['ownerId_1', 'month_1', 'accountId_1']) expect(await collection.indexExists(field)).toBe(true);
  });

  it('puts an item in the UTC month of its instant, also one written with an offset or of a day its month lacks', async () => {
    const months = monthsOf();
    const items = [booking('z', '2026-01-31T23:30:00.000-01:00'), booking('f', '2026-02-30T00:00:00.000Z'), booking('n', '2026-02-28T23:59:59.999Z')];
    await months.add('acc-1', { ownerId: 'o-1', accountId: 'acc-1' }, items);
    const read = await months.read('acc-1', ['2026-01', '2026-02', '2026-03']);
    expect(Object.fromEntries([...read].map(([month, found]) => [month, found.map((b) => b.id)]))).toEqual({ '2026-01': [], '2026-02': ['z', 'n'], '2026-03': ['f'] });
  });

  it('adds to buckets as read a moment ago without reading them again, and reads again one another writer changed since', async () => {
    const months = monthsOf();
    const scope = { ownerId: 'o-1', accountId: 'acc-1' };
    await months.add('acc-1', scope, [booking('a', '2026-03-02T00:00:00.000Z'), booking('b', '2026-04-02T00:00:00.000Z')]);
    const read = await months.readWhere({ ownerId: 'o-1' });
    expect([...read.buckets.keys()].sort()).toEqual(['acc-1:2026-03', 'acc-1:2026-04']);
    // Since the read: another writer added to April and made May.
    await monthsOf().add('acc-1', scope, [booking('c', '2026-04-03T00:00:00.000Z'), booking('d', '2026-05-01T00:00:00.000Z')]);
    const finds = jest.spyOn(collection, 'findOne');

    const added = await months.add('acc-1', scope, [booking('e', '2026-03-03T00:00:00.000Z'), booking('f', '2026-04-04T00:00:00.000Z'), booking('d', '2026-05-01T00:00:00.000Z'), booking('g', '2026-06-01T00:00:00.000Z')], read);

    expect(added.map((b) => b.id)).toEqual(['e', 'f', 'g']);
    // March and June as read (June absent); April and May read again after their writes found them changed.
    expect(finds.mock.calls.map(([filter]) => (filter as { _id: string })._id).sort()).toEqual(['acc-1:2026-04', 'acc-1:2026-05']);
    finds.mockRestore();
    const now = await months.read('acc-1', ['2026-03', '2026-04', '2026-05', '2026-06']);
    expect(Object.fromEntries([...now].map(([month, items]) => [month, items.map((b) => b.id)]))).toEqual({ '2026-03': ['a', 'e'], '2026-04': ['b', 'c', 'f'], '2026-05': ['d'], '2026-06': ['g'] });
  });

  it('does not write over a month emptied and made again since it was read, though it stands at the version read', async () => {
    const months = monthsOf();
    const scope = { ownerId: 'o-1', accountId: 'acc-1' };
    await months.add('acc-1', scope, [booking('a', '2026-03-02T00:00:00.000Z')]);
    const read = await months.readWhere({ ownerId: 'o-1' });
    // Since the read: another writer pruned March whole, then a fetch made it again (a bucket made anew starts at version 1).
    const other = monthsOf();
    await other.dropBefore(new Date('2026-04-01T00:00:00.000Z'), ['2026-03']);
    await other.add('acc-1', scope, [booking('b', '2026-03-05T00:00:00.000Z')]);
    expect(read.buckets.get('acc-1:2026-03')?.version).toBe((await other.buckets.get('acc-1:2026-03'))?.version);

    expect((await months.add('acc-1', scope, [booking('c', '2026-03-09T00:00:00.000Z')], read)).map((b) => b.id)).toEqual(['c']);
    expect((await months.read('acc-1', ['2026-03'])).get('2026-03')!.map((b) => b.id)).toEqual(['b', 'c']);
  });

  it('loses no item when the stores of one process add to one month at once', async () => {
    const [one, two] = [monthsOf(), monthsOf()];
    const items = Array.from({ length: 24 }, (_, i) => booking(`t${String(i).padStart(2, '0')}`, `2026-05-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`));
    await Promise.all(items.map((item, i) => (i % 2 === 0 ? one : two).add('s', { ownerId: 'o' }, [item])));
    expect((await one.read('s', ['2026-05'])).get('2026-05')!.map((b) => b.id)).toEqual(items.map((b) => b.id));
    expect(await one.counts({ ownerId: 'o' })).toEqual({ '2026-05': 24 });
  });

  it('prunes the months before a start whole and the older part of the start’s month, and says how many items went', async () => {
    const months = monthsOf();
    await months.add('s-1', { ownerId: 'o-1' }, [booking('jan', '2026-01-15T00:00:00.000Z'), booking('feb-1', '2026-02-01T00:00:00.000Z'), booking('feb-20', '2026-02-20T00:00:00.000Z'), booking('mar', '2026-03-03T00:00:00.000Z')]);
    await months.add('s-2', { ownerId: 'o-2' }, [booking('old', '2025-12-31T23:59:59.999Z'), booking('feb-10', '2026-02-10T00:00:00.000Z')]);
    expect(await months.dropBefore(new Date('2026-02-10T00:00:00.000Z'), ['2025-12', '2026-01'])).toBe(3);
    expect(Object.fromEntries([...(await months.read('s-1', ['2026-01', '2026-02', '2026-03']))].map(([m, items]) => [m, items.map((b) => b.id)]))).toEqual({ '2026-01': [], '2026-02': ['feb-20'], '2026-03': ['mar'] });
    expect((await months.read('s-2', ['2026-02'])).get('2026-02')!.map((b) => b.id)).toEqual(['feb-10']);
    expect(await collection.findOne({ _id: 's-1:2026-02' }, { projection: { count: 1, firstBooked: 1 } })).toEqual({ _id: 's-1:2026-02', count: 1, firstBooked: '2026-02-20T00:00:00.000Z' });
    expect(await months.dropBefore(new Date('2026-02-10T00:00:00.000Z'), ['2025-12', '2026-01'])).toBe(0);
    // A month whose items all left goes.
    expect(await months.dropBefore(new Date('2026-03-04T00:00:00.000Z'), ['2026-02'])).toBe(3);
    expect(await collection.countDocuments({})).toBe(0);
  });

  it('erases every month of an owner across its scopes, says how many items went, and keeps the others’', async () => {
    const months = monthsOf();
    await months.add('acc-1', { ownerId: 'o-1', accountId: 'acc-1' }, [booking('a', '2026-03-02T00:00:00.000Z'), booking('b', '2026-04-02T00:00:00.000Z')]);
    await months.add('acc-2', { ownerId: 'o-1', accountId: 'acc-2' }, [booking('c', '2026-03-02T00:00:00.000Z')]);
    await months.add('acc-3', { ownerId: 'o-2', accountId: 'acc-3' }, [booking('d', '2026-03-02T00:00:00.000Z')]);
    expect(await months.deleteOwnedBy('o-1')).toBe(3);
    expect(await months.deleteOwnedBy('o-1')).toBe(0);
    expect(await months.counts({})).toEqual({ '2026-03': 1 });
  });
});
