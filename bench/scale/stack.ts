/**
 * The platform as `npm start` runs it: scripts/stack.sh as a child, on the benchmark's own ports,
 * run directory, databases and Kafka namespace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { platformServices, serviceNames } from '@obp/platform';
import type { BenchConfig } from './config';

export interface Client {
  clientId: string;
  clientSecret: string;
}

export interface RunningStack {
  edgeUrl: string;
  shareUrl: string;
  adminToken: string;
  /** Kafka topic and consumer-group prefix of this run. */
  namespace: string;
  databases: string[];
  runDir: string;
  /** stack.sh's output. */
  outputFile: string;
  untilReady(): Promise<void>;
  /** The client stack.sh registered, from RUN_DIR/demo-client.json (once ready). */
  demoClient(): Client;
  stop(): Promise<void>;
}

const READY_LINE = '==> stack ready';
const START_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 3 * 60_000;

export const SERVICES = serviceNames;

/** Where infra/ferretdb/start.sh and infra/kafka/start.sh keep a port's data and pid files. */
export function infraDirs(config: BenchConfig) {
  const run = path.join(config.root, '.cache/run');
  return { ferretDb: path.join(run, `ferretdb-${config.ports.ferretDb}`), kafka: path.join(run, `kafka-${config.ports.kafka}`) };
}

function stackEnv(config: BenchConfig, runDir: string, runId: string, adminToken: string, overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ports } = config;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RUN_DIR: runDir,
    // Every service's port and database (the platform manifest's settings for them).
    ...Object.fromEntries(platformServices.map((s) => [s.portEnv, String(ports[s.name])])),
    ...Object.fromEntries(platformServices.map((s) => [s.database.env, `bench_${runId}_${s.database.name}`])),
    FERRETDB_PORT: String(ports.ferretDb),
    KAFKA_PORT: String(ports.kafka),
    SANDBOX_XS2A_PORT: String(ports.sandboxXs2a),
    SANDBOX_XS2A_SCA_PORT: String(ports.sandboxXs2aSca),
    TOKEN_ISSUER: `http://127.0.0.1:${ports.edge}`,
    ADMIN_TOKEN: adminToken,
    NODE_ENV: 'production',
    // The services as the images run them (built JavaScript, no TypeScript loader); BENCH_FROM_SOURCE=1 runs them through tsx.
    STACK_BUILT: process.env.BENCH_FROM_SOURCE === '1' ? '' : '1',
    NAMESPACE: `bench-${runId}`,
    // The benchmarks measure the platform, not its limits: every app's limit (and the token requests of
    // the one address they come from) far above the load; the limit is still taken on every request.
    RATE_LIMIT_BURST: '1000000',
    RATE_LIMIT_PER_SECOND: '100000',
    TOKEN_ADDRESS_RATE_LIMIT_BURST: '100000',
    TOKEN_ADDRESS_RATE_LIMIT_PER_SECOND: '10000',
    ...overrides,
  };
  delete env.KEEP_INFRA;
  return env;
}

function tail(file: string, lines = 30): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

async function waitForReady(child: ChildProcess, outputFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (fs.readFileSync(outputFile, 'utf8').includes(READY_LINE)) return;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`scripts/stack.sh exited before it was ready:\n${tail(outputFile)}`);
    await sleep(500);
  }
  throw new Error(`scripts/stack.sh was not ready within ${START_TIMEOUT_MS / 60_000} min:\n${tail(outputFile)}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** One SIGTERM: stack.sh's trap stops the services, then the infra it started; a second signal would cut that short. */
async function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
}

/**
 * Spawns scripts/stack.sh; `untilReady` resolves once every service answers and the demo client is
 * registered. `overrides` are added to the stack's environment.
 */
export function launchStack(config: BenchConfig, overrides: NodeJS.ProcessEnv = {}): RunningStack {
  const runId = Date.now().toString(36);
  const runDir = path.join(config.root, '.cache/run', `bench-${config.ports.edge}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const outputFile = path.join(runDir, 'stack.out');
  const output = fs.openSync(outputFile, 'w');
  const adminToken = randomBytes(24).toString('base64url');
  const env = stackEnv(config, runDir, runId, adminToken, overrides);
  // Its own process group, so a Ctrl-C in the terminal reaches only the benchmark, which then stops the stack once.
  const child = spawn('bash', [path.join(config.root, 'scripts/stack.sh')], { cwd: config.root, env, detached: true, stdio: ['ignore', output, output] });
  fs.closeSync(output);
  return {
    edgeUrl: `http://127.0.0.1:${config.ports.edge}`,
    shareUrl: `http://127.0.0.1:${config.ports.share}`,
    adminToken,
    namespace: env.NAMESPACE!,
    databases: platformServices.map((s) => env[s.database.env]!),
    runDir,
    outputFile,
    untilReady: () => waitForReady(child, outputFile),
    demoClient: () => JSON.parse(fs.readFileSync(path.join(runDir, 'demo-client.json'), 'utf8')) as Client,
    stop: () => stopStack(child),
  };
}
