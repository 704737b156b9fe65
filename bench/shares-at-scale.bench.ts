/**
 * One app holding many shares (issue 29): scripts/stack.sh runs the platform as processes of their own (or
 * uses MONGODB_URI and KAFKA_BROKERS), a bare express endpoint runs as its own process beside it, and every load
 * run is autocannon in a process of its own (bench/load.ts). One app gets BENCH_APP_SHARES shares (100,000 by
 * default), written into the share service's database through its store (AggregateStore, with positions, without
 * their events: nothing consumes share events at rest), its list then counted by the list build, plus a few made
 * through the API. Then it prints GET /shares p50/p99 through the edge at page 1, a middle page and the last
 * page, unfiltered and by isExpired, and GET /shares/{id} through the edge, to the share service directly and
 * to bare express (rate, p50, p99, the edge's rate as a share of bare express's). Beside them, at the store, the
 * same pages read by the lists and the way GET /shares read them before (the owner index), with the ratio.
 * The GET /shares/{id} runs are bench/scale/by-id-load.ts's: BENCH_LOAD_ROUNDS rounds, and BENCH_EDGE_BASELINE's edge beside.
 * Run: npx tsx bench/shares-at-scale.bench.ts   (settings as bench/platform-scale.bench.ts's,
 * and BENCH_APP_SHARES, BENCH_FILTERED_SERIAL: requests per filtered list point, BENCH_LIST_RUNS: reads per page at the store)
 */
import os from 'node:os';
import { connectDatabase, database } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { ShareLists, shareStoreOptions, type Share } from '@obp/share';
import { PlatformApi } from './scale/api';
import { startScript } from './scale/children';
import type { BenchConfig } from './scale/config';
import { byIdLoad } from './scale/by-id-load';
import { startBaselineEdge, type BaselineEdge } from './scale/edge-baseline';
import { serialLatency, type Latency, type LoadSettings } from './scale/measure';
import { byIdLoadTable } from './scale/report';
import { waitForAutovacuum } from './scale/autovacuum';
import { cpuSecondsOf } from './scale/cpu';
import { runOnStack } from './scale/run-on-stack';
import type { RunningStack } from './scale/stack';
import { requestPath, seedShares, shareDatabase } from './scale/app-shares';

process.env.BENCH_PORT_BASE ??= '18380';
const APP_SHARES = Number(process.env.BENCH_APP_SHARES ?? 100_000);
const FILTERED_SERIAL = Number(process.env.BENCH_FILTERED_SERIAL ?? 100);
const PAGE_SIZE = 50;
const SAMPLE_SIZE = 1_000;
/** Reads of each page the old way (about a second each at 100,000 shares). */
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? 3);
/** Reads of each page from the lists at the store (the median of them is printed). */
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 41);
const TARGETS = { listP50Ms: 20, edgeShareOfBare: 0.3, edgeP99Ms: 20 };
/** How long the processes on a request's path are watched with no request, for their idle CPU. */
const IDLE_SECONDS = 10;

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

