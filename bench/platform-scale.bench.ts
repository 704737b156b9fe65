/**
 * The platform at data scale, as it runs in production: scripts/stack.sh starts FerretDB on
 * PostgreSQL, Kafka and every service as processes of their own (or uses MONGODB_URI and
 * KAFKA_BROKERS), a bare express endpoint runs as its own process beside it, and every load run is
 * autocannon in a process of its own (bench/load.ts). Step by step it seeds shares over many apps
 * and approved sandbox consents, then prints GET /shares/{id} throughput and latency (edge, service,
 * bare), serial latencies of the read routes, POST /shares throughput and idle CPU per process,
 * and at the end a summary against the targets. BENCH_SCALE_OUT=1 then runs the same steps on two instances of
 * every service behind the edge and a Kafka cluster of three, and prints the two runs' throughput and p99 side by side.
 * Run: npx tsx bench/platform-scale.bench.ts   (settings: README, Benchmarks)
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { loadBenchConfig, type BenchConfig, type Step } from './scale/config';
import { waitForAutovacuum } from './scale/autovacuum';
import { IDLE_STATEMENTS_SETTINGS, IdleStatements, printIdleStore } from './scale/idle-statements';
import { measureCpu } from './scale/cpu';
import { waitForConsumers } from './scale/kafka';
import { startBaselineEdge, type BaselineEdge } from './scale/edge-baseline';
import { byIdLoad } from './scale/by-id-load';
import { serialLatency, type LoadSettings } from './scale/measure';
import { leftoverInfra, stackProcesses } from './scale/processes';
import { printScaleOut, printStep, printSummary, type RunSettings, type StepResult } from './scale/report';
import { APP_SIZES, ConsentSeeder, ShareSeeder } from './scale/seed';
import { launchStack, type RunningStack } from './scale/stack';

/** Shares the GET /shares/{id} load picks from. */
const SAMPLE_SIZE = 1_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Bench {
  config: BenchConfig;
  stack: RunningStack;
  api: PlatformApi;
  shares: ShareSeeder;
  consents: ConsentSeeder;
  demoToken: string;
  baselineEdge: BaselineEdge | undefined;
}

function runSettings(config: BenchConfig): RunSettings {
  const { seconds, connections, serialRequests, settleSeconds, idleSeconds, seedConcurrency } = config;
  return { seconds, connections, serialRequests, settleSeconds, idleSeconds, seedConcurrency, sampleSize: SAMPLE_SIZE };
}

function printHeader(config: BenchConfig): void {
  const infra = (external: string | undefined, local: string) => (external ? `external (${external})` : local);
  console.log('platform at data scale: the stack, a bare express endpoint and each load run as processes of their own, loopback');
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}`);
  console.log(`  steps: ${config.steps.map((s) => `${s.shares.toLocaleString('en-US')} shares / ${s.consents} consents`).join(' -> ')}`);
  console.log(`  store: ${infra(config.mongoUri, `FerretDB on PostgreSQL, local, port ${config.ports.ferretDb}`)}; Kafka: ${infra(config.kafkaBrokers, `local, port ${config.ports.kafka}`)}`);
  console.log(`  shares are spread over apps filled in turn to ${APP_SIZES.map((n) => n.toLocaleString('en-US')).join(', ')} shares (repeating); consents are sandbox-retail, all of one app`);
}

/** A line every half minute while `work` runs, so a long seeding shows it is moving. */
async function withProgress<T>(say: () => string, work: Promise<T>): Promise<T> {
  const timer = setInterval(() => console.log(`  ${say()}`), 30_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

/** Tokens live an hour; a step can take longer. */
async function refreshTokens(bench: Bench): Promise<void> {
  await bench.shares.refreshTokens();
  bench.demoToken = await bench.api.token(bench.stack.demoClient());
}

async function seedStep(bench: Bench, step: Step) {
  await refreshTokens(bench);
  const seededShares = await withProgress(() => `${bench.shares.count.toLocaleString('en-US')} shares`, bench.shares.seedTo(step.shares));
  const seededConsents = await withProgress(() => bench.consents.progress, bench.consents.seedTo(step.consents));
  const brokers = (bench.config.kafkaBrokers ?? `127.0.0.1:${bench.config.ports.kafka}`).split(',');
  const catchUp = await waitForConsumers(brokers, bench.stack.namespace, bench.config.catchUpSeconds);
  return { seededShares, seededConsents, catchUp };
}

/** Once PostgreSQL has vacuumed what the step loaded (a local store only) and after the settle. */
async function idleCpu(bench: Bench) {
  const processes = stackProcesses(bench.config, bench.stack.runDir);
  const postmaster = processes.find((p) => p.name === 'postgresql')?.pid;
  const autovacuum = postmaster === undefined ? undefined : await waitForAutovacuum(postmaster, storeDatabaseUrl(bench.config), bench.config.autovacuumSeconds);
  await sleep(bench.config.settleSeconds * 1000);
  const statements = idleStatements(bench.config);
  await statements?.start();
  const cpu = await measureCpu(processes, bench.config.idleSeconds);
  if (statements) printIdleStore(await statements.finish(), bench.config.idleSeconds);
  return { cpu, autovacuum };
}

/** The idle window's PostgreSQL statements, when BENCH_IDLE_STATEMENTS=1 asks for them (a local store only). */
const idleStatements = (config: BenchConfig) => (config.idleStatements && !config.mongoUri ? new IdleStatements(storeDatabaseUrl(config)) : undefined);

/** The PostgreSQL database under the local FerretDB: every service's collections are its tables. */
const storeDatabaseUrl = (config: BenchConfig) => `postgres://postgres@127.0.0.1:${config.ports.ferretDb + 1}/ferretdb`;

