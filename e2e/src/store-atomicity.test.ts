import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { mongo } from '@obp/db';
import { repoRoot, startFerretDb, uniqueDbName, type FerretProcess } from '@obp/testkit';
import type { Doc, WriterPlan, WriterReport } from './store-atomicity.writer';

/**
 * MongoDB's single-document guarantees, held by the local store (FerretDB with infra/ferretdb/patches) across
 * processes: four writer processes, each on its own connection, update the same few documents at once. An update,
 * a findOneAndUpdate and a conditional update of one document each act on the document as it is when they write
 * (docs/decisions.md, "(issue 29) The local store keeps single-document atomicity"). Unpatched FerretDB reads, then
 * writes: increments are lost, a claim has several winners and a version is taken twice.
 */

const WRITERS = 4;
const plan: WriterPlan = {
  counters: ['counter-a', 'counter-b'],
  // Per writer 3 × 750 single-document $inc's and 125 updateMany's of both counters: 2,500, so 10,000 in all.
  incrementsPerKind: 750,
  incrementAllTimes: 125,
  claims: Array.from({ length: 200 }, (_, i) => `claim-${i}`),
  upserts: Array.from({ length: 50 }, (_, i) => `upserted-${i}`),
  versioned: ['versioned-a', 'versioned-b'],
  versionAttempts: 100,
};
const TOTAL_INCREMENTS = WRITERS * (3 * plan.incrementsPerKind + plan.counters.length * plan.incrementAllTimes);

let store: FerretProcess | undefined;
let client: mongo.MongoClient | undefined;

afterAll(async () => {
  await client?.close(true);
  await store?.stop();
}, 60_000);

/** Starts a writer process and resolves once it is connected; `go()` lets it write, `report` is what it saw. */
async function startWriter(uri: string, dbName: string, name: string): Promise<{ go: () => void; report: Promise<WriterReport> }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'e2e/src/store-atomicity.writer.ts', uri, dbName, name, JSON.stringify(plan)], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = once(child, 'exit');
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) {
      await exited;
      throw new Error(`writer ${name} exited with ${child.exitCode}: ${stderr}`);
    }
    return line.value;
  };
  expect(await nextLine()).toBe('ready');
  return {
    go: () => child.stdin.end('go\n'),
    report: (async () => {
      const report = JSON.parse(await nextLine()) as WriterReport;
      await exited;
      return report;
    })(),
  };
}

it('four processes updating the same documents at once: every $inc counted, one winner per claim, every version taken once', async () => {
  store = await startFerretDb();
  client = new mongo.MongoClient(store.uri);
  const dbName = uniqueDbName('atomicity');
  const collection = client.db(dbName).collection<Doc>('atomicity');
  await collection.insertMany([
    ...plan.counters.map((_id) => ({ _id, n: 0 })),
    ...plan.claims.map((_id) => ({ _id, owner: null })),
    ...plan.versioned.map((_id) => ({ _id, version: 0, history: [] })),
  ]);

  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => startWriter(store!.uri, dbName, `writer-${i}`)));
  for (const writer of writers) writer.go();
  const reports = await Promise.all(writers.map((w) => w.report));

  expect(reports.flatMap((r) => r.errors)).toEqual([]);

  const counters = await collection.find({ _id: { $in: plan.counters } }).toArray();
  expect(counters.reduce((sum, c) => sum + c.n!, 0)).toBe(TOTAL_INCREMENTS);
  expect(reports.reduce((sum, r) => sum + r.incrementsReported, 0)).toBe(TOTAL_INCREMENTS);

  const winners = new Map<string, string[]>();
  for (const report of reports) for (const id of report.claimsWon) winners.set(id, [...(winners.get(id) ?? []), report.writer]);
  const claimed = await collection.find({ _id: { $in: plan.claims } }).toArray();
  expect(claimed.filter((doc) => winners.get(doc._id)?.length !== 1 || winners.get(doc._id)![0] !== doc.owner)).toEqual([]);
  expect([...winners.values()].flat()).toHaveLength(plan.claims.length);

  // Every writer upserted every id once: one insert, then updates (no duplicate key error, counted above).
  const upserted = await collection.find({ _id: { $in: plan.upserts } }).toArray();
  expect(Object.fromEntries(upserted.map((doc) => [doc._id, doc.n]))).toEqual(Object.fromEntries(plan.upserts.map((_id) => [_id, WRITERS])));

  const versionsWon = reports.flatMap((r) => r.versionsWon);
  expect(new Set(versionsWon).size).toBe(versionsWon.length);
  for (const doc of await collection.find({ _id: { $in: plan.versioned } }).toArray()) {
    const won = versionsWon.filter((v) => v.startsWith(`${doc._id}@`));
    expect(won.length).toBeGreaterThan(0);
    expect(doc.version).toBe(won.length);
    // One history entry per version, in version order: no version-checked update applied on top of a lost one.
    expect(doc.history!.map((entry) => Number(entry.split('@')[1]))).toEqual(Array.from({ length: won.length }, (_, v) => v));
  }
}, 300_000);
