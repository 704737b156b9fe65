/**
 * One service (share) started built (`node dist/share/main.js`, what the images run) and from source
 * (`node --require tsx/cjs services/share/src/main.ts`, what `npm start` runs; with tsx's transform cache
 * filled, and without it, as a fresh container would start), in turn, on a Kafka and a FerretDB of its
 * own (or MONGODB_URI and KAFKA_BROKERS). For each: the time from spawn to the end of a start that fails
 * on a bad PORT (the code loaded, nothing connected: what the loader costs), to the first 200 of
 * /health/live (it answers HTTP: store connected, topics there) and of /health/ready (its consumers have
 * joined their groups), and its resident memory at rest after a settle, from /proc (the node process,
 * and with its descendants: tsx's esbuild helper). Prints each run, then the medians and the ratios.
 * Run: npx tsx bench/service-start.bench.ts   (BENCH_START_RUNS=5, BENCH_START_SETTLE_SECONDS=10)
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort, repoRoot, serviceNodeArguments, startFerretDb, startKafka, uniqueName, type ServiceRuntime } from '@obp/testkit';

const SERVICE = 'share';
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const SETTLE_SECONDS = Number(process.env.BENCH_START_SETTLE_SECONDS ?? 10);
const POLL_MS = 10;
const run = promisify(execFile);

interface Variant {
  name: string;
  runtime: ServiceRuntime;
  env: Record<string, string>;
}

const VARIANTS: Variant[] = [
  { name: 'built', runtime: 'built', env: {} },
  { name: 'source', runtime: 'source', env: {} },
  { name: 'source, no tsx cache', runtime: 'source', env: { TSX_DISABLE_CACHE: '1' } },
];

interface StartRun {
  variant: Variant;
  loadMs: number;
  liveMs: number;
  readyMs: number;
  /** Resident memory of the node process, MiB. */
  rssMiB: number;
  /** Of the node process and every descendant alive, MiB. */
  treeRssMiB: number;
}

function rssKiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The process and its descendants alive now. */
function processTree(root: number): number[] {
  const parents = new Map<number, number | undefined>();
  for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry)) parents.set(Number(entry), parentOf(Number(entry)));
  const members = [root];
  for (let i = 0; i < members.length; i++) for (const [pid, parent] of parents) if (parent === members[i]) members.push(pid);
  return members;
}

