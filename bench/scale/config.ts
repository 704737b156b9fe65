/** The benchmark's settings, read once from the environment (see the README's Benchmarks section). */
import path from 'node:path';
import { serviceNames, type ServiceName } from '@obp/platform';

export interface Step {
  shares: number;
  consents: number;
}

/** Every service's port (by its name in the platform manifest), and those of the bare server and the infrastructure. */
export type Ports = Record<ServiceName, number> & {
  bare: number;
  /** The second edge of BENCH_EDGE_BASELINE. */
  baselineEdge: number;
  ferretDb: number;
  kafka: number;
  /** The XS2A sandbox bank's API and its SCA pages. */
  sandboxXs2a: number;
  sandboxXs2aSca: number;
};

export interface BenchConfig {
  root: string;
  steps: Step[];
  seconds: number;
  warmupSeconds: number;
  connections: number;
  serialRequests: number;
  settleSeconds: number;
  idleSeconds: number;
  /** Longest wait for the consumers to catch up before the idle window (it starts anyway then). */
  catchUpSeconds: number;
  /** Longest wait for PostgreSQL's autovacuum of the loaded tables before the idle window. */
  autovacuumSeconds: number;
  seedConcurrency: number;
  ports: Ports;
  /** Set when the store is external: the stack then starts no FerretDB/PostgreSQL. */
  mongoUri: string | undefined;
  /** Set when Kafka is external: the stack then starts no Kafka. */
  kafkaBrokers: string | undefined;
  /** BENCH_IDLE_STATEMENTS=1: print what PostgreSQL runs in each idle window (bench/scale/idle-statements.ts). */
  idleStatements: boolean;
  /**
   * BENCH_SCALE_OUT=1: after the run on one instance of each service and one broker, the same steps again on two
   * instances of each service behind the edge and a Kafka cluster of three, and the two side by side.
   */
  scaleOut: boolean;
  /** BENCH_EDGE_BASELINE: a copy of dist/ from an earlier build, whose edge runs beside the stack's and takes the same load runs (edge-baseline.ts). */
  edgeBaseline: string | undefined;
  /** BENCH_LOAD_ROUNDS: the GET /shares/{id} load runs (bare, direct, edge, baseline edge) repeated in turn; the step reports their medians. */
  loadRounds: number;
}

function numberList(name: string, fallback: string): number[] {
  const values = (process.env[name] ?? fallback).split(',').map((s) => Number(s.replace(/_/g, '').trim()));
  if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${name} must be a comma-separated list of positive integers`);
  return values;
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function steps(): Step[] {
  const shares = numberList('BENCH_SHARES', '1000,10000,100000');
  const consents = numberList('BENCH_CONSENTS', '10,50,200');
  if (shares.length !== consents.length) throw new Error('BENCH_SHARES and BENCH_CONSENTS must list the same number of steps');
  const result = shares.map((count, i) => ({ shares: count, consents: consents[i]! }));
  if (result.some((step, i) => i > 0 && (step.shares < result[i - 1]!.shares || step.consents < result[i - 1]!.consents))) {
    throw new Error('BENCH_SHARES and BENCH_CONSENTS must not decrease from step to step (each step adds to the last)');
  }
  return result;
}

/**
 * The services from `base` on in the manifest's order (up to ten), then FerretDB (and its PostgreSQL), Kafka (each of up to
 * three nodes and its controller: base+12 to base+17), the bare server, the baseline edge and the XS2A sandbox bank (its API and
 * its SCA pages); a service's n-th instance is 100·(n−1) above its first.
 */
function ports(base: number): Ports {
  if (serviceNames.length > 10) throw new Error(`the benchmark gives ten services a port each, and the platform has ${serviceNames.length}`);
  const services = Object.fromEntries(serviceNames.map((name, i) => [name, base + i])) as Record<ServiceName, number>;
  return { ...services, ferretDb: base + 10, kafka: base + 12, bare: base + 18, baselineEdge: base + 19, sandboxXs2a: base + 20, sandboxXs2aSca: base + 21 };
}

export function loadBenchConfig(): BenchConfig {
  return {
    root: path.resolve(__dirname, '../..'),
    steps: steps(),
    seconds: positive('BENCH_SECONDS', 10),
    warmupSeconds: positive('BENCH_WARMUP_SECONDS', 2),
    connections: positive('BENCH_CONNECTIONS', 20),
    serialRequests: positive('BENCH_SERIAL', 200),
    settleSeconds: positive('BENCH_SETTLE_SECONDS', 10),
    idleSeconds: positive('BENCH_IDLE_SECONDS', 60),
    catchUpSeconds: positive('BENCH_CATCH_UP_SECONDS', 3600),
    autovacuumSeconds: positive('BENCH_AUTOVACUUM_SECONDS', 900),
    seedConcurrency: positive('BENCH_SEED_CONCURRENCY', 32),
    ports: ports(positive('BENCH_PORT_BASE', 18080)),
    mongoUri: process.env.MONGODB_URI || undefined,
    idleStatements: process.env.BENCH_IDLE_STATEMENTS === '1',
    scaleOut: process.env.BENCH_SCALE_OUT === '1',
    kafkaBrokers: process.env.KAFKA_BROKERS || undefined,
    edgeBaseline: process.env.BENCH_EDGE_BASELINE || undefined,
    loadRounds: Math.round(positive('BENCH_LOAD_ROUNDS', 1)),
  };
}
