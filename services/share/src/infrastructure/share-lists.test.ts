import { connectDatabase, database, type Connection, type mongo } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import type { Share } from '../domain/share';
import { shareListPositions } from '../migrations/0003-share-list-positions';
import { LIST_CHUNK_SIZE, pageSegments, SHARE_LISTS_COLLECTION, ShareLists } from './share-lists';
import { shareStoreOptions, type ShareStore } from './share-store';

describe('pageSegments', () => {
  it('reads a page from the chunks it spans, passing over empty chunks and what lies before the page', () => {
    const counts = { '0': 1000, '1': 0, '2': 998, '10': 5 };
    expect(pageSegments(counts, 0, 50)).toEqual([{ chunk: 0, skip: 0, limit: 50 }]);
    expect(pageSegments(counts, 980, 50)).toEqual([
      { chunk: 0, skip: 980, limit: 20 },
      { chunk: 2, skip: 0, limit: 30 },
    ]);
    expect(pageSegments(counts, 1990, 50)).toEqual([
      { chunk: 2, skip: 990, limit: 8 },
      { chunk: 10, skip: 0, limit: 5 },
    ]);
    expect(pageSegments(counts, 2003, 50)).toEqual([]);
    expect(pageSegments({}, 0, 50)).toEqual([]);
  });
});

