import { setTimeout as delay } from 'node:timers/promises';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { connectDatabase, database, runMigrations, type Connection, type Migration } from './index';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function connect(name: string): Promise<Connection> {
  const connection = await connectDatabase(testEnv().mongoUri, name);
  cleanup.add(() => connection.close());
  return connection;
}

async function freshDatabase(): Promise<{ name: string; connection: Connection }> {
  const name = uniqueDbName('migrations');
  const connection = await connect(name);
  cleanup.add(() => connection.dropDatabase());
  return { name, connection };
}

/** A migration that writes one document per run into `applications` (taking a while, so two runs overlap). */
const counted = (id: string, ms = 200): Migration => ({
  id,
  async up(connection) {
    await delay(ms);
    await database(connection).collection('applications').insertOne({ migration: id, at: new Date() });
  },
});

const applications = async (connection: Connection) =>
  (await database(connection).collection<{ migration: string }>('applications').find({}, { sort: { at: 1 } }).toArray()).map((a) => a.migration);

const recorded = async (connection: Connection) =>
  (await database(connection).collection<{ _id: string }>('schema_migrations').find({ appliedAt: { $exists: true } }).sort({ _id: 1 }).toArray()).map((r) => r._id);

describe('runMigrations (real store)', () => {
  it('runs the migrations in order, records each in the database, and applies nothing when run again', async () => {
    const { connection } = await freshDatabase();
    const migrations = [counted('0001-first', 0), counted('0002-second', 0), counted('0003-third', 0)];
    expect(await runMigrations(connection, migrations)).toEqual(['0001-first', '0002-second', '0003-third']);
    expect(await runMigrations(connection, migrations)).toEqual([]);
    expect(await applications(connection)).toEqual(['0001-first', '0002-second', '0003-third']);
    expect(await recorded(connection)).toEqual(['0001-first', '0002-second', '0003-third']);
    // A later version adds one: only it runs.
    expect(await runMigrations(connection, [...migrations, counted('0004-fourth', 0)])).toEqual(['0004-fourth']);
    expect(await applications(connection)).toEqual(['0001-first', '0002-second', '0003-third', '0004-fourth']);
  });

  it('applies each migration exactly once when two processes run them at the same time', async () => {
    const { name, connection } = await freshDatabase();
    const other = await connect(name);
    const migrations = [counted('0001-first'), counted('0002-second'), counted('0003-third')];
    const waited: string[] = [];
    const [a, b] = await Promise.all([
      runMigrations(connection, migrations, { owner: 'runner-a', pollMs: 50, onWaiting: (holder) => waited.push(`a waits for ${holder}`) }),
      runMigrations(other, migrations, { owner: 'runner-b', pollMs: 50, onWaiting: (holder) => waited.push(`b waits for ${holder}`) }),
    ]);
    expect([...a, ...b].sort()).toEqual(['0001-first', '0002-second', '0003-third']);
    expect(await applications(connection)).toEqual(['0001-first', '0002-second', '0003-third']);
    expect(waited).toHaveLength(1);
    expect(await database(connection).collection('schema_migrations').findOne({ _id: '~lock' as never })).toBeNull();
  });

  it('takes over the lock of a runner that crashed once its lease lapsed, and waits for one that holds it', async () => {
    const { connection } = await freshDatabase();
    const locks = database(connection).collection<{ _id: string; owner: string; expiresAt: Date }>('schema_migrations');
    await locks.insertOne({ _id: '~lock', owner: 'alive', expiresAt: new Date(Date.now() + 60_000) });
    await expect(runMigrations(connection, [counted('0001-first', 0)], { waitMs: 300, pollMs: 50 })).rejects.toThrow(/held by alive/);
    expect(await applications(connection)).toEqual([]);

    await locks.updateOne({ _id: '~lock' }, { $set: { owner: 'crashed', expiresAt: new Date(Date.now() - 1) } });
    expect(await runMigrations(connection, [counted('0001-first', 0)], { waitMs: 300, pollMs: 50 })).toEqual(['0001-first']);
    expect(await locks.findOne({ _id: '~lock' })).toBeNull();
  });

  it('stops when its lock was taken over meanwhile (it paused past its lease): runs no further migration and leaves the new holder its lock', async () => {
    const { connection } = await freshDatabase();
    const locks = database(connection).collection<{ _id: string; owner: string; expiresAt: Date }>('schema_migrations');
    const pausedPastItsLease: Migration = {
      id: '0001-first',
      async up(c) {
        await database(c).collection('applications').insertOne({ migration: '0001-first', at: new Date() });
        // Meanwhile its lease lapsed and another runner took the lock over.
        await locks.replaceOne({ _id: '~lock' }, { owner: 'runner-b', expiresAt: new Date(Date.now() + 60_000) });
      },
    };
    await expect(runMigrations(connection, [pausedPastItsLease, counted('0002-second', 0)], { owner: 'runner-a' })).rejects.toThrow(/taken over/);
    expect(await applications(connection)).toEqual(['0001-first']);
    // Not recorded by the runner that lost the lock: the holder runs it again (migrations are safe to run twice).
    expect(await recorded(connection)).toEqual([]);
    expect(await locks.findOne({ _id: '~lock' })).toMatchObject({ owner: 'runner-b' });
  });

  it('stops at a migration that fails, records it not, releases the lock, and starts with it on the next run', async () => {
    const { connection } = await freshDatabase();
    const failing: Migration = {
      id: '0002-second',
      up: async () => {
        throw new Error('store went away');
      },
    };
    await expect(runMigrations(connection, [counted('0001-first', 0), failing, counted('0003-third', 0)])).rejects.toThrow('store went away');
    expect(await recorded(connection)).toEqual(['0001-first']);
    expect(await runMigrations(connection, [counted('0001-first', 0), counted('0002-second', 0), counted('0003-third', 0)])).toEqual(['0002-second', '0003-third']);
    expect(await applications(connection)).toEqual(['0001-first', '0002-second', '0003-third']);
  });

  it('refuses ids that are not NNNN-<name>, or listed twice', async () => {
    const { connection } = await freshDatabase();
    await expect(runMigrations(connection, [counted('first', 0)])).rejects.toThrow(/NNNN-<name>/);
    await expect(runMigrations(connection, [counted('0001-first', 0), counted('0001-first', 0)])).rejects.toThrow(/unique: 0001-first/);
  });
});
