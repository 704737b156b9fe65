import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { EventWriter } from '@obp/bus';
import { ConsentData } from '@obp/consent-data';
import { shareEvents } from '@obp/contracts';
import { connectDatabase, database, isStoreUnavailable } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { Cleanup, repoRoot, testEnv, uniqueDbName, waitFor } from '@obp/testkit';
import type { Share } from './domain/share';
import { blockOf, CHANGE_WINDOW_MS, countDelta, countedOf, LIST_BLOCK_SIZE, minuteOf } from './domain/share-list';
import { INTENT_STALE_MS, IntentTooSlow, ShareLists, type ListDocument } from './infrastructure/share-lists';
import { ShareEvents, shareStoreOptions, type ShareStore } from './infrastructure/share-store';
import { CreateShareService } from './use-cases/create-share/create-share.service';
import { DeleteShareService } from './use-cases/delete-share/delete-share.service';
import { listSharesHttp } from './use-cases/list-shares/list-shares.http';
import { shareListsBuiltWhenFresh } from './migrations/0003-share-lists-built-when-fresh';
import { UpdateShareService } from './use-cases/update-share/update-share.service';

/** One instance of the share service's list-keeping parts, on a connection of its own (as a replica has). */
interface Instance {
  shares: ShareStore;
  lists: ShareLists;
  create: CreateShareService;
  update: UpdateShareService;
  remove: DeleteShareService;
}