interface StoreTiming {
  name: string;
  lists: number;
  ownerIndex: number | string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The baseline beside it, at the store, from this process: a page and its total read the way GET /shares read them
 * before the lists (the owner's shares sorted by createdAt and id through an index on them, skipped to the page, and
 * counted), against the lists' reads of the same page, in turn, under the same load.
 */
async function storeBaseline(config: BenchConfig, stack: RunningStack, ownerClientId: string, total: number): Promise<StoreTiming[]> {
  const connection = await connectDatabase(config.mongoUri ?? `mongodb://127.0.0.1:${config.ports.ferretDb}`, shareDatabase(stack));
  try {
    const db = database(connection);
    const shares = new AggregateStore<Share>(db, shareStoreOptions);
    const lists = new ShareLists(db, shares);
    await shares.collection.createIndex({ ownerClientId: 1, createdAt: 1, _id: 1 });
    const now = new Date();
    const lastSkip = Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE;
    const middleSkip = Math.floor(lastSkip / 2 / PAGE_SIZE) * PAGE_SIZE;
    const ownerIndex = async (filter: Record<string, unknown>, skip: number) => {
      const query = { ownerClientId, ...filter };
      try {
        return await timed(BASELINE_RUNS, () => Promise.all([shares.findMany(query, { sort: { createdAt: 1, _id: 1 }, skip, limit: PAGE_SIZE }), shares.count(query)]));
      } catch (error) {
        return `failed: ${String((error as Error).name)}`;
      }
    };
    const timings: StoreTiming[] = [];
    for (const [name, skip] of [
      ['page 1', 0],
      ['middle page', middleSkip],
      ['last page', lastSkip],
    ] as const) {
      timings.push({ name, lists: await timed(LIST_RUNS, () => lists.page(ownerClientId, null, new Date(), skip, PAGE_SIZE)), ownerIndex: await ownerIndex({}, skip) });
      console.log(`  ${name}: lists ${ms(timings.at(-1)!.lists)} ms, owner index ${typeof timings.at(-1)!.ownerIndex === 'number' ? `${ms(timings.at(-1)!.ownerIndex as number)} ms` : timings.at(-1)!.ownerIndex}`);
    }
    timings.push({
      name: 'page 1 (isExpired=false)',
      lists: await timed(LIST_RUNS, () => lists.page(ownerClientId, false, now, 0, PAGE_SIZE)),
      ownerIndex: await ownerIndex({ expirationDateUtc: { $gt: now } }, 0),
    });
    console.log(`  ${timings.at(-1)!.name}: lists ${ms(timings.at(-1)!.lists)} ms, owner index ${typeof timings.at(-1)!.ownerIndex === 'number' ? `${ms(timings.at(-1)!.ownerIndex as number)} ms` : timings.at(-1)!.ownerIndex}`);
    // The other pages by expiry from the lists alone (the owner index applies the expiry range share by share: seconds each).
    for (const expired of [false, true]) {
      const filteredTotal = (await lists.page(ownerClientId, expired, now, 0, 1))!.total;
      const filteredLast = Math.floor((filteredTotal - 1) / PAGE_SIZE) * PAGE_SIZE;
      for (const [name, skip] of [
        ['page 1', 0],
        ['middle page', Math.floor(filteredLast / 2 / PAGE_SIZE) * PAGE_SIZE],
        ['last page', filteredLast],
      ] as const) {
        if (!expired && skip === 0) continue;
        timings.push({ name: `${name} (isExpired=${expired})`, lists: await timed(LIST_RUNS, () => lists.page(ownerClientId, expired, now, skip, PAGE_SIZE)), ownerIndex: 'not read' });
        console.log(`  ${timings.at(-1)!.name}: lists ${ms(timings.at(-1)!.lists)} ms`);
      }
    }
    return timings;
  } finally {
    await connection.close();
  }
}

interface ListPoint {
  name: string;
  query: string;
  latency: Latency;
  requests: number;
  /**
   * CPU ms per request of each process on the request's path (name → ms), less what it spends with no request:
   * steadier than latency on a shared machine.
   */
  cpuMs: Record<string, number>;
}

/** CPU seconds per second each watched process spends with no request (the services' polls of the store), over `seconds`. */
async function idleRates(watched: Record<string, number>, seconds: number): Promise<Record<string, number>> {
  const before = Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, cpuSecondsOf(pid)]));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, (cpuSecondsOf(pid) - before[process]!) / seconds]));
}

