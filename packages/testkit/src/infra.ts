import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = resolve(__dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Two consecutive free ports (Kafka uses port+1 for its controller). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 65000 && (await isFree(port + 1))) return port;
  }
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const server = createServer();
    server.once('error', () => res(false));
    server.listen(port, '127.0.0.1', () => server.close(() => res(true)));
  });
}

export interface KafkaProcess {
  brokers: string[];
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

/** A real single-node Kafka (KRaft) started by infra/kafka/start.sh in its own data directory. */
export async function startKafka(dataDir?: string): Promise<KafkaProcess> {
  const port = await freePortPair();
  const dir = dataDir ?? mkdtempSync(join(repoRoot, '.cache', 'test-kafka-'));
  const script = (name: string) => join(repoRoot, 'infra/kafka', name);
  const start = async () => {
    await run('bash', [script('start.sh'), String(port), dir], { timeout: 180_000 });
  };
  await start();
  const stop = async () => {
    await run('bash', [script('stop.sh'), String(port), dir], { timeout: 60_000 });
  };
  return {
    brokers: [`127.0.0.1:${port}`],
    port,
    start,
    stop,
    dispose: async () => {
      await stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FerretProcess {
  uri: string;
  stop(): Promise<void>;
}

/** A real FerretDB (SQLite backend) started by infra/ferretdb/start.sh. */
export async function startFerretDb(dataDir?: string): Promise<FerretProcess> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(repoRoot, '.cache', 'test-ferretdb-'));
  const script = (name: string) => join(repoRoot, 'infra/ferretdb', name);
  const { stdout } = await run('bash', [script('start.sh'), String(port), dir], { timeout: 600_000 });
  return {
    uri: stdout.trim().split('\n').pop()!,
    stop: async () => {
      await run('bash', [script('stop.sh'), String(port), dir], { timeout: 30_000 });
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
