import { setTimeout as sleep } from 'node:timers/promises';
import { isStoreUnavailable, mongo } from '@obp/db';
import { startFerretDb, uniqueDbName, waitFor, type FerretProcess } from '@obp/testkit';

/**
 * The local store (FerretDB on PostgreSQL, whose pool has 50 connections) under more concurrent writes than that,
 * across a crash of its PostgreSQL: every operation gets an answer, a success or "store unavailable", none is left
 * without one, and once PostgreSQL is back every write succeeds. Before
 * infra/ferretdb/patches/handler-close-query-before-write.patch an update kept its query's pooled connection while
 * its write waited for another one, and FerretDB stopped answering anything for good within a second of this load.
 */

const CONNECTIONS = 150;
const BULK_STATEMENTS = 20;
const key = (i: number) => `item-${i % CONNECTIONS}`;

let store: FerretProcess | undefined;
let client: mongo.MongoClient | undefined;

afterAll(async () => {
  await client?.close(true);
  await store?.stop();
}, 60_000);

/** No answer within the client's generous socket timeout: the store hangs, which no caller can tell from slowness. */
const isNoAnswer = (error: unknown) => error instanceof mongo.MongoNetworkTimeoutError || error instanceof mongo.MongoOperationTimeoutError;

it('answers every update, bulk update and findAndModify from 150 connections at once, also across a PostgreSQL crash', async () => {
  store = await startFerretDb();
  client = new mongo.MongoClient(store.uri, { maxPoolSize: CONNECTIONS + 10, socketTimeoutMS: 30_000, serverSelectionTimeoutMS: 30_000 });
  const items = client.db(uniqueDbName('concurrent-writes')).collection<{ _id: string; n: number }>('items');
  await items.insertMany(Array.from({ length: CONNECTIONS }, (_, i) => ({ _id: key(i), n: 0 })));

  const outcomes = { answered: 0, unavailable: 0, noAnswer: [] as string[], failed: [] as string[] };
  const settle = async (operation: () => Promise<unknown>) => {
    try {
      await operation();
      outcomes.answered++;
    } catch (error) {
      const text = `${(error as Error).name} ${String((error as { code?: unknown }).code)}: ${(error as Error).message.slice(0, 300)}`;
      if (isNoAnswer(error)) outcomes.noAnswer.push(text);
      else if (isStoreUnavailable(error)) outcomes.unavailable++;
      else outcomes.failed.push(text);
    }
  };
  const kinds = [
    (i: number) => items.updateOne({ _id: key(i) }, { $inc: { n: 1 } }),
    (i: number) => items.updateMany({ _id: { $in: [key(i), key(i + 1)] } }, { $inc: { n: 1 } }),
    (i: number) => items.bulkWrite(Array.from({ length: BULK_STATEMENTS }, (_, j) => ({ updateOne: { filter: { _id: key(i + j) }, update: { $inc: { n: 1 } } } }))),
    (i: number) => items.findOneAndUpdate({ _id: key(i) }, { $inc: { n: 1 } }),
    async (i: number) => {
      const _id = `removable-${i}-${Math.random()}`;
      await items.insertOne({ _id, n: 0 });
      await items.findOneAndDelete({ _id });
    },
  ];

  let running = true;
  const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
    while (running) {
      const before = outcomes.unavailable;
      await settle(() => kinds[i % kinds.length]!(i));
      // A client meeting "store unavailable" waits before it tries again, as one honouring Retry-After would.
      if (outcomes.unavailable > before) await sleep(100);
    }
  });

  let beforeCrash = 0;
  try {
    // Every connection's writes answered a few times over before the crash (an unpatched FerretDB never gets there).
    await waitFor(() => outcomes.answered >= 3 * CONNECTIONS, { timeoutMs: 60_000, intervalMs: 100, what: `${3 * CONNECTIONS} writes answered before the crash` });
    beforeCrash = outcomes.answered;
    await store.killPostgres();
    await sleep(2_000);
    await store.startPostgres();
    await sleep(5_000);
  } finally {
    running = false;
    await Promise.all(loops);
  }
  console.log(`concurrent writes: ${JSON.stringify({ ...outcomes, noAnswer: outcomes.noAnswer.length, beforeCrash })}`);

  expect(outcomes.noAnswer).toEqual([]);
  expect(outcomes.failed).toEqual([]);
  expect(outcomes.unavailable).toBeGreaterThan(0);

  // PostgreSQL is back: all at once again, every kind of write succeeds.
  const after = await Promise.allSettled(Array.from({ length: CONNECTIONS }, (_, i) => kinds[i % kinds.length]!(i)));
  expect(after.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
}, 240_000);