async function listLatencies(api: PlatformApi, token: string, total: number, serial: number, watched: Record<string, number>): Promise<ListPoint[]> {
  const idle = await idleRates(watched, IDLE_SECONDS);
  console.log(`  with no request, CPU ms per second: ${Object.entries(idle).map(([process, rate]) => `${process} ${(rate * 1000).toFixed(1)}`).join(', ')} (taken out of the figures below)`);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pages = [
    ['page 1', 1],
    ['middle page', Math.ceil(lastPage / 2)],
    ['last page', lastPage],
  ] as const;
  const points: ListPoint[] = [];
  for (const [filter, requests] of [
    ['', serial],
    ['&isExpired=false', FILTERED_SERIAL],
    ['&isExpired=true', FILTERED_SERIAL],
  ] as const) {
    for (const [name, page] of pages) {
      // The filtered lists hold fewer shares: their middle and last pages are of their own totals.
      const filteredTotal = filter === '' ? total : (await api.get<{ _pagination: { totalCount: number } }>(token, `/shares?pageSize=1${filter}`))._pagination.totalCount;
      const filteredLast = Math.max(1, Math.ceil(filteredTotal / PAGE_SIZE));
      const at = filter === '' ? page : name === 'page 1' ? 1 : name === 'last page' ? filteredLast : Math.ceil(filteredLast / 2);
      const query = `/shares?page=${at}&pageSize=${PAGE_SIZE}${filter}`;
      const before = Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, cpuSecondsOf(pid)]));
      const started = performance.now();
      const latency = await serialLatency(api, requests, () => ({ token, path: query }));
      const seconds = (performance.now() - started) / 1000;
      // The serial run sends a few unrecorded requests first: their CPU is spread over the recorded ones.
      const sent = requests + Math.min(10, Math.ceil(requests / 10));
      const cpuMs = Object.fromEntries(Object.entries(watched).map(([process, pid]) => [process, ((cpuSecondsOf(pid) - before[process]! - idle[process]! * seconds) * 1000) / sent]));
      points.push({ name: `${name}${filter === '' ? '' : ` (${filter.slice(1)})`}`, query, latency, requests, cpuMs });
      console.log(`  ${points.at(-1)!.name}: p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms (${requests} requests, ${latency.failures} failed; load ${os.loadavg()[0]!.toFixed(1)})`);
    }
  }
  return points;
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function run(config: BenchConfig, stack: RunningStack): Promise<void> {
  console.log(`==> starting the stack (scripts/stack.sh; output in ${stack.outputFile})`);
  await stack.untilReady();
  const bare = await startScript(config.root, 'bare-express.ts', [String(config.ports.bare)], 'listening on');
  const baselineEdge = config.edgeBaseline ? await startBaselineEdge(config, stack.runDir, config.edgeBaseline) : undefined;
  try {
    await measure(config, stack, baselineEdge, bare.pid!);
  } finally {
    await baselineEdge?.stop();
  }
}

