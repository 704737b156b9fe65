import { connectDatabase, database, hourBucket } from '@obp/db';
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
});