const NOW = new Date('2026-11-29T15:30:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
/** Far enough ahead of the real clock that every intent recorded in a test is stale. */
const LATER = () => new Date(Date.now() + INTENT_STALE_MS + 1_000);

describe('share lists (real store, two instances)', () => {
  const cleanup = new Cleanup();
  let dbName: string;
  let a: Instance;
  let b: Instance;
  const owner = 'app-lists';

  async function instance(): Promise<Instance> {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    const shares = new AggregateStore<Share>(database(connection), shareStoreOptions);
    await shares.ensureIndexes();
    // The build's marker read on every call: a test changes it and the instances see it at once.
    const lists = new ShareLists(database(connection), shares, undefined, 0);
    await lists.ensureIndexes();
    const events = new ShareEvents(new EventWriter(shareEvents, 'share-events'));
    const consentOwners = new ConsentData(connection, { historyStart: (now) => now });
    return {
      shares,
      lists,
      create: new CreateShareService(shares, events, consentOwners, lists),
      update: new UpdateShareService(shares, events, lists),
      remove: new DeleteShareService(shares, events, lists),
    };
  }

  beforeEach(async () => {
    dbName = uniqueDbName('share_lists');
    a = await instance();
    b = await instance();
    cleanup.add(() => a.shares.collection.db.dropDatabase());
    // As the build leaves it once begun: every share made with a position (the roll-out tests take it back).
    await a.lists.build.updateOne({ _id: 'build' }, { $set: { begun: true } }, { upsert: true });
  });
  afterEach(() => cleanup.run());

  const create = (on: Instance, expirationDateUtc: Date | null, id = randomUUID(), now = NOW) =>
    on.create.execute(id, owner, { clientId: 'partner', reference: null, expirationDateUtc, consentIds: null, accountIds: null, analysisIds: null }, now).then(() => id);
  /** A built (ready) list starting at `position` (as if that many shares had been made), so that a few shares span a block's end. */
  async function readyAt(position: number): Promise<void> {
    await a.lists.buildList(owner, NOW);
    await a.lists.lists.updateOne({ _id: owner }, { $set: { next: position } });
  }

  /** The owner's live shares, in list order, as the store holds them. */
  async function stored(): Promise<Share[]> {
    const all = await a.shares.findMany({ ownerClientId: owner });
    return all.sort((x, y) => (x.listPosition ?? 0) - (y.listPosition ?? 0));
  }

  /** Every page of the list (filtered or not) read by `on` at `now`, joined. */
  async function allPages(on: Instance, expired: boolean | null, now: Date, pageSize: number): Promise<{ ids: string[]; totals: number[] }> {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let skip = 0; ; skip += pageSize) {
      const page = (await on.lists.page(owner, expired, now, skip, pageSize))!;
      totals.push(page.total);
      ids.push(...page.items.map((share) => share.id));
      if (page.items.length < pageSize) return { ids, totals };
    }
  }

  /** The lists read exactly what the store holds at `now`: every page, every total, with and without isExpired; no intent left. */
  async function expectExact(now = NOW): Promise<void> {
    const shares = await stored();
    const expired = shares.filter((s) => s.expirationDateUtc.getTime() <= now.getTime()).map((s) => s.id);
    const live = shares.filter((s) => s.expirationDateUtc.getTime() > now.getTime()).map((s) => s.id);
    for (const [filter, want] of [
      [null, shares.map((s) => s.id)],
      [true, expired],
      [false, live],
    ] as const) {
      const read = await allPages(b, filter, now, 7);
      expect({ filter, ids: read.ids }).toEqual({ filter, ids: want });
      expect(new Set(read.totals)).toEqual(new Set([want.length]));
    }
    expect(Object.keys((await a.lists.lists.findOne({ _id: owner }))?.intents ?? {})).toEqual([]);
  }

  it('pages across block ends and by expiry, shares due but not yet moved told apart by their time; the mover moves them', async () => {
    await readyAt(LIST_BLOCK_SIZE - 4);
    const expirations = [minutes(-120), minutes(-10), minutes(10), minutes(60 * 24), minutes(-1), minutes(29), null, minutes(-60 * 48), minutes(5), minutes(12)];
    for (const at of expirations) await create(a, at);
    const shares = await stored();
    expect(new Set(shares.map((s) => blockOf(s.listPosition!)))).toEqual(new Set([0, 1]));
    expect(shares.map((s) => s.listExpired)).toEqual(expirations.map((at) => at !== null && at.getTime() <= NOW.getTime()));
    await expectExact();
    expect((await a.lists.page(owner, null, NOW, 3, 2))!.items.map((s) => s.listPosition)).toEqual([LIST_BLOCK_SIZE - 1, LIST_BLOCK_SIZE]);
    // Twenty minutes on, four have expired without being moved: the pages read them by their minute of expiry.
    await expectExact(minutes(20));
    expect(await a.lists.maintain(minutes(20))).toMatchObject({ moved: 3 });
    expect((await stored()).filter((s) => s.listExpired).length).toBe(7);
    await expectExact(minutes(20));
    await expectExact(minutes(40));
    expect(await b.lists.maintain(minutes(40))).toMatchObject({ moved: 1 });
    await expectExact(minutes(40));
  });

  it('an expiry moved into the future moves a moved share back; into the past, moves it', async () => {
    await readyAt(0);
    const [gone, live] = [await create(a, minutes(-30)), await create(a, minutes(30))];
    await b.update.execute({ ownerClientId: owner, shareId: gone, expirationDateUtc: minutes(90) }, NOW);
    await a.update.execute({ ownerClientId: owner, shareId: live, expirationDateUtc: minutes(-90) }, NOW);
    expect((await stored()).map((s) => [s.id, s.listExpired])).toEqual([
      [gone, false],
      [live, true],
    ]);
    await expectExact();
    await expectExact(minutes(100));
  });

  it('a create whose positions took over half its window writes nothing and is answered as the store unavailable (503)', async () => {
    await readyAt(0);
    await trackedCreate(a, minutes(30));
    const realNow = Date.now.bind(Date);
    let late = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + late);
    const update = a.lists.lists.findOneAndUpdate.bind(a.lists.lists);
    // The store answers the update taking the positions as if half the window had gone by.
    const taking = jest.spyOn(a.lists.lists, 'findOneAndUpdate').mockImplementation((async (...args: Parameters<typeof update>) => {
      const answer = await update(...args);
      late = CHANGE_WINDOW_MS / 2 + 1_000;
      return answer;
    }) as typeof update);
    let written = 0;
    const outcome = await a.lists
      .trackCreate(owner, NOW, async () => {
        written++;
        return { value: null, delta: null };
      })
      .catch((error: unknown) => error);
    taking.mockRestore();
    clock.mockRestore();
    expect(outcome).toBeInstanceOf(IntentTooSlow);
    expect(isStoreUnavailable(outcome)).toBe(true);
    expect(written).toBe(0);
    // Its group's intent is left to the reconciler; pages count the block from its shares meanwhile.
    expect((await a.lists.page(owner, null, NOW, 0, 10))!.total).toBe(1);
    expect(await b.lists.reconcile(LATER(), INTENT_STALE_MS)).toBe(1);
    await expectExact();
  });

  it('a change that would write its share past half its window gives up as a conflict, counting nothing', async () => {
    await readyAt(0);
    const id = await create(a, minutes(30));
    const realNow = Date.now.bind(Date);
    let late = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + late);
    const findOne = a.shares.collection.findOne.bind(a.shares.collection);
    let reads = 0;
    // The share's second read is the one its change is decided on, after the intent: the clock jumps there.
    const read = jest.spyOn(a.shares.collection, 'findOne').mockImplementation(((...args: Parameters<typeof findOne>) => {
      if (++reads === 2) late = CHANGE_WINDOW_MS / 2 + 1_000;
      return findOne(...args);
    }) as typeof findOne);
    try {
      const result = await a.update.execute({ ownerClientId: owner, shareId: id, expirationDateUtc: minutes(-30) }, NOW);
      expect(result.ok).toBe(false);
    } finally {
      read.mockRestore();
      clock.mockRestore();
    }
    expect((await stored()).map((s) => [s.expirationDateUtc, s.listExpired])).toEqual([[minutes(30), false]]);
    await expectExact();
  });

  it('keeps counts exact under two instances creating, changing and deleting at once', async () => {
    await readyAt(LIST_BLOCK_SIZE - 30);
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => create(i % 2 === 0 ? a : b, minutes((i % 7) * 17 - 50))));
    await Promise.all([
      ...ids.slice(0, 20).map((shareId, i) => (i % 2 === 0 ? a : b).remove.execute({ ownerClientId: owner, shareId })),
      // The same shares deleted by both instances at once: one of each pair deletes, the other finds nothing.
      ...ids.slice(0, 10).map((shareId) => b.remove.execute({ ownerClientId: owner, shareId })),
      ...ids.slice(20, 40).map((shareId, i) => (i % 2 === 0 ? b : a).update.execute({ ownerClientId: owner, shareId, expirationDateUtc: minutes(i * 13 - 100) }, NOW)),
      ...Array.from({ length: 20 }, (_, i) => create(i % 2 === 0 ? b : a, minutes(i * 5 - 45))),
      a.lists.maintain(NOW),
    ]);
    expect(await stored()).toHaveLength(60);
    await expectExact();
    await expectExact(minutes(45));
    expect((await b.lists.maintain(minutes(45))).moved).toBeGreaterThan(0);
    await expectExact(minutes(45));
  });

  it('a create retried under its id counts its share once', async () => {
    await readyAt(0);
    const id = randomUUID();
    await Promise.all([create(a, minutes(30), id), create(b, minutes(30), id), create(a, minutes(30), id)]);
    await create(b, minutes(30), id);
    expect(await stored()).toHaveLength(1);
    await expectExact();
  });

  /**
   * A create through `on`'s lists alone (as the create use case makes it), its share expiring at `expiresAt`; `during`
   * sees the list document as it is when the share is about to be written.
   */
  const trackedCreate = (on: Instance, expiresAt: Date, during: (position: number, doc: ListDocument) => void = () => undefined) =>
    on.lists.trackCreate(owner, NOW, async (listPosition) => {
      during(listPosition, (await on.lists.lists.findOne({ _id: owner }))!);
      const share: Share = { ...unlisted(randomUUID(), NOW, expiresAt), listPosition, listExpired: expiresAt.getTime() <= NOW.getTime() };
      await on.shares.insert(share);
      return { value: share, delta: countDelta(null, countedOf(share)) };
    });

  it('creates arriving at an instance together take their positions in one group, under one intent, settled once', async () => {
    await readyAt(0);
    const verBefore = (await a.lists.lists.findOne({ _id: owner }))!.ver?.['0'] ?? 0;
    const made = await Promise.all(Array.from({ length: 16 }, (_, i) => trackedCreate(a, minutes(i * 7 - 50))));
    expect(made.map((share) => share.listPosition)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    // One intent recorded and settled, where a create each would have raised the block's version 32 times.
    expect((await a.lists.lists.findOne({ _id: owner }))!.ver!['0']! - verBefore).toBe(2);
    await expectExact();
    await expectExact(minutes(45));
  });

  it("a group's settling goes in the update taking the next group's positions", async () => {
    await readyAt(0);
    // The instance has seen the list's `next`: its positions are taken with their intent in one update.
    await trackedCreate(a, minutes(30));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writing = 0;
    let allWriting!: () => void;
    const allStarted = new Promise<void>((resolve) => (allWriting = resolve));
    const updates = [jest.spyOn(a.lists.lists, 'findOneAndUpdate'), jest.spyOn(a.lists.lists, 'updateOne')];
    const first = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        a.lists.trackCreate(owner, NOW, async (listPosition) => {
          const share: Share = { ...unlisted(randomUUID(), NOW, minutes(i * 11 - 40)), listPosition, listExpired: i * 11 - 40 <= 0 };
          await a.shares.insert(share);
          if (++writing === 8) allWriting();
          await gate;
          return { value: share, delta: countDelta(null, countedOf(share)) };
        }),
      ),
    );
    await allStarted;
    // The first group's members end in the same turn as the second group arrives.
    release();
    const second = Promise.all(Array.from({ length: 8 }, (_, i) => trackedCreate(a, minutes(i * 9 - 30))));
    await Promise.all([first, second]);
    // The first group's positions; the second's with the first's settling; the second's settling.
    expect(updates.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(3);
    for (const spy of updates) spy.mockRestore();
    await expectExact();
    await expectExact(minutes(45));
  });

  it('creates of two instances at once across a block end: each share written under an intent of its own block, counts exact', async () => {
    await readyAt(LIST_BLOCK_SIZE - 7);
    // Each instance has seen a `next` of the first block, soon stale: the other takes positions too.
    await trackedCreate(a, minutes(30));
    await trackedCreate(b, minutes(30));
    const unguarded: number[] = [];
    const during = (position: number, doc: ListDocument) => {
      if (!Object.values(doc.intents ?? {}).some((intent) => intent.block === blockOf(position))) unguarded.push(position);
    };
    await Promise.all(Array.from({ length: 3 }, () => Promise.all(Array.from({ length: 8 }, (_, i) => trackedCreate(i % 2 === 0 ? a : b, minutes(i * 11 - 40), during)))));
    await Promise.all(Array.from({ length: 12 }, (_, i) => trackedCreate(i % 2 === 0 ? b : a, minutes(i * 3 - 20), during)));
    expect(unguarded).toEqual([]);
    const positions = (await stored()).map((share) => share.listPosition!);
    expect(positions).toHaveLength(2 + 24 + 12);
    expect(new Set(positions).size).toBe(positions.length);
    expect(new Set(positions.map(blockOf))).toEqual(new Set([0, 1]));
    await expectExact();
    await expectExact(minutes(45));
  });

  it('a create of a group that fails leaves the group\'s intent to the reconciler; the others are answered and counted by pages meanwhile', async () => {
    await readyAt(0);
    await trackedCreate(a, minutes(30));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        i === 3
          ? a.lists.trackCreate(owner, NOW, async (listPosition) => {
              await a.shares.insert({ ...unlisted(randomUUID(), NOW, minutes(-5)), listPosition, listExpired: true });
              throw new Error('crashed before settling');
            })
          : trackedCreate(a, minutes(i * 10 - 25)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const doc = (await a.lists.lists.findOne({ _id: owner }))!;
    expect({ open: doc.open, live: doc.live }).toEqual({ open: 1, live: { '0': 1 } });
    expect((await a.lists.page(owner, null, NOW, 0, 10))!.total).toBe(7);
    expect(await b.lists.reconcile(LATER(), INTENT_STALE_MS)).toBe(1);
    await expectExact();
  });

  it("a member slow to write its share holds the answers of its group's others only so long; the group settles once it is written", async () => {
    await readyAt(0);
    await trackedCreate(a, minutes(30));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowDone = false;
    const slow = a.lists
      .trackCreate(owner, NOW, async (listPosition) => {
        await gate;
        const share: Share = { ...unlisted(randomUUID(), NOW, minutes(20)), listPosition, listExpired: false };
        await a.shares.insert(share);
        return { value: share, delta: countDelta(null, countedOf(share)) };
      })
      .finally(() => (slowDone = true));
    const others = await Promise.all(Array.from({ length: 5 }, (_, i) => trackedCreate(a, minutes(i * 10 - 25))));
    // Answered while their group's last member is still writing: its intent is open, and pages count the block from its shares.
    expect(slowDone).toBe(false);
    expect(others).toHaveLength(5);
    expect((await a.lists.lists.findOne({ _id: owner }))!.open).toBe(1);
    expect((await a.lists.page(owner, null, NOW, 0, 10))!.total).toBe(6);
    release();
    await slow;
    await a.lists.trackCreate(owner, NOW, async () => ({ value: null, delta: null }));
    expect((await a.lists.lists.findOne({ _id: owner }))!.open).toBe(0);
    await expectExact();
  });

  /** A share's own fields, without a place in a list. */
  const unlisted = (id: string, createdAt: Date, expirationDateUtc: Date): Share => ({
    id,
    ownerClientId: owner,
    clientId: 'p',
    reference: null,
    expirationDateUtc,
    consentIds: null,
    accountIds: null,
    analysisIds: null,
    createdAt,
    updatedAt: createdAt,
  });

  /** A share positioned in the list but not written, for a test to write between an intent and its settling. */
  const loose = async (on: Instance, expirationDateUtc: Date): Promise<Share> => ({
    ...unlisted(randomUUID(), NOW, expirationDateUtc),
    listPosition: await on.lists.reserve(owner, NOW),
    listExpired: expirationDateUtc.getTime() <= NOW.getTime(),
  });

  it('a change that stopped between its intent and its count is counted again by the reconciler, not before it is stale', async () => {
    await readyAt(0);
    await create(a, minutes(90));
    // Stopped after its share's write (a crash before settling): the share is in the store, not in the count.
    const stopped = await loose(a, minutes(-5));
    await expect(
      a.lists.track(owner, blockOf(stopped.listPosition!), async () => {
        await a.shares.insert(stopped);
        throw new Error('crashed before settling');
      }),
    ).rejects.toThrow('crashed');
    // Stopped before its share's write: nothing to count, the intent alone left.
    await expect(a.lists.track(owner, blockOf(await a.lists.reserve(owner, NOW)), () => Promise.reject(new Error('crashed before writing')))).rejects.toThrow('before writing');
    // The stored counts miss the share until the reconciler's round; pages count the block with intents themselves.
    expect((await a.lists.lists.findOne({ _id: owner }))!.live).toEqual({ '0': 1 });
    expect((await a.lists.page(owner, null, NOW, 0, 10))!.total).toBe(2);
    expect((await a.lists.page(owner, true, NOW, 0, 10))!.items.map((s) => s.id)).toEqual([stopped.id]);
    expect((await a.lists.page(owner, false, NOW, 0, 10))!.total).toBe(1);

    expect(await b.lists.reconcile(new Date(), INTENT_STALE_MS)).toBe(0);
    expect(await b.lists.reconcile(LATER(), INTENT_STALE_MS)).toBe(1);
    expect((await a.lists.lists.findOne({ _id: owner }))!.live).toEqual({ '0': 2 });
    await expectExact();
  });

  it('recounts a block once its stale intents are its only ones, whatever goes on in other blocks', async () => {
    await readyAt(LIST_BLOCK_SIZE - 1);
    await create(a, minutes(90));
    await create(a, minutes(90));
    // A stopped change's intent in each block, long stale.
    for (const block of [0, 1]) await a.lists.lists.updateOne({ _id: owner }, { $set: { [`intents.stopped${block}`]: { at: new Date(0), block } }, $inc: { [`ver.${block}`]: 1, open: 1 } });
    // A change under way in block 1 (its intent recorded now): its share may be written and not yet counted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const recorded = new Promise<void>((resolve) => (started = resolve));
    const blocked = a.lists.track(owner, 1, async () => {
      started();
      await held;
      return { value: null, delta: null };
    });
    await recorded;
    // Block 0 is recounted although block 1 has a change under way; block 1 waits for it.
    expect(await b.lists.reconcile(new Date(), INTENT_STALE_MS)).toBe(1);
    expect(Object.keys((await a.lists.lists.findOne({ _id: owner }))!.intents!).sort()).toEqual(expect.arrayContaining(['stopped1']));
    release();
    await blocked;
    expect(await b.lists.reconcile(new Date(), INTENT_STALE_MS)).toBe(1);
    await expectExact();
  });

  it('a settling that finds its intent taken by the reconciler leaves the block to count again', async () => {
    await readyAt(0);
    const share = await loose(a, minutes(30));
    await a.lists.track(owner, blockOf(share.listPosition!), async () => {
      // The reconciler took this change for a stopped one before its share was written, and counted no share.
      expect(await b.lists.reconcile(new Date(), -60_000)).toBe(1);
      await a.shares.insert(share);
      return { value: null, delta: countDelta(null, countedOf(share)) };
    });
    // Counted at once by pages (its block holds an intent again), by the stored counts after the next round.
    expect((await a.lists.page(owner, null, NOW, 0, 10))!.total).toBe(1);
    expect((await a.lists.lists.findOne({ _id: owner }))!.live).toEqual({ '0': 0 });
    expect(await b.lists.reconcile(new Date(), INTENT_STALE_MS)).toBe(1);
    expect((await a.lists.lists.findOne({ _id: owner }))!.live).toEqual({ '0': 1 });
    await expectExact();
  });

  it('counts stay exact after two writer processes are killed mid-way: the reconciler recounts what their stopped changes left', async () => {
    await readyAt(LIST_BLOCK_SIZE - 40);
    const writers = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'services/share/src/share-lists-writer.fixture.ts', testEnv().mongoUri, dbName, owner, NOW.toISOString()], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanup.add(() => void child.kill('SIGKILL'));
      return child;
    });
    await Promise.all(writers.map((child) => once(child.stdout!, 'data')));
    await waitFor(async () => (await a.shares.count({ ownerClientId: owner })) >= 120, { timeoutMs: 60_000 });
    for (const child of writers) child.kill('SIGKILL');
    await Promise.all(writers.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined)));
    // Writes the killed processes had sent may still be applied by the store: the reconciler runs minutes after a crash.
    const state = async () => JSON.stringify([await a.shares.count({}), await a.lists.lists.findOne({ _id: owner }, { projection: { ver: 1 } })]);
    let last = '';
    await waitFor(
      async () => {
        const now = await state();
        const quiet = now === last;
        last = now;
        return quiet;
      },
      { timeoutMs: 30_000, intervalMs: 1_000 },
    );
    expect((await a.lists.lists.findOne({ _id: owner }))!.open).toBeGreaterThan(0);
    expect(await a.lists.reconcile(LATER(), INTENT_STALE_MS)).toBeGreaterThan(0);
    await expectExact();
    await expectExact(minutes(30));
  });

  /** A share as a version before the lists wrote it (no position). */
  const legacyShare = (id: string, createdAt: Date, expirationDateUtc: Date) => {
    const { id: _id, ...fields } = unlisted(id, createdAt, expirationDateUtc);
    return { _id, ...fields, version: 1, outbox: [], hasOutbox: false, deletedAt: null };
  };

  const list = (on: Instance, isExpired: boolean | null, page: number, pageSize = 3) =>
    listSharesHttp(on.lists, on.shares)({ query: { page, pageSize, isExpired: isExpired ?? undefined }, caller: { clientId: owner } } as unknown as Parameters<ReturnType<typeof listSharesHttp>>[0]) as Promise<{
      body: { data: Array<{ id: string }>; _pagination: { totalCount: number } };
    }>;

  it('rolls out: reads use the owner index until the build, which places older shares first, oldest first, and counts every block', async () => {
    // The handler judges expiry at the clock's now.
    const fromNow = (m: number) => new Date(Date.now() + m * 60_000);
    const legacy = Array.from({ length: 12 }, (_, i) => legacyShare(`old-${String(i).padStart(2, '0')}`, new Date(Date.now() - (12 - i) * 60_000), fromNow(i * 10 - 60)));
    await a.shares.collection.insertMany([...legacy].reverse());
    await a.lists.build.deleteMany({});
    // A new version's create before the build has begun: made without a position, as the version before makes them.
    const made = await create(a, fromNow(5), randomUUID(), new Date());
    expect((await a.shares.find(made))?.listPosition ?? null).toBeNull();
    await b.update.execute({ ownerClientId: owner, shareId: 'old-03', expirationDateUtc: fromNow(45) }, new Date());
    expect(await a.lists.page(owner, null, new Date(), 0, 50)).toBeNull();
    const before = await list(a, null, 1, 50);
    expect(before.body._pagination.totalCount).toBe(13);

    await a.lists.build.updateOne({ _id: 'build' }, { $set: { begun: true } }, { upsert: true });
    await Promise.all([a.lists.buildList(owner, new Date()), create(b, fromNow(-5), randomUUID(), new Date()), b.remove.execute({ ownerClientId: owner, shareId: 'old-05' })]);
    const ids = (await stored()).map((s) => s.id);
    expect(ids.slice(0, 11)).toEqual(legacy.map((l) => l._id).filter((id) => id !== 'old-05'));
    expect(ids[11]).toBe(made);
    expect(ids).toHaveLength(13);
    expect(await a.lists.page(owner, null, new Date(), 0, 50)).not.toBeNull();
    await expectExact(new Date());
    // Run again, it changes nothing.
    await a.lists.buildList(owner, new Date());
    expect((await stored()).map((s) => s.id)).toEqual(ids);
    await expectExact(new Date());
    // GET /shares reads the list now, the same shares as the owner index in the order they were made.
    for (const isExpired of [null, true, false]) {
      const [first, second] = [await list(b, isExpired, 1), await list(b, isExpired, 2)];
      const all = (await stored()).filter((s) => isExpired === null || (s.expirationDateUtc.getTime() <= Date.now()) === isExpired).map((s) => s.id);
      expect([...first.body.data, ...second.body.data].map((s) => s.id)).toEqual(all.slice(0, 6));
      expect(first.body._pagination.totalCount).toBe(all.length);
    }
  });

  it('a build puts right a share an instance of the version before changed, which wrote back the list fields it read', async () => {
    const fromNow = (m: number) => new Date(Date.now() + m * 60_000);
    const id = await create(a, fromNow(10), randomUUID(), new Date());
    // The version before knows no list field: it writes them back as it read them.
    const before = new AggregateStore<Share>(a.shares.collection.db, { ...shareStoreOptions, derived: undefined });
    await before.mutate(id, (current) => ({ next: { ...current, expirationDateUtc: fromNow(60) }, result: null }));
    expect(await a.lists.buildList(owner, new Date())).toBe(true);
    await a.lists.maintain(fromNow(15));
    await expectExact(fromNow(30));
    await a.lists.maintain(fromNow(120));
    await expectExact(fromNow(120));
  });

  it('gives no position before the build has begun, so shares an earlier instance makes during the roll-out keep the order they were made in', async () => {
    await a.lists.build.deleteMany({});
    const first = await create(a, null, randomUUID(), new Date(Date.now() - 120_000));
    expect((await a.shares.find(first))?.listPosition ?? null).toBeNull();
    // Made after it by an instance of the version before.
    await a.shares.collection.insertOne(legacyShare('old-later', new Date(Date.now() - 60_000), new Date(Date.now() + 86_400_000)));
    await a.lists.build.updateOne({ _id: 'build' }, { $set: { begun: true } }, { upsert: true });
    const last = await create(b, null, randomUUID(), new Date());
    expect(await a.lists.buildList(owner, new Date())).toBe(true);
    expect((await stored()).map((s) => s.id)).toEqual([first, 'old-later', last]);
    await expectExact(new Date());
  });

  it('a build stopped half-way and run again places every older share before the newer ones', async () => {
    const legacy = Array.from({ length: 6 }, (_, i) => legacyShare(`old-${i}`, new Date(Date.now() - (6 - i) * 60_000), new Date(Date.now() + 3_600_000)));
    await a.shares.collection.insertMany(legacy);
    expect(await a.lists.buildList(owner, new Date(), { maxPlacements: 3 })).toBe(false);
    expect(await a.lists.page(owner, null, new Date(), 0, 50)).toBeNull();
    expect(await a.lists.buildList(owner, new Date())).toBe(true);
    expect((await stored()).map((s) => s.id)).toEqual(legacy.map((l) => l._id));
    await expectExact(new Date());
  });

  it('a build places a share expired by the clock of its own write, not of the build\'s start, while the mover goes on', async () => {
    await a.shares.collection.insertOne(legacyShare('old-expired', new Date(Date.now() - 3_600_000), new Date(Date.now() - 120_000)));
    // The build began ten minutes ago; the mover has since passed the minute the share expired in.
    await a.lists.lists.updateOne({ _id: owner }, { $set: { moved: minuteOf(new Date()) - 1, ready: false } }, { upsert: true });
    expect(await a.lists.buildList(owner, new Date(Date.now() - 600_000))).toBe(true);
    await a.lists.maintain(new Date(Date.now() + 1_800_000));
    await expectExact(new Date(Date.now() + 1_800_000));
  });

  it('a list made while a create begun earlier is still writing moves that share to expired in time', async () => {
    await a.lists.build.updateOne({ _id: 'build' }, { $set: { done: true } }, { upsert: true });
    await create(a, minutes(60), randomUUID(), new Date('2026-11-29T15:30:00.500Z'));
    // Begun two seconds before the list was made, expiring in the minute before it: written not yet moved.
    await create(b, new Date('2026-11-29T15:29:59.600Z'), randomUUID(), new Date('2026-11-29T15:29:58.000Z'));
    await a.lists.maintain(minutes(10));
    await expectExact(minutes(10));
  });

  it('the maintenance round sweeps every block in turn: a count or a share\'s list fields left wrong with no intent to tell are put right', async () => {
    const fromNow = (m: number) => new Date(Date.now() + m * 60_000);
    await a.lists.buildList(owner, new Date());
    await a.lists.lists.updateOne({ _id: owner }, { $set: { next: LIST_BLOCK_SIZE - 2 } });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await create(a, fromNow(60 + i), randomUUID(), new Date()));
    expect(new Set(ids.map((_, i) => blockOf(LIST_BLOCK_SIZE - 2 + i)))).toEqual(new Set([0, 1]));
    // What a change frozen past its window, written late and then killed, can leave: a count one off with no intent,
    // and a share whose expiry changed with its list fields as they were (due in its old minute).
    await a.lists.lists.updateOne({ _id: owner }, { $inc: { 'live.0': 1 } });
    const late = new AggregateStore<Share>(a.shares.collection.db, { ...shareStoreOptions, derived: undefined });
    await late.mutate(ids[3]!, (current) => ({ next: { ...current, expirationDateUtc: fromNow(120) }, result: null }));
    const swept = [];
    for (let round = 1; round <= 2; round++) swept.push((await a.lists.maintain(fromNow(round))).swept);
    expect(swept).toEqual([1, 1]);
    await expectExact(fromNow(5));
    await a.lists.maintain(fromNow(70));
    await a.lists.maintain(fromNow(130));
    await expectExact(fromNow(130));
  });

  it('the maintenance round builds the lists made before the build was done, and only after it; a list made after is ready at once', async () => {
    await create(a, minutes(5));
    expect(await a.lists.maintain(NOW)).toMatchObject({ built: 0 });
    expect(await a.lists.page(owner, null, NOW, 0, 10)).toBeNull();
    await a.lists.build.updateOne({ _id: 'build' }, { $set: { done: true } }, { upsert: true });
    expect(await b.lists.maintain(NOW)).toMatchObject({ built: 1 });
    await expectExact();
    await b.create.execute(randomUUID(), 'app-later', { clientId: 'partner', reference: null, expirationDateUtc: null, consentIds: null, accountIds: null, analysisIds: null }, NOW);
    expect((await b.lists.page('app-later', null, NOW, 0, 10))?.total).toBe(1);
  });

  it('a database made without shares is marked built by its migration; one with shares is not', async () => {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    await create(a, minutes(5));
    await a.lists.build.deleteMany({});
    await shareListsBuiltWhenFresh.up(connection);
    expect(await a.lists.build.findOne({})).toBeNull();
    await a.shares.collection.deleteMany({});
    await shareListsBuiltWhenFresh.up(connection);
    expect(await a.lists.build.findOne({})).toEqual({ _id: 'build', begun: true, done: true });
  });
});
