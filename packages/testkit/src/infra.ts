import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = resolve(__dirname, '../../..');

/**
 * The first port the kernel hands out to outgoing connections. Test servers take ports below it:
 * a port from the ephemeral range (what `listen(0)` returns) can be taken by any outgoing Kafka
 * or MongoDB connection between the check and the service's own `listen`.
 */
function ephemeralRangeStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 11_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

const handedOut = new Set<number>();

/** A free port outside the ephemeral range, never the same twice in one process. */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralRangeStart() - 2;
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
}

/** The first of `count` consecutive free ports (Kafka uses port+1 for its controller, FerretDB's PostgreSQL port+1). */
async function freePortRun(count = 2): Promise<number> {
  for (;;) {
    const port = await freePort();
    const rest = Array.from({ length: count - 1 }, (_, i) => port + 1 + i);
    if (rest.every((p) => !handedOut.has(p)) && (await Promise.all(rest.map(isFree))).every(Boolean)) {
      for (const p of rest) handedOut.add(p);
      return port;
    }
  }
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const server = createServer();
    server.once('error', () => res(false));
    server.unref();
    // All interfaces, as the services listen.
    server.listen(port, () => server.close(() => res(true)));
  });
}

export interface KafkaProcess {
  brokers: string[];
  port: number;
  stop(): Promise<void>;
  /** Starts every node that is not running, on its port and data. */
  start(): Promise<void>;
  /** SIGKILL to every node, as a crash: no clean shutdown. `start()` brings them back on their ports and data. */
  kill(): Promise<void>;
  /** SIGKILL to one node of a cluster (its node id, 1 to `nodes`). */
  killNode(nodeId: number): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * A real Kafka (KRaft) started by infra/kafka/start.sh in its own data directory: one node, or a cluster of
 * `nodes` (topics then get up to three replicas, two of them in sync for a write).
 */
export async function startKafka(dataDir?: string, options: { nodes?: number } = {}): Promise<KafkaProcess> {
  const nodes = options.nodes ?? 1;
  const port = await freePortRun(2 * nodes);
  const dir = dataDir ?? mkdtempSync(join(repoRoot, '.cache', 'test-kafka-'));
  const script = (name: string) => join(repoRoot, 'infra/kafka', name);
  const start = async () => {
    // The cleaner looks for compaction work every second: tests compact within seconds (EVENT_LOG_ROLL_MS).
    // start.sh waits for the nodes to be ready as long as it is told (120 s a node), and says why it gave up: this bound is above it.
    const startTimeoutSeconds = Number(process.env.KAFKA_START_TIMEOUT_SECONDS) || 120 * nodes;
    await run('bash', [script('start.sh'), String(port), dir], { timeout: (startTimeoutSeconds + 60) * 1000, env: { ...process.env, KAFKA_LOG_CLEANER_BACKOFF_MS: '1000', KAFKA_NODES: String(nodes) } });
  };
  await start();
  const stop = async () => {
    await run('bash', [script('stop.sh'), String(port), dir], { timeout: 60_000 });
  };
  const pidFile = (nodeId: number) => (nodes === 1 ? join(dir, 'kafka.pid') : join(dir, `node-${nodeId}`, 'kafka.pid'));
  return {
    brokers: Array.from({ length: nodes }, (_, i) => `127.0.0.1:${port + 2 * i}`),
    port,
    start,
    stop,
    kill: async () => void (await Promise.all(Array.from({ length: nodes }, (_, i) => killPidFile(pidFile(i + 1))))),
    killNode: (nodeId) => killPidFile(pidFile(nodeId)),
    dispose: async () => {
      await stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FerretProcess {
  uri: string;
  stop(): Promise<void>;
  /** SIGKILL to FerretDB and its PostgreSQL (every process of it), as a crash. `start()` brings them back. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** SIGKILL to the postmaster of FerretDB's PostgreSQL alone, as a crash of the database; FerretDB keeps running. */
  killPostgres(): Promise<void>;
  /** Starts that PostgreSQL again (crash recovery included); FerretDB reconnects to it by itself. */
  startPostgres(): Promise<void>;
}

/**
 * A real FerretDB started by infra/ferretdb/start.sh, on its own PostgreSQL (port+1, data in the same
 * directory; FERRETDB_BACKEND=sqlite for FerretDB's SQLite backend).
 */
export async function startFerretDb(dataDir?: string, options: { postgresSettings?: string } = {}): Promise<FerretProcess> {
  const port = await freePortRun();
  const dir = dataDir ?? mkdtempSync(join(repoRoot, '.cache', 'test-ferretdb-'));
  const script = (name: string) => join(repoRoot, 'infra/ferretdb', name);
  const env = { ...process.env, POSTGRES_SETTINGS: options.postgresSettings ?? '' };
  const start = async () => (await run('bash', [script('start.sh'), String(port), dir], { timeout: 600_000, env })).stdout.trim().split('\n').pop()!;
  const uri = await start();
  const postgresDir = join(dir, 'postgres');
  return {
    uri,
    start: async () => void (await start()),
    killPostgres: () => killPidFile(join(postgresDir, 'postmaster.pid')),
    startPostgres: async () => void (await run('bash', [join(repoRoot, 'infra/postgres/start.sh'), String(port + 1), postgresDir], { timeout: 120_000, env })),
    kill: async () => {
      await killPidFile(join(dir, 'ferretdb.pid'));
      await killPidFile(join(postgresDir, 'postmaster.pid'), { withChildren: true });
    },
    stop: async () => {
      await run('bash', [script('stop.sh'), String(port), dir], { timeout: 30_000 });
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGKILL to the process whose pid is the first line of `pidFile` (and its children), waiting until it is gone. */
async function killPidFile(pidFile: string, options: { withChildren?: boolean } = {}): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  const children = options.withChildren ? await childPids(pid) : [];
  for (const target of [pid, ...children]) signal(target, 'SIGKILL');
  for (const target of [pid, ...children]) while (alive(target)) await new Promise((r) => setTimeout(r, 50));
}

/** Running: signalled without error and not a zombie left for a parent to reap. */
function alive(pid: number): boolean {
  if (!signal(pid, 0)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function childPids(pid: number): Promise<number[]> {
  try {
    const { stdout } = await run('pgrep', ['-P', String(pid)]);
    return stdout.split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}
