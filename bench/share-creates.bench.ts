/**
 * One app's creates (issue 29): POST /shares of one app through the edge, BENCH_CREATE_CONCURRENCY (16) at a time,
 * BENCH_CREATES (1,500) of them after a warm-up, first with the app holding no share, then with BENCH_APP_SHARES
 * (100,000) more seeded through the store as bench/shares-at-scale.bench.ts seeds them. Printed per point: creates
 * a second, p50, p99, creates per group (one position update and one settling each), the CPU ms per create of
 * each process on the path, the load; and, at the store from this
 * process, the median time of each update a create makes to the app's list document, one after another (no
 * contention), by their shapes in `ShareLists`: the position alone, the intent alone, the settling, and the position
 * with the intent in one update (what a create makes while its guess of the block holds).
 * Run: npx tsx bench/share-creates.bench.ts   (BENCH_CREATE_CONCURRENCY=32 for larger groups; settings as bench/platform-scale.bench.ts's)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { connectDatabase, database, type mongo } from '@obp/db';
import { blockOf, LIST_BLOCK_SIZE, SHARE_LISTS_COLLECTION, type ListDocument } from '@obp/share';
import { PlatformApi } from './scale/api';
import { requestPath, seedShares, shareDatabase } from './scale/app-shares';
import { waitForAutovacuum } from './scale/autovacuum';
import { forEachConcurrently } from './scale/concurrency';
import type { BenchConfig } from './scale/config';
import { cpuSecondsOf } from './scale/cpu';
import { quantile } from './scale/measure';
import { runOnStack } from './scale/run-on-stack';
import type { RunningStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18380';
const APP_SHARES = Number(process.env.BENCH_APP_SHARES ?? 100_000);
const CREATES = Number(process.env.BENCH_CREATES ?? 1_500);
const CONCURRENCY = Number(process.env.BENCH_CREATE_CONCURRENCY ?? 16);
const WARMUP = 100;
/** Each list update shape is timed this many times (the median is printed). */
const UPDATE_RUNS = 41;

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const load = () => os.loadavg()[0]!.toFixed(1);

interface CreatePoint {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMs: Record<string, number>;
  load: string;
  /** Creates per group (a group raises its block's version twice: its intent and its settling). */
  perGroup: number;
}

async function createPoint(name: string, api: PlatformApi, token: string, watched: Record<string, number>, versions: () => Promise<number>): Promise<CreatePoint> {
  const post = () => api.post<{ data: string }>(token, '/shares', { clientId: 'partner-app-1', reference: `bench-${randomUUID()}` }, 200);
  await forEachConcurrently(Array.from({ length: WARMUP }), CONCURRENCY, async () => void (await post()));
  api.backlogWaits = 0;
  const before = Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, cpuSecondsOf(pid)]));
  const times: number[] = [];
  const versionsBefore = await versions();
  const started = performance.now();
  await forEachConcurrently(Array.from({ length: CREATES }), CONCURRENCY, async () => {
    const at = performance.now();
    await post();
    times.push(performance.now() - at);
  });
  const seconds = (performance.now() - started) / 1000;
  const groups = (await versions()) - versionsBefore;
  times.sort((x, y) => x - y);
  const cpuMs = Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, ((cpuSecondsOf(pid) - before[process]!) * 1000) / CREATES]));
  const backlogWaits = api.backlogWaits;
  const point = { name, rps: CREATES / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), cpuMs, load: load(), perGroup: CREATES / (groups / 2) };
  console.log(`  ${name}: ${point.rps.toFixed(0)} creates/s, p50 ${ms(point.p50)} ms, p99 ${ms(point.p99)} ms, ${point.perGroup.toFixed(1)} creates a group, ${backlogWaits} answers 503 outbox_backlog waited out (load ${point.load})`);
  return point;
}

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < UPDATE_RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
}

/**
 * The updates a create makes to the list document, timed one at a time on the app's own document; each intent is
 * settled with no count, so the counts stay as they are (the positions taken stay unused, as a failed create's do).
 */