/** GET /shares/{id} under load (bench/scale/by-id-load.ts) on a sample of the seeded shares. */
async function shareLoad(bench: Bench) {
  const { config, stack } = bench;
  const settings: LoadSettings = { root: config.root, seconds: config.seconds, warmupSeconds: config.warmupSeconds, connections: config.connections };
  const sample = bench.shares.sample(SAMPLE_SIZE);
  const pids = Object.fromEntries(stackProcesses(config, stack.runDir).map((p) => [p.name, p.pid]));
  const origins = { bare: `http://127.0.0.1:${config.ports.bare}`, direct: stack.shareUrl, edge: stack.edgeUrl, baselineEdge: bench.baselineEdge };
  const load = await byIdLoad(settings, config.loadRounds, origins, sample, { edge: pids.edge!, share: pids.share! });
  return { ...load, sampleApps: sample.tokens.length };
}

async function serialLatencies(bench: Bench) {
  const { api, config, consents, shares } = bench;
  const demo = () => bench.demoToken;
  return {
    transactions: await serialLatency(api, config.serialRequests, () => ({ token: demo(), path: `/accounts/${pick(consents.accounts)}/transactions?pageSize=50` })),
    sequencing: await serialLatency(api, config.serialRequests, () => ({ token: demo(), path: `/consents/${pick(consents.consents)}/sequencing` })),
    shares: await serialLatency(api, config.serialRequests, () => ({ token: shares.randomAppToken(), path: '/shares' })),
    consents: await serialLatency(api, config.serialRequests, () => ({ token: demo(), path: '/consents' })),
  };
}

/**
 * Serial reads of shares picked at random before the load runs: none is cached, since the last
 * step's load ended longer than the cache's TTL ago (the seeding, the idle window and the settle).
 */
async function firstShareReads(bench: Bench) {
  const { targets, tokens } = bench.shares.sample(bench.config.serialRequests * 2);
  // Each share once (serialLatency's few warm-up requests included), so none is read from the cache.
  const distinct = [...new Map(targets.map((t) => [t.path, t])).values()];
  let next = 0;
  return serialLatency(bench.api, Math.min(bench.config.serialRequests, distinct.length - 20), () => {
    const target = distinct[next++]!;
    return { token: tokens[target.token]!, path: target.path };
  });
}