async function measure(config: BenchConfig, stack: RunningStack, baselineEdge: BaselineEdge | undefined, barePid: number): Promise<void> {
  const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
  const app = await api.registerApp(`bench-many-shares-${Date.now().toString(36)}`);
  const token = await api.token(app);

  console.log(`\n==> seeding ${APP_SHARES.toLocaleString('en-US')} shares of one app through the store`);
  const seeded = await seedShares(config, stack, app.clientId, APP_SHARES);
  for (let n = 0; n < 3; n++) seeded.ids.push((await api.post<{ data: string }>(token, '/shares', { clientId: 'partner-app-1', reference: `api-${n}` }, 200)).data);
  console.log(`  ${seeded.ids.length.toLocaleString('en-US')} shares (3 through the API) in ${seeded.seconds.toFixed(0)} s`);
  const total = (await api.get<{ _pagination: { totalCount: number } }>(token, '/shares?pageSize=1'))._pagination.totalCount;
  if (total !== seeded.ids.length) throw new Error(`GET /shares counts ${total} shares, ${seeded.ids.length} were made`);

  const watched = requestPath(config, stack);
  if (watched.postgres !== undefined) {
    // The seeded rows are vacuumed and analysed first: the serial runs would otherwise share the cores with it.
    const vacuum = await waitForAutovacuum(watched.postgres, `postgres://postgres@127.0.0.1:${config.ports.ferretDb + 1}/ferretdb`, config.autovacuumSeconds);
    console.log(`  PostgreSQL's autovacuum of the seeded rows: ${vacuum.done ? 'done' : 'still running'} after ${vacuum.seconds.toFixed(0)} s`);
  }

  console.log('\n==> GET /shares through the edge, serial');
  const points = await listLatencies(api, token, total, config.serialRequests, watched);

  console.log('\n==> GET /shares/{id}: bare express, the share service, the edge');
  const settings: LoadSettings = { root: config.root, seconds: config.seconds, warmupSeconds: config.warmupSeconds, connections: config.connections };
  const sample = { targets: Array.from({ length: SAMPLE_SIZE }, () => ({ path: `/shares/${seeded.ids[Math.floor(Math.random() * seeded.ids.length)]!}`, token: 0 })), tokens: [token] };
  const origins = { bare: `http://127.0.0.1:${config.ports.bare}`, direct: stack.shareUrl, edge: stack.edgeUrl, baselineEdge };
  const byId = await byIdLoad(settings, config.loadRounds, origins, sample, { edge: watched.edge!, share: watched.share!, bare: barePid });

  // Last: a read the old way that outlives the store's bound goes on in the store after the driver gave up.
  console.log('\n==> the same pages at the store: the lists against the owner index they replaced (median)');
  const baseline = await storeBaseline(config, stack, app.clientId, total);

  console.log(`\nOne app with ${total.toLocaleString('en-US')} shares (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}; store: ${config.mongoUri ? `external ${config.mongoUri}` : 'local FerretDB on PostgreSQL'})`);
  console.log('GET /shares through the edge, pageSize 50, serial:');
  const processes = Object.keys(points[0]?.cpuMs ?? {});
  console.log(`  point                              requests   p50 ms   p99 ms  failures  CPU ms/request (${processes.join(', ')})  query`);
  for (const p of points) {
    const cpu = processes.map((process) => p.cpuMs[process]!.toFixed(1)).join(' / ');
    console.log(`  ${p.name.padEnd(34)} ${String(p.requests).padStart(8)} ${ms(p.latency.p50).padStart(8)} ${ms(p.latency.p99).padStart(8)} ${String(p.latency.failures).padStart(9)}  ${cpu.padEnd(22)} ${p.query}`);
  }
  console.log('A page and its total at the store, from the benchmark process (median ms): the lists, the owner index before them, the ratio:');
  for (const t of baseline) {
    const before = typeof t.ownerIndex === 'number' ? `${ms(t.ownerIndex).padStart(9)} ${(t.ownerIndex / t.lists).toFixed(0).padStart(6)}x` : t.ownerIndex;
    console.log(`  ${t.name.padEnd(26)} ${ms(t.lists).padStart(8)} ${before}`);
  }
  console.log(byIdLoadTable(byId, `GET /shares/{id}: autocannon in its own process, ${config.connections} connections, ${config.seconds} s each, ${SAMPLE_SIZE} of the app's shares at random (cached by the share service after the warm-up); CPU time per request answered from /proc`));
  const { bare, edge } = byId.get;
  const ratio = edge.rps / bare.rps;
  const unfiltered = points.filter((p) => !p.name.includes('isExpired'));
  const filtered = points.filter((p) => p.name.includes('isExpired'));
  console.log('\nTargets:');
  console.log(`  every list page p50 <= ${TARGETS.listP50Ms} ms, unfiltered: worst ${ms(Math.max(...unfiltered.map((p) => p.latency.p50)))} ms (${verdict(unfiltered.every((p) => p.latency.p50 <= TARGETS.listP50Ms))})`);
  console.log(`  every list page p50 <= ${TARGETS.listP50Ms} ms, by isExpired: worst ${ms(Math.max(...filtered.map((p) => p.latency.p50)))} ms (${verdict(filtered.every((p) => p.latency.p50 <= TARGETS.listP50Ms))})`);
  console.log(`  GET /shares/{id} edge / bare express >= ${TARGETS.edgeShareOfBare}: ${ratio.toFixed(2)} (${verdict(ratio >= TARGETS.edgeShareOfBare)})`);
  console.log(`  GET /shares/{id} edge p99 <= ${TARGETS.edgeP99Ms} ms: ${ms(edge.p99)} ms (${verdict(edge.p99 <= TARGETS.edgeP99Ms)})`);
  if (byId.get.baselineEdge) console.log(`  beside it, the baseline edge (${config.edgeBaseline}): ${(byId.get.baselineEdge.rps / bare.rps).toFixed(2)} of bare express, p99 ${ms(byId.get.baselineEdge.p99)} ms`);
}

runOnStack(run);