async function listUpdateTimes(config: BenchConfig, stack: RunningStack, owner: string): Promise<Record<string, number>> {
  const connection = await connectDatabase(config.mongoUri ?? `mongodb://127.0.0.1:${config.ports.ferretDb}`, shareDatabase(stack));
  try {
    const lists = database(connection).collection<ListDocument>(SHARE_LISTS_COLLECTION);
    const doc = (await lists.findOne({ _id: owner }))!;
    const values = Object.keys(doc.live ?? {}).length + Object.keys(doc.unexpired ?? {}).length + Object.keys(doc.ver ?? {}).length;
    const block = blockOf(doc.next!);
    const intent = (token: string): mongo.UpdateFilter<ListDocument> => ({ $set: { [`intents.${token}`]: { at: new Date(), block } }, $inc: { [`ver.${block}`]: 1, open: 1 } });
    const settle = (token: string) => lists.updateOne({ _id: owner, [`intents.${token}`]: { $exists: true } }, { $unset: { [`intents.${token}`]: '' }, $inc: { [`ver.${block}`]: 1, open: -1 } });
    const tokens: string[] = [];
    const times = {
      'position, the document back': await medianMs(() => lists.findOneAndUpdate({ _id: owner }, { $inc: { next: 1 } }, { returnDocument: 'after' })),
      'position, nothing back': await medianMs(() => lists.updateOne({ _id: owner }, { $inc: { next: 1 } })),
      'intent, the document back': await medianMs(async () => {
        tokens.push(randomUUID());
        await lists.findOneAndUpdate({ _id: owner }, intent(tokens.at(-1)!), { returnDocument: 'after' });
      }),
      settling: await medianMs(() => settle(tokens.pop()!)),
      'position and intent in one': await medianMs(async () => {
        tokens.push(randomUUID());
        const inBlock = { $gte: block * LIST_BLOCK_SIZE, $lt: (block + 1) * LIST_BLOCK_SIZE };
        await lists.findOneAndUpdate({ _id: owner, next: inBlock }, { ...intent(tokens.at(-1)!), $inc: { next: 1, [`ver.${block}`]: 1, open: 1 } }, { returnDocument: 'after' });
      }),
    };
    for (const token of tokens) await settle(token);
    console.log(`  the list document holds ${values} count and version values; each update one at a time, median ms (load ${load()}):`);
    for (const [name, t] of Object.entries(times)) console.log(`    ${name.padEnd(32)} ${ms(t)}`);
    return times;
  } finally {
    await connection.close();
  }
}

async function run(config: BenchConfig, stack: RunningStack): Promise<void> {
  console.log(`==> starting the stack (scripts/stack.sh; output in ${stack.outputFile})`);
  await stack.untilReady();
  const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
  const app = await api.registerApp(`bench-creates-${Date.now().toString(36)}`);
  const token = await api.token(app);
  const watched = requestPath(config, stack);
  const connection = await connectDatabase(config.mongoUri ?? `mongodb://127.0.0.1:${config.ports.ferretDb}`, shareDatabase(stack));
  const lists = database(connection).collection<ListDocument>(SHARE_LISTS_COLLECTION);
  // The maintenance round raises versions too (a block swept or moved): a few a minute.
  const versions = async () => Object.values((await lists.findOne({ _id: app.clientId }))?.ver ?? {}).reduce((sum, n) => sum + n, 0);

  console.log(`\n==> POST /shares of one app holding no share, ${CONCURRENCY} at a time`);
  const points = [await createPoint('no share before', api, token, watched, versions)];
  const updates = [await listUpdateTimes(config, stack, app.clientId)];

  console.log(`\n==> seeding ${APP_SHARES.toLocaleString('en-US')} shares of the app through the store`);
  const seeded = await seedShares(config, stack, app.clientId, APP_SHARES);
  console.log(`  in ${seeded.seconds.toFixed(0)} s`);
  if (watched.postgres !== undefined) {
    const vacuum = await waitForAutovacuum(watched.postgres, `postgres://postgres@127.0.0.1:${config.ports.ferretDb + 1}/ferretdb`, config.autovacuumSeconds);
    console.log(`  PostgreSQL's autovacuum of the seeded rows: ${vacuum.done ? 'done' : 'still running'} after ${vacuum.seconds.toFixed(0)} s`);
  }
  console.log(`\n==> POST /shares of the app holding ${APP_SHARES.toLocaleString('en-US')} shares, ${CONCURRENCY} at a time`);
  points.push(await createPoint(`${APP_SHARES.toLocaleString('en-US')} shares before`, api, token, watched, versions));
  updates.push(await listUpdateTimes(config, stack, app.clientId));
  const total = (await api.get<{ _pagination: { totalCount: number } }>(token, '/shares?pageSize=1'))._pagination.totalCount;
  const made = APP_SHARES + 2 * (WARMUP + CREATES);
  if (total !== made) throw new Error(`GET /shares counts ${total} shares, ${made} were made`);
  await connection.close();

  console.log(`\nOne app's POST /shares through the edge, ${CONCURRENCY} at a time, ${CREATES} creates a point (${os.cpus().length} cores, node ${process.version}; every create answered 200, the list's total exact):`);
  const processes = Object.keys(points[0]!.cpuMs);
  console.log(`  point                   creates/s   p50 ms   p99 ms   load  creates/group  CPU ms/create (${processes.join(', ')})`);
  for (const p of points) {
    console.log(`  ${p.name.padEnd(22)} ${p.rps.toFixed(0).padStart(10)} ${ms(p.p50).padStart(8)} ${ms(p.p99).padStart(8)} ${p.load.padStart(6)} ${p.perGroup.toFixed(1).padStart(14)}  ${processes.map((process) => p.cpuMs[process]!.toFixed(1)).join(' / ')}`);
  }
  console.log('The list updates at the store, one at a time (median ms), with no share and with the seeded ones:');
  for (const name of Object.keys(updates[0]!)) console.log(`  ${name.padEnd(32)} ${updates.map((u) => ms(u[name]!).padStart(8)).join(' ')}`);
}

runOnStack(run);