async function runStep(bench: Bench, step: Step): Promise<StepResult> {
  const seeded = await seedStep(bench, step);
  const { cpu, autovacuum } = await idleCpu(bench);
  await refreshTokens(bench);
  const firstShareRead = await firstShareReads(bench);
  const load = await shareLoad(bench);
  const serial = { ...(await serialLatencies(bench)), firstShareRead };
  return {
    shares: bench.shares.count,
    consents: bench.consents.consents.length,
    transactions: bench.consents.transactions,
    apps: bench.shares.distribution(),
    ...seeded,
    ...load,
    serial,
    cpu,
    autovacuum,
  };
}

const infraDownCommand = (config: BenchConfig) => `FERRETDB_PORT=${config.ports.ferretDb} KAFKA_PORT=${config.ports.kafka} npm run infra:down`;

/** Stops everything the run started, once, whichever of success, failure or a signal comes first. */
function cleanupOnce(config: BenchConfig, stack: RunningStack, stopBaselineEdge: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const cleanup = async () => {
    console.log('\n==> stopping the stack');
    await stopScripts();
    await stopBaselineEdge();
    await stack.stop();
    if (leftoverInfra(config).length === 0) removeLocalInfraData(config);
    else console.error(`infra still running; stop it with: ${infraDownCommand(config)}`);
    await removeExternalData(config, stack.databases, stack.namespace).catch((error: unknown) => console.error(`removing the run's databases and topics failed: ${String(error)}`));
  };
  return () => (done ??= cleanup());
}

/** How a run deploys the platform: instances of each service behind the edge, and Kafka nodes. */
interface Topology {
  name: string;
  replicas: number;
  kafkaNodes: number;
}

const SINGLE: Topology = { name: 'one instance of each service, one Kafka broker', replicas: 1, kafkaNodes: 1 };
const SCALED_OUT: Topology = { name: 'two instances of each service behind the edge, a Kafka cluster of three (RF 3, min.insync 2)', replicas: 2, kafkaNodes: 3 };

/** Starts the stack as `topology` says, runs every step on it, stops it and removes its data. */
async function runTopology(config: BenchConfig, topology: Topology): Promise<StepResult[]> {
  const leftover = leftoverInfra(config);
  if (leftover.length > 0) {
    throw new Error(`infra of an earlier run is still running (${leftover.join(', ')}); stop it with: ${infraDownCommand(config)}`);
  }
  removeLocalInfraData(config);
  console.log(`\n##### ${topology.name}`);
  const overrides: NodeJS.ProcessEnv = { SERVICE_REPLICAS: String(topology.replicas), KAFKA_NODES: String(topology.kafkaNodes) };
  if (config.idleStatements) overrides.POSTGRES_SETTINGS = IDLE_STATEMENTS_SETTINGS;
  const stack = launchStack(config, overrides);
  let stopBaselineEdge = async () => {};
  const cleanup = cleanupOnce(config, stack, () => stopBaselineEdge());
  // `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and
  // with no listener left tsx would end the process before the stack is stopped.
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    console.log(`==> starting the stack (scripts/stack.sh; output in ${stack.outputFile})`);
    await stack.untilReady();
    await startScript(config.root, 'bare-express.ts', [String(config.ports.bare)], 'listening on');
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const baselineEdge = config.edgeBaseline ? await startBaselineEdge(config, stack.runDir, config.edgeBaseline) : undefined;
    if (baselineEdge) stopBaselineEdge = () => baselineEdge.stop();
    const bench: Bench = { config, stack, api, shares: new ShareSeeder(api, config.seedConcurrency), consents: new ConsentSeeder(api, () => bench.demoToken), demoToken: '', baselineEdge };
    const results: StepResult[] = [];
    for (const [index, step] of config.steps.entries()) {
      console.log(`\n==> step ${index + 1}/${config.steps.length}: seeding to ${step.shares.toLocaleString('en-US')} shares and ${step.consents} consents`);
      results.push(await runStep(bench, step));
      printStep(index, config.steps.length, results[index]!, runSettings(config));
    }
    printSummary(results);
    return results;
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  printHeader(config);
  const single = await runTopology(config, SINGLE);
  if (!config.scaleOut) return;
  const scaled = await runTopology(config, SCALED_OUT);
  printScaleOut(config.steps, single, scaled);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
