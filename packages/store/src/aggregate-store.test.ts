import { gzipSync } from 'node:zlib';
import { newOutboxEntry, newTombstoneEntry, type OutboxEntry } from '@obp/bus';
import { connectDatabase, database, hourBucket, mongo } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { AggregateStore } from './aggregate-store';

interface Task {
  id: string;
  owner: string;
  done: boolean;
  dueAt: Date | null;
}

describe('AggregateStore derived fields (real store)', () => {
  const cleanup = new Cleanup();
  let store: AggregateStore<Task>;

  beforeEach(async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('derived'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    store = new AggregateStore<Task>(db, {
      collection: 'tasks',
      indexes: [{ key: { open: 1 } }, { key: { dueHour: 1 } }],
      derived: {
        open: (task) => !task.done,
        dueHour: (task) => (task.dueAt ? hourBucket(task.dueAt) : null),
      },
    });
    await store.ensureIndexes();
  });
  afterEach(() => cleanup.run());

  /** The document as stored, bookkeeping and derived fields included. */
  const raw = (id: string) => store.collection.findOne({ _id: id });

  it('writes the derived fields on insert and recomputes them on every mutate', async () => {
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z') });
    expect(await raw('t-1')).toMatchObject({ owner: 'app', done: false, open: true, dueHour: '2026-11-23T14' });

    await store.mutate('t-1', (task) => ({ next: { ...task, dueAt: new Date('2026-11-24T09:05:00.000Z') }, result: null }));
    expect(await raw('t-1')).toMatchObject({ done: false, open: true, dueHour: '2026-11-24T09', version: 2 });

    await store.mutate('t-1', (task) => ({ next: { ...task, done: true, dueAt: null }, result: null }));
    expect(await raw('t-1')).toMatchObject({ done: true, open: false, dueHour: null, version: 3 });
  });

  it('serves queries on the derived fields, which the states it returns do not carry', async () => {
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z') });
    await store.insert({ id: 't-2', owner: 'app', done: true, dueAt: null });
    await store.insert({ id: 't-3', owner: 'app', done: false, dueAt: new Date('2026-11-23T15:00:00.000Z') });
    await store.mutate('t-3', (task) => ({ next: { ...task, done: true }, result: null }));

    const open = await store.findMany({ open: true });
    expect(open).toEqual([{ id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z'), version: 1 }]);
    expect((await store.findMany({ open: false }, { sort: { _id: 1 } })).map((task) => task.id)).toEqual(['t-2', 't-3']);
    expect(await store.ids({ dueHour: { $in: ['2026-11-23T14', '2026-11-23T15'] } }, 10)).toHaveLength(2);
    expect(await store.count({ open: true })).toBe(1);

    expect(await store.find('t-3')).toEqual({ id: 't-3', owner: 'app', done: true, dueAt: new Date('2026-11-23T15:00:00.000Z'), version: 2 });
    for (const task of [...(await store.findMany({}, { sort: { _id: 1 } })), await store.find('t-2')]) {
      expect(task).not.toHaveProperty('open');
      expect(task).not.toHaveProperty('dueHour');
    }
    // What mutate hands the change is the state alone too.
    const seen = await store.mutate('t-1', (task) => ({ result: Object.keys(task).sort() }));
    expect(seen).toEqual({ found: true, result: ['done', 'dueAt', 'id', 'owner', 'version'] });
  });

  it('rederive writes the derived fields of documents written before them anew and drops a derived field no longer written', async () => {
    // As an older version wrote them: a derived field since renamed (`overdue`), none of today's.
    await store.collection.insertMany([
      { _id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z'), overdue: true, version: 3, outbox: [], hasOutbox: false, deletedAt: null },
      { _id: 't-2', owner: 'app', done: true, dueAt: null, overdue: false, version: 1, outbox: [], hasOutbox: false, deletedAt: null },
    ]);
    await store.insert({ id: 't-3', owner: 'app', done: false, dueAt: null });

    expect(await store.rederive({ open: { $exists: false } }, ['overdue'])).toBe(2);
    expect(await raw('t-1')).toEqual({ _id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z'), open: true, dueHour: '2026-11-23T14', version: 4, outbox: [], hasOutbox: false, deletedAt: null });
    expect(await raw('t-2')).toMatchObject({ open: false, dueHour: null, version: 2 });
    expect(await raw('t-2')).not.toHaveProperty('overdue');
    expect(await store.find('t-1')).toEqual({ id: 't-1', owner: 'app', done: false, dueAt: new Date('2026-11-23T14:20:00.000Z'), version: 4 });
    expect((await store.ids({ open: true })).sort()).toEqual(['t-1', 't-3']);
    expect(await store.rederive({ open: { $exists: false } }, ['overdue'])).toBe(0);
  });

  it("stamps each write's events with the version the write leaves the aggregate at, removal included", async () => {
    const event = (type: string) => newOutboxEntry({ topic: 'tasks', key: 't-1', type, ownerClientId: 'app', data: {} });
    const versionsInOutbox = async () => ((await raw('t-1'))?.outbox as OutboxEntry[]).map((e) => [e.envelope.type, e.envelope.version]);
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null }, [event('task.created')]);
    await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, events: [event('task.done')], result: null }));
    await store.mutate('t-1', (task) => ({ next: { ...task, owner: 'other-app' }, result: null }));
    await store.mutate('t-1', () => ({ remove: true, events: [event('task.deleted'), newTombstoneEntry({ topic: 'tasks', key: 't-1', ownerClientId: 'app' })], result: null }));

    expect(await versionsInOutbox()).toEqual([
      ['task.created', 1],
      ['task.done', 2],
      ['task.deleted', 4],
      ['tombstone', 4],
    ]);
  });

  it('keeps a large event compact in the store (one binary value, not its thousands of fields) and hands it to the relay as written, beside small ones', async () => {
    const rows = Array.from({ length: 300 }, (_, n) => ({ id: `row-${n}`, amount: -(n + 1) / 100, bookedAt: '2026-03-02T00:00:00.000Z', note: `row ${n} of a large event` }));
    const large = newOutboxEntry({ topic: 'tasks', key: 't-1/rows', type: 'task.rows', ownerClientId: 'app', data: { rows } });
    const small = newOutboxEntry({ topic: 'tasks', key: 't-1', type: 'task.done', ownerClientId: 'app', data: { done: true } });
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null });
    await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, events: [large, small], result: null }));

    const stored = (await raw('t-1'))!.outbox as Array<{ eventId: string; envelope: unknown }>;
    expect(stored.map((e) => e.eventId)).toEqual([large.eventId, small.eventId]);
    expect(stored[0]!.envelope).toBeInstanceOf(mongo.Binary);
    expect(stored[1]!.envelope).toEqual({ ...small.envelope, version: 2 });
    const [pending] = await store.withPendingEvents(10);
    expect(pending!.outbox).toEqual([
      { ...large, envelope: { ...large.envelope, version: 2 } },
      { ...small, envelope: { ...small.envelope, version: 2 } },
    ]);
    // A failed publish is counted on the stored entry; clearing what was published leaves what was not.
    expect(await store.recordPublishFailure('t-1', new Error('broker down'))).toBe(1);
    await store.clearPublished('t-1', new Set([small.eventId]));
    expect((await store.withPendingEvents(10))[0]!.outbox).toEqual([{ ...large, envelope: { ...large.envelope, version: 2 }, attempts: 1, lastError: 'broker down' }]);
  });

  it('hands the relay a large event gzipped as it was written before, beside one written now', async () => {
    const rows = Array.from({ length: 600 }, (_, n) => ({ id: `row-${n}`, note: `row ${n} of a large event` }));
    const before = newOutboxEntry({ topic: 'tasks', key: 't-1/rows/0', type: 'task.rows', ownerClientId: 'app', data: { rows } });
    const now = newOutboxEntry({ topic: 'tasks', key: 't-1/rows/1', type: 'task.rows', ownerClientId: 'app', data: { rows } });
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null });
    const gzipped = { ...before, envelope: new mongo.Binary(gzipSync(JSON.stringify({ ...before.envelope, version: 1 }))) };
    await store.collection.updateOne({ _id: 't-1' }, { $set: { outbox: [gzipped], hasOutbox: true } } as never);
    await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, events: [now], result: null }));
    const stored = (await raw('t-1'))!.outbox as Array<{ envelope: mongo.Binary }>;
    expect(stored.map((e) => e.envelope.sub_type)).toEqual([0, 0x80]); // gzipped before, compressed with brotli now
    const [pending] = await store.withPendingEvents(10);
    expect(pending!.outbox).toEqual([
      { ...before, envelope: { ...before.envelope, version: 1 } },
      { ...now, envelope: { ...now.envelope, version: 2 } },
    ]);
  });

  /**
   * Runs `action` while the relay publishes and clears the pending events the moment the store has read the document
   * (and not yet written it); whether it did.
   */
  async function whileTheRelayClearsAfterTheRead(action: () => Promise<unknown>): Promise<boolean> {
    const collection = store.collection;
    const findOne = collection.findOne.bind(collection);
    let cleared = false;
    const interleave = jest.spyOn(collection, 'findOne').mockImplementation((async (...args: Parameters<typeof findOne>) => {
      const found = await findOne(...args);
      if (!cleared && found && Array.isArray(found.outbox) && found.outbox.length > 0) {
        cleared = true;
        await store.clearPublishedPage(await store.withPendingEvents(10));
      }
      return found;
    }) as typeof collection.findOne);
    try {
      await action();
    } finally {
      interleave.mockRestore();
    }
    return cleared;
  }

  it('keeps events the relay cleared while a removal was being written cleared: they are not published twice', async () => {
    const event = (type: string) => newOutboxEntry({ topic: 'tasks', key: 't-1', type, ownerClientId: 'app', data: {} });
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null }, [event('task.created')]);
    // The relay publishes and clears the pending event at the moment the removal has read the document and not yet written it.
    expect(await whileTheRelayClearsAfterTheRead(() => store.mutate('t-1', () => ({ remove: true, events: [event('task.removed')], result: null })))).toBe(true);
    const [pending] = await store.withPendingEvents(10);
    expect(pending!.outbox.map((entry) => entry.envelope.type)).toEqual(['task.removed']);
    // The state's fields went with the removal: only what the relay needs is left.
    expect(Object.keys((await raw('t-1'))!).sort()).toEqual(['_id', 'deletedAt', 'hasOutbox', 'outbox', 'version']);
  });

  it('keeps events the relay cleared while a failed publish was being counted cleared: they are not published twice', async () => {
    const created = newOutboxEntry({ topic: 'tasks', key: 't-1', type: 'task.created', ownerClientId: 'app', data: {} });
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null }, [created]);
    // Another instance's relay publishes and clears the event at the moment this one has read the document to count its failure.
    expect(await whileTheRelayClearsAfterTheRead(() => store.recordPublishFailure('t-1', new Error('broker down')))).toBe(true);
    expect((await raw('t-1'))!.outbox).toEqual([]);
    expect(await store.withPendingEvents(10)).toEqual([]);
  });

  it('counts a failed publish on the first pending event only, beside an event written since the relay read it', async () => {
    const event = (type: string) => newOutboxEntry({ topic: 'tasks', key: 't-1', type, ownerClientId: 'app', data: {} });
    const created = event('task.created');
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null }, [created]);
    expect(await store.recordPublishFailure('t-1', new Error('broker down'))).toBe(1);
    await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, events: [event('task.done')], result: null }));
    expect(await store.recordPublishFailure('t-1', new Error('broker still down'))).toBe(2);
    const outbox = (await raw('t-1'))!.outbox as Array<{ eventId: string; attempts: number; lastError: string | null }>;
    expect(outbox.map(({ eventId, attempts, lastError }) => ({ eventId, attempts, lastError }))).toEqual([
      { eventId: created.eventId, attempts: 2, lastError: 'broker still down' },
      { eventId: outbox[1]!.eventId, attempts: 0, lastError: null },
    ]);
    expect((await raw('t-1'))!.version).toBe(2);
  });

  it('inserts an aggregate under an id once: a retried creation leaves the first one as it was', async () => {
    const inserted = await Promise.all([1, 2, 3].map((n) => store.insertIfAbsent({ id: 't-1', owner: `app-${n}`, done: false, dueAt: null })));
    expect(inserted.filter(Boolean)).toHaveLength(1);
    const first = await store.find('t-1');
    expect(await store.insertIfAbsent({ id: 't-1', owner: 'app-9', done: true, dueAt: null })).toBe(false);
    expect(await store.find('t-1')).toEqual(first);
    expect(await store.count({})).toBe(1);
  });
});