async function answers(url: string): Promise<boolean> {
  const res = await fetch(url).catch(() => null);
  await res?.body?.cancel();
  return res?.status === 200;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function spawnService(variant: Variant, env: Record<string, string>, port: string): ChildProcess {
  return spawn(process.execPath, serviceNodeArguments(SERVICE, variant.runtime), {
    cwd: repoRoot,
    env: { ...process.env, ...env, ...variant.env, PORT: port, SERVICE_NAME: SERVICE, OTEL_SERVICE_NAME: SERVICE },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Spawn to exit of a start refused for its configuration, which is read once every module is loaded. */
async function loadOnce(variant: Variant, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawnService(variant, env, 'not-a-port');
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 1) throw new Error(`${SERVICE} (${variant.name}) with a bad PORT exited with ${code}, not 1`);
  return performance.now() - started;
}

async function startOnce(variant: Variant, env: Record<string, string>, settleSeconds: number): Promise<StartRun> {
  const loadMs = await loadOnce(variant, env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/health`;
  const started = performance.now();
  const child = spawnService(variant, env, String(port));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const until = async (path: string) => {
      const deadline = started + 120_000;
      while (!(await answers(`${base}/${path}`))) {
        if (child.exitCode !== null) throw new Error(`${SERVICE} (${variant.name}) exited with ${child.exitCode}:\n${stderr}`);
        if (performance.now() > deadline) throw new Error(`${SERVICE} (${variant.name}) not ${path} within 120 s`);
        await sleep(POLL_MS);
      }
      return performance.now() - started;
    };
    const liveMs = await until('live');
    const readyMs = await until('ready');
    await sleep(settleSeconds * 1000);
    const pid = child.pid!;
    const treeKiB = processTree(pid).reduce((sum, member) => sum + rssKiB(member), 0);
    return { variant, loadMs, liveMs, readyMs, rssMiB: rssKiB(pid) / 1024, treeRssMiB: treeKiB / 1024 };
  } finally {
    await stopped(child);
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function printSummary(runs: StartRun[]): void {
  const figures: Array<[string, (r: StartRun) => number, string]> = [
    ['spawn -> code loaded (exit on a bad PORT)', (r) => r.loadMs, 'ms'],
    ['spawn -> /health/live', (r) => r.liveMs, 'ms'],
    ['spawn -> /health/ready', (r) => r.readyMs, 'ms'],
    ['RSS at rest, node process', (r) => r.rssMiB, 'MiB'],
    ['RSS at rest, with descendants', (r) => r.treeRssMiB, 'MiB'],
  ];
  const [built, ...sources] = VARIANTS as [Variant, ...Variant[]];
  const medianOf = (variant: Variant, pick: (r: StartRun) => number) => median(runs.filter((r) => r.variant === variant).map(pick));
  const shown = (value: number, unit: string) => `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
  console.log(`\nmedians of ${RUNS} runs each`);
  console.log(`| figure | ${VARIANTS.map((v) => v.name).join(' | ')} | ${sources.map((v) => `built / ${v.name}`).join(' | ')} |`);
  console.log(`|---|${VARIANTS.map(() => '---|').join('')}${sources.map(() => '---|').join('')}`);
  for (const [name, pick, unit] of figures) {
    const values = VARIANTS.map((v) => medianOf(v, pick));
    const ratios = sources.map((v) => (medianOf(built, pick) / medianOf(v, pick)).toFixed(2));
    console.log(`| ${name} | ${values.map((v) => shown(v, unit)).join(' | ')} | ${ratios.join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  console.log(`service start-up: ${SERVICE}, built vs from source, ${RUNS} runs of each variant (in turn), ${SETTLE_SECONDS} s settle before the memory reading`);
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}`);
  console.log('==> npm run build');
  await run('npm', ['run', 'build'], { cwd: repoRoot });
  const kafka = process.env.KAFKA_BROKERS ? undefined : await startKafka();
  const store = process.env.MONGODB_URI ? undefined : await startFerretDb();
  try {
    const namespace = uniqueName('bench-start');
    const env = {
      MONGODB_URI: store?.uri ?? process.env.MONGODB_URI!,
      KAFKA_BROKERS: kafka?.brokers.join(',') ?? process.env.KAFKA_BROKERS!,
      NAMESPACE: namespace,
      SHARE_DB_NAME: namespace.replace(/-/g, '_'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    };
    console.log(`  store: ${env.MONGODB_URI}; Kafka: ${env.KAFKA_BROKERS}`);
    // Unrecorded: creates the topics, the indexes and the consumer group, and fills tsx's transform cache.
    console.log('==> warm-up (one start of each, unrecorded)');
    for (const variant of VARIANTS) await startOnce(variant, env, 0);
    const runs: StartRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Each run in another order, so that a drift of the machine's load falls on every variant alike.
      const order = VARIANTS.map((_, k) => VARIANTS[(k + i) % VARIANTS.length]!);
      for (const variant of order) {
        const result = await startOnce(variant, env, SETTLE_SECONDS);
        runs.push(result);
        console.log(
          `  run ${i + 1} ${variant.name.padEnd(20)} loaded ${result.loadMs.toFixed(0).padStart(5)} ms  live ${result.liveMs.toFixed(0).padStart(5)} ms  ` +
            `ready ${result.readyMs.toFixed(0).padStart(5)} ms  RSS ${result.rssMiB.toFixed(1)} MiB (with descendants ${result.treeRssMiB.toFixed(1)} MiB)`,
        );
      }
    }
    printSummary(runs);
  } finally {
    await kafka?.dispose();
    await store?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