describe('ShareLists (real store)', () => {
  const cleanup = new Cleanup();
  let connection: Connection;
  let db: mongo.Db;
  let shares: ShareStore;
  let lists: ShareLists;

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('share-lists'));
    cleanup.add(() => connection.close());
    db = database(connection);
    cleanup.add(() => db.dropDatabase());
    shares = new AggregateStore<Share>(db, shareStoreOptions);
    await shares.ensureIndexes();
    lists = new ShareLists(db, shares);
  });
  afterEach(() => cleanup.run());

  const share = (n: number, listPosition: number, ownerClientId = 'app', expirationDateUtc = new Date('2030-01-01T00:00:00.000Z')): Share => ({
    id: `share-${String(n).padStart(5, '0')}`,
    ownerClientId,
    clientId: 'partner',
    reference: null,
    expirationDateUtc,
    consentIds: null,
    accountIds: null,
    analysisIds: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)),
    listPosition,
  });

  /** Makes a share as the create use case does: the next position, the share, its chunk counted again. */
  const make = async (n: number, ownerClientId = 'app', expirationDateUtc?: Date) => {
    const position = await lists.nextPosition(ownerClientId);
    const made = share(n, position, ownerClientId, expirationDateUtc);
    await shares.insert(made);
    await lists.recount(ownerClientId, position, [made.expirationDateUtc]);
    return position;
  };
  const ids = (page: { items: Share[] }) => page.items.map((s) => s.id);

  it('hands out each position of an owner once, however many ask at once, and each owner its own from 0', async () => {
    const positions = await Promise.all(Array.from({ length: 30 }, () => lists.nextPosition('app')));
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await lists.nextPosition('other-app')).toBe(0);
  });

  it('pages one owner across chunks in the order the shares were made, with the total, and leaves removed ones out', async () => {
    // Positions spread over three chunks without writing thousands of shares: the list is counted as it is.
    const placed = [0, 1, 2, LIST_CHUNK_SIZE - 1, LIST_CHUNK_SIZE, 2 * LIST_CHUNK_SIZE + 5];
    for (const [n, position] of placed.entries()) {
      await shares.insert(share(n, position));
      await lists.recount('app', position);
    }
    await shares.insert(share(99, 3, 'other-app'));
    await lists.recount('other-app', 3);

    expect(await lists.page('app', 0, 4)).toMatchObject({ total: 6 });
    expect(ids(await lists.page('app', 0, 4))).toEqual(['share-00000', 'share-00001', 'share-00002', 'share-00003']);
    expect(ids(await lists.page('app', 3, 3))).toEqual(['share-00003', 'share-00004', 'share-00005']);
    expect(ids(await lists.page('app', 6, 3))).toEqual([]);

    await shares.mutate('share-00004', () => ({ remove: true, result: null }));
    await lists.recount('app', LIST_CHUNK_SIZE);
    expect(await lists.page('app', 2, 10)).toMatchObject({ total: 5 });
    expect(ids(await lists.page('app', 2, 10))).toEqual(['share-00002', 'share-00003', 'share-00005']);
    expect(await lists.page('other-app', 0, 10)).toMatchObject({ total: 1 });
  });

  it('keeps every count exact when shares are made and removed at once in one chunk', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, n) => make(n)));
    await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        if (n % 3 === 0) {
          const removed = await shares.find(`share-${String(n).padStart(5, '0')}`);
          await shares.mutate(removed!.id, () => ({ remove: true, result: null }));
          await lists.recount('app', removed!.listPosition, [removed!.expirationDateUtc]);
        } else await make(100 + n);
      }),
    );
    expect(await lists.counts('app')).toEqual({ '0': 6 - 2 + 4 });
    expect((await db.collection(SHARE_LISTS_COLLECTION).findOne({ _id: 'app' as never }))!.expiries).toEqual({ '0': { '2030-01-01': 6 - 2 + 4 } });
  });

  it('makes good a count a crash left behind at the next share made in its chunk', async () => {
    await make(1);
    // The share of a creation that ended before its chunk was counted again.
    await shares.insert(share(2, await lists.nextPosition('app')));
    expect((await lists.page('app', 0, 10)).total).toBe(1);
    await make(3);
    expect((await lists.page('app', 0, 10)).items.map((s) => s.id)).toEqual(['share-00001', 'share-00002', 'share-00003']);
  });

  it('pages by expiry at a given time across chunks, telling apart the shares of today that expired from those that did not, and follows a changed expiry', async () => {
    const now = new Date('2026-06-15T12:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    // In list order: chunk 0 holds shares 0-3, chunk 2 shares 4-6 (today's in both), the last in chunk 3.
    const placed: Array<[number, string]> = [
      [0, '2026-06-01T00:00:00.000Z'],
      [1, '2026-06-15T11:00:00.000Z'],
      [2, '2026-06-15T13:00:00.000Z'],
      [3, '2027-01-01T00:00:00.000Z'],
      [2 * LIST_CHUNK_SIZE, '2026-06-15T12:00:00.000Z'],
      [2 * LIST_CHUNK_SIZE + 1, '2026-06-16T00:00:00.000Z'],
      [2 * LIST_CHUNK_SIZE + 2, '2026-06-14T23:59:59.000Z'],
      [3 * LIST_CHUNK_SIZE, '2026-06-20T00:00:00.000Z'],
    ];
    for (const [n, [position, expiry]] of placed.entries()) {
      await shares.insert(share(n, position, 'app', at(expiry)));
      await lists.recount('app', position, [at(expiry)]);
    }
    const expired = await lists.pageByExpiry('app', true, now, 0, 10);
    expect(ids(expired)).toEqual(['share-00000', 'share-00001', 'share-00004', 'share-00006']);
    expect(expired.total).toBe(4);
    const live = await lists.pageByExpiry('app', false, now, 0, 10);
    expect(ids(live)).toEqual(['share-00002', 'share-00003', 'share-00005', 'share-00007']);
    expect(live.total).toBe(4);
    // Pages of both kinds of chunk, one with today's shares and one without.
    expect(ids(await lists.pageByExpiry('app', false, now, 1, 2))).toEqual(['share-00003', 'share-00005']);
    expect(ids(await lists.pageByExpiry('app', true, now, 2, 2))).toEqual(['share-00004', 'share-00006']);
    expect(ids(await lists.pageByExpiry('app', false, now, 3, 2))).toEqual(['share-00007']);
    // An hour later share 2 expired too.
    expect(ids(await lists.pageByExpiry('app', true, at('2026-06-15T13:00:00.000Z'), 0, 10))).toEqual(['share-00000', 'share-00001', 'share-00002', 'share-00004', 'share-00006']);

    // Share 3's expiry moved to the past: the list counts it under its new day, no longer under the old one.
    const before = (await shares.find('share-00003'))!;
    await shares.mutate('share-00003', (current) => ({ next: { ...current, expirationDateUtc: at('2026-06-10T00:00:00.000Z') }, result: null }));
    await lists.recount('app', before.listPosition, [before.expirationDateUtc, at('2026-06-10T00:00:00.000Z')]);
    expect(ids(await lists.pageByExpiry('app', true, now, 0, 10))).toEqual(['share-00000', 'share-00001', 'share-00003', 'share-00004', 'share-00006']);
    expect((await lists.pageByExpiry('app', false, now, 0, 10)).total).toBe(3);
    expect(await lists.pageByExpiry('nobody', false, now, 0, 10)).toEqual({ items: [], total: 0 });
  });

  it('places shares made before the lists oldest first, each owner in its own list, and counts them (the migration)', async () => {
    const raw = db.collection<{ _id: string; deletedAt: Date | null }>('shares');
    const before = (n: number, ownerClientId: string, createdAt: string) => ({
      _id: `old-${n}`,
      ownerClientId,
      clientId: 'partner',
      reference: null,
      expirationDateUtc: new Date('2030-01-01T00:00:00.000Z'),
      consentIds: null,
      accountIds: null,
      analysisIds: null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      version: 1,
      outbox: [],
      hasOutbox: false,
      deletedAt: null,
    });
    await raw.insertMany([
      before(1, 'app', '2026-01-02T00:00:00.000Z'),
      before(2, 'app', '2026-01-01T00:00:00.000Z'),
      before(3, 'other-app', '2026-01-03T00:00:00.000Z'),
      { ...before(4, 'app', '2026-01-01T12:00:00.000Z'), deletedAt: new Date() },
    ]);
    await raw.createIndex({ ownerClientId: 1, createdAt: 1, _id: 1 });
    await shareListPositions.up(connection);
    await shareListPositions.up(connection);

    expect((await lists.page('app', 0, 10)).items.map((s) => s.id)).toEqual(['old-2', 'old-1']);
    expect((await lists.page('other-app', 0, 10)).total).toBe(1);
    expect(await db.collection(SHARE_LISTS_COLLECTION).findOne({ _id: 'app' as never })).toMatchObject({ next: 2, counts: { '0': 2 }, expiries: { '0': { '2030-01-01': 2 } } });
    expect((await lists.pageByExpiry('app', false, new Date('2026-06-01T00:00:00.000Z'), 0, 10)).items.map((s) => s.id)).toEqual(['old-2', 'old-1']);
    // A share made after the migration comes last.
    await make(5);
    expect((await lists.page('app', 0, 10)).items.map((s) => s.id)).toEqual(['old-2', 'old-1', 'share-00005']);
    expect((await raw.indexes()).map((index) => index.name)).not.toContain('ownerClientId_1_createdAt_1__id_1');
  });
});