interface Listed {
  id: string;
  owner: string;
  tag: string | null;
  createdAt: Date;
}

describe('AggregateStore lists and counts (real store)', () => {
  const cleanup = new Cleanup();
  let store: AggregateStore<Listed>;
  const all: Listed[] = [];

  beforeAll(async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('lists'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    store = new AggregateStore<Listed>(db, { collection: 'listed', indexes: [{ key: { owner: 1, createdAt: 1, _id: 1 } }] });
    await store.ensureIndexes();
    // Three owners, times with ties (ids order those), tags set, null or of two kinds.
    for (let i = 0; i < 240; i++) {
      const item: Listed = {
        id: `item-${String((i * 7919) % 1000).padStart(3, '0')}-${i}`,
        owner: ['app-a', 'app-b', 'app-c'][i % 3]!,
        tag: i % 5 === 0 ? null : i % 2 === 0 ? 'even' : 'odd',
        createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 4) * 60_000),
      };
      await store.insert(item);
      all.push(item);
    }
    // Removed aggregates (a tombstone while events wait for the relay, or gone) are never listed.
    for (const [i, item] of all.entries()) {
      if (i % 11 === 0) await store.mutate(item.id, () => ({ remove: true, events: i % 2 === 0 ? [{ id: `e-${i}`, type: 'removed', key: item.id, value: '{}' }] : [], result: null }));
    }
    all.splice(0, all.length, ...all.filter((_, i) => i % 11 !== 0));
  });
  afterAll(() => cleanup.run());

  const byCreation = (a: Listed, b: Listed) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  it.each<[string, Record<string, unknown>, (item: Listed) => boolean]>([
    ['one owner', { owner: 'app-b' }, (item) => item.owner === 'app-b'],
    ['one owner and a tag', { owner: 'app-a', tag: 'even' }, (item) => item.owner === 'app-a' && item.tag === 'even'],
    ['one owner, no tag', { owner: 'app-c', tag: null }, (item) => item.owner === 'app-c' && item.tag === null],
    ['owners in a list', { owner: { $in: ['app-a', 'app-c'] } }, (item) => item.owner !== 'app-b'],
    ['one owner, created from a time on', { owner: 'app-a', createdAt: { $gte: new Date(Date.UTC(2026, 0, 1, 0, 20)) } }, (item) => item.owner === 'app-a' && item.createdAt >= new Date(Date.UTC(2026, 0, 1, 0, 20))],
    ['everything', {}, () => true],
  ])('pages and counts %s oldest first, as MongoDB does', async (_case, filter, matches) => {
    const expected = all.filter(matches).sort(byCreation).map((item) => item.id);
    expect(await store.count(filter)).toBe(expected.length);
    for (const [skip, limit] of [[0, 10], [7, 25], [expected.length - 3, 10], [expected.length + 5, 10]] as const) {
      const page = await store.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip, limit });
      expect(page.map((item) => item.id)).toEqual(expected.slice(skip, skip + limit));
    }
    const newest = await store.findMany(filter, { sort: { createdAt: -1, _id: -1 }, limit: 5 });
    expect(newest.map((item) => item.id)).toEqual([...expected].reverse().slice(0, 5));
  });

  it.each([7, 50, 1_000])('reads every id of a filter in id order, in pages of %i, removed ones left out', async (pageSize) => {
    const expected = all.filter((item) => item.owner === 'app-a').map((item) => item.id).sort();
    expect(expected.length).toBeGreaterThan(50);
    expect(await store.allIds({ owner: 'app-a' }, pageSize)).toEqual(expected);
  });

  it('answers a filter with an empty $in without asking the store, which would read every document to match none', async () => {
    const sent: string[] = [];
    const connection = await connectDatabase(testEnv().mongoUri, store.collection.dbName, { onCommand: (event) => sent.push(event.commandName) });
    cleanup.add(() => connection.close());
    const watched = new AggregateStore<Listed>(database(connection), { collection: 'listed' });
    const empty = { _id: { $in: [] as string[] } };
    expect(await watched.findMany(empty)).toEqual([]);
    expect(await watched.findMany({ owner: 'app-a', tag: { $in: [] } }, { sort: { createdAt: 1 }, limit: 10 })).toEqual([]);
    expect(await watched.count(empty)).toBe(0);
    expect(await watched.ids(empty, 10)).toEqual([]);
    expect(await watched.allIds(empty)).toEqual([]);
    expect(sent.filter((name) => name === 'find' || name === 'count')).toEqual([]);
    // A list with values is still a query, and an empty list beside other values of an $or is left to the store.
    expect(await watched.count({ owner: { $in: ['app-b'] } })).toBe(all.filter((item) => item.owner === 'app-b').length);
    expect(await watched.count({ $or: [{ owner: { $in: [] } }, { owner: 'app-c' }] })).toBe(all.filter((item) => item.owner === 'app-c').length);
    expect(sent.filter((name) => name === 'count')).toHaveLength(2);
  });
});

