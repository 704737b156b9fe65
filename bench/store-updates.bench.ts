/**
 * Update throughput of a store beside a baseline store, for the writes the single-document guarantee costs on
 * FerretDB (infra/ferretdb/patches/update-compare-and-set.patch: each update's write is a compare-and-set against
 * the document as read). Kinds, each run by BENCH_UPDATES_CONCURRENCY (16) concurrent callers on one connection
 * pool for BENCH_UPDATES_SECONDS (5) seconds:
 *   - spread: updateOne `$inc` over 1,000 documents (rarely the same one at once);
 *   - hot: updateOne `$inc` of one document (every write contends);
 *   - claim: findOneAndUpdate `{ _id, owner: null }` → owner over fresh documents;
 *   - bucket: updateOne `$push` of a 200-byte entry onto one of 50 documents of ~20 KB (an outbox or month bucket).
 * BENCH_UPDATES_KINDS (all) picks some, comma-separated. The two stores alternate per kind, BENCH_UPDATES_ROUNDS
 * (3) times; printed: updates a second (median) of each and the ratio store / baseline. To compare a FerretDB
 * built with and without a patch, start each on a PostgreSQL of its own and pass their URIs:
 *
 *   BENCH_BASELINE_URI=mongodb://127.0.0.1:27420 BENCH_URI=mongodb://127.0.0.1:27410 npx tsx bench/store-updates.bench.ts
 */
import { mongo } from '@obp/db';

const SECONDS = Number(process.env.BENCH_UPDATES_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_UPDATES_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_UPDATES_ROUNDS ?? 3);
const BUCKET_PADDING = 'x'.repeat(20_000);

interface Doc {
  _id: string;
  n?: number;
  owner?: string | null;
  entries?: string[];
  padding?: string;
}

type Kind = 'spread' | 'hot' | 'claim' | 'bucket';
const KINDS = (process.env.BENCH_UPDATES_KINDS?.split(',') ?? ['spread', 'hot', 'claim', 'bucket']) as Kind[];

async function prepare(collection: mongo.Collection<Doc>, kind: Kind): Promise<(caller: number, i: number) => Promise<unknown>> {
  await collection.deleteMany({});
  switch (kind) {
    case 'spread':
      await collection.insertMany(Array.from({ length: 1_000 }, (_, i) => ({ _id: `d-${i}`, n: 0 })));
      return (caller, i) => collection.updateOne({ _id: `d-${(caller * 7919 + i * 31) % 1_000}` }, { $inc: { n: 1 } });
    case 'hot':
      await collection.insertOne({ _id: 'hot', n: 0 });
      return () => collection.updateOne({ _id: 'hot' }, { $inc: { n: 1 } });
    case 'claim':
      await collection.insertMany(Array.from({ length: 20_000 }, (_, i) => ({ _id: `c-${i}`, owner: null })));
      return (caller, i) => collection.findOneAndUpdate({ _id: `c-${(i * CONCURRENCY + caller) % 20_000}`, owner: null }, { $set: { owner: `caller-${caller}` } });
    case 'bucket':
      await collection.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `b-${i}`, entries: [], padding: BUCKET_PADDING })));
      return (caller, i) => collection.updateOne({ _id: `b-${(caller + i) % 50}` }, { $push: { entries: { $each: ['e'.repeat(200)], $slice: -20 } } });
  }
}

async function rate(collection: mongo.Collection<Doc>, kind: Kind): Promise<number> {
  const write = await prepare(collection, kind);
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, caller) => {
      for (let i = 0; Date.now() < until; i++) {
        await write(caller, i);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const uris = { baseline: process.env.BENCH_BASELINE_URI, store: process.env.BENCH_URI ?? process.env.MONGODB_URI };
  if (!uris.baseline || !uris.store) throw new Error('set BENCH_BASELINE_URI and BENCH_URI (or MONGODB_URI)');
  const clients = { baseline: new mongo.MongoClient(uris.baseline, { maxPoolSize: CONCURRENCY }), store: new mongo.MongoClient(uris.store, { maxPoolSize: CONCURRENCY }) };
  const dbName = `bench_updates_${Date.now()}`;
  const collections = { baseline: clients.baseline.db(dbName).collection<Doc>('docs'), store: clients.store.db(dbName).collection<Doc>('docs') };
  try {
    console.log(`store updates: ${CONCURRENCY} callers, ${SECONDS} s per run, ${ROUNDS} rounds; store ${uris.store}, baseline ${uris.baseline}`);
    for (const kind of KINDS) {
      const rates = { baseline: [] as number[], store: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['baseline', 'store'] as const) : (['store', 'baseline'] as const);
        for (const which of order) rates[which].push(await rate(collections[which], kind));
      }
      const [store, baseline] = [median(rates.store), median(rates.baseline)];
      console.log(`${kind.padEnd(7)} store ${store.toFixed(0).padStart(6)}/s  baseline ${baseline.toFixed(0).padStart(6)}/s  ratio ${(store / baseline).toFixed(2)}`);
    }
  } finally {
    await Promise.all([clients.baseline.db(dbName).dropDatabase(), clients.store.db(dbName).dropDatabase()]).catch(() => undefined);
    await Promise.all([clients.baseline.close(), clients.store.close()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
