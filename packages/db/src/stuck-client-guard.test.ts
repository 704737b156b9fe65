import { startFerretDb, uniqueName, waitFor, type FerretProcess } from '@obp/testkit';
import { mongo } from 'mongoose';
import { connectDatabase, database, isStoreUnavailable, STORE_TIMEOUTS, type Connection, type StuckClientReport } from './index';

/** What of the driver's monitor this test reaches into (none of it public). */
interface ServerInternals {
  monitor: { monitorId?: { stop(): void } };
}

/** The end state of issue 29's stuck instances: the monitor never checks the store again. */
function stopMonitor(client: mongo.MongoClient): void {
  const topology = (client as unknown as { topology: { s: { servers: Map<string, ServerInternals> } } }).topology;
  for (const server of topology.s.servers.values()) server.monitor.monitorId?.stop();
}

async function insertOne(collection: mongo.Collection<{ _id: string }>, id: string): Promise<unknown> {
  try {
    await collection.insertOne({ _id: id });
    return 'ok';
  } catch (error) {
    return error;
  }
}

/**
 * A FerretDB of its own, killed and started again, as in the fault tests; before the kill the monitors of both clients
 * stop, as the stuck instances' did. The guarded connection reaches the store again once it is back; the same client
 * without the guard still cannot select it, so the stuck state is real.
 */
describe('a connection whose monitor no longer checks the store', () => {
  let store: FerretProcess;
  let guarded: Connection;
  let unguarded: mongo.MongoClient;
  const reports: StuckClientReport[] = [];
  const dbName = uniqueName('stuck_client');

  beforeAll(async () => {
    store = await startFerretDb();
    guarded = await connectDatabase(store.uri, dbName, { stuckClient: { stuckAfterMs: 3_000, probeTimeoutMs: 2_000, onReplaced: (report) => reports.push(report) } });
    unguarded = await new mongo.MongoClient(store.uri, STORE_TIMEOUTS.service).connect();
  }, 120_000);

  afterAll(async () => {
    await guarded?.close();
    await unguarded?.close();
    await store?.stop();
  });

  it('is replaced once the store is back, and what failed meanwhile failed as the store unavailable', async () => {
    const items = database(guarded).collection<{ _id: string }>('items');
    const unguardedItems = unguarded.db(dbName).collection<{ _id: string }>('items');
    expect(await insertOne(items, 'before')).toBe('ok');
    expect(await insertOne(unguardedItems, 'before-unguarded')).toBe('ok');
    stopMonitor(guarded.getClient());
    stopMonitor(unguarded);

    await store.kill();
    // Operations on the pools' connections, cut by the kill, mark the server unknown.
    const whileDown = [await insertOne(items, 'down'), await insertOne(unguardedItems, 'down-unguarded')];
    // As the fault tests do: the killed postmaster's pid is let go of before PostgreSQL starts on its data again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await store.start();

    const failures: unknown[] = [...whileDown];
    await waitFor(
      async () => {
        const outcome = await insertOne(items, 'after');
        if (outcome === 'ok') return true;
        failures.push(outcome);
        return false;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the guarded connection to reach the restarted store' },
    );
    expect(failures.filter((failure) => !isStoreUnavailable(failure))).toEqual([]);
    // One replacement, or more if the store went away again under one before it connected.
    expect(reports.at(-1)).toEqual({ unreachableForMs: expect.any(Number), lastError: expect.any(String), reconnected: true });
    expect(await items.countDocuments({ _id: 'after' })).toBe(1);
    expect(guarded.readyState).toBe(1);

    const stuck = await insertOne(unguardedItems, 'after-unguarded');
    expect(stuck).toBeInstanceOf(mongo.MongoOperationTimeoutError);
    expect((stuck as Error).message).toMatch(/server selection/);
  }, 120_000);
});