describe('AggregateStore with a state cache (real store)', () => {
  const cleanup = new Cleanup();
  let store: AggregateStore<Task>;
  /** Another process's write: straight to the document, version advanced, this process's cache untouched. */
  const writeElsewhere = (id: string, set: Partial<Task>) => store.collection.updateOne({ _id: id }, { $set: set, $inc: { version: 1 } });

  beforeEach(async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('cached'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    store = new AggregateStore<Task>(db, { collection: 'tasks', cache: { maxEntries: 100, ttlMs: 60_000 } });
    await store.ensureIndexes();
    await store.insert({ id: 't-1', owner: 'app', done: false, dueAt: null });
  });
  afterEach(() => cleanup.run());

  it('answers find from the cache until another process’s change is forgotten', async () => {
    expect(await store.find('t-1')).toMatchObject({ owner: 'app', version: 1 });
    await writeElsewhere('t-1', { owner: 'other-app' });
    expect(await store.find('t-1')).toMatchObject({ owner: 'app', version: 1 });

    store.forgetCached('t-1');
    expect(await store.find('t-1')).toMatchObject({ owner: 'other-app', version: 2 });
  });

  it('reads every aggregate from the store again once all cached states are forgotten (a gap in what it heard)', async () => {
    await store.insert({ id: 't-2', owner: 'app', done: false, dueAt: null });
    await Promise.all([store.find('t-1'), store.find('t-2')]);
    await writeElsewhere('t-1', { owner: 'other-app' });
    await writeElsewhere('t-2', { done: true });

    store.forgetAllCached();
    expect(await store.find('t-1')).toMatchObject({ owner: 'other-app', version: 2 });
    expect(await store.find('t-2')).toMatchObject({ done: true, version: 2 });
  });

  it('reads its own writes: a mutate or a removal is seen by the next find', async () => {
    await store.find('t-1');
    await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, result: null }));
    expect(await store.find('t-1')).toEqual({ id: 't-1', owner: 'app', done: true, dueAt: null, version: 2 });

    await store.mutate('t-1', () => ({ remove: true, result: null }));
    expect(await store.find('t-1')).toBeNull();
  });

  it('decides a mutate on the stored state, never on a stale cached one', async () => {
    await store.find('t-1');
    await writeElsewhere('t-1', { owner: 'other-app', done: true });

    const seen: string[] = [];
    // On the cached state (not done) this would write; on the stored one (done) it must not.
    const outcome = await store.mutate('t-1', (task) => {
      seen.push(task.owner);
      return task.done ? { result: 'already done' } : { next: { ...task, done: true, owner: 'reopened-by-stale-state' }, result: 'done now' };
    });
    expect(seen).toEqual(['other-app']);
    expect(outcome).toEqual({ found: true, result: 'already done' });
    expect(await store.collection.findOne({ _id: 't-1' })).toMatchObject({ owner: 'other-app', done: true, version: 2 });
  });

  it('finds nothing once another process removed the aggregate, even if it was cached', async () => {
    await store.find('t-1');
    await store.collection.deleteOne({ _id: 't-1' });
    expect(await store.mutate('t-1', (task) => ({ next: { ...task, done: true }, result: null }))).toEqual({ found: false });
    expect(await store.find('t-1')).toBeNull();
  });
});
