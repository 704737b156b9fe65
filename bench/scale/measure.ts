/** The step's measurements: load runs (each in a process of its own) and serial latencies. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PlatformApi } from './api';
import { runScript } from './children';
import { cpuSecondsOf, machineTicks } from './cpu';
import type { LoadSpec, LoadSummary, LoadTarget } from './load-spec';

export interface Latency {
  p50: number;
  p99: number;
  failures: number;
}

export interface LoadSettings {
  root: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

/** The spec goes in a file: with a token per app it outgrows what Linux takes as one argument (128 KiB). */
async function oneLoadRun(root: string, spec: LoadSpec): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  try {
    const file = path.join(dir, 'spec.json');
    await writeFile(file, JSON.stringify(spec));
    return await runScript(root, 'load.ts', [file]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A load run's figures, with the CPU time each process it was asked to watch spent per request answered, in µs. */
export type MeasuredLoad = LoadSummary & {
  cpuMicrosPerRequest: Record<string, number>;
  /** The share of the machine's cores busy over the run (every process, the load generator's too), 0 to 1. */
  machineBusy: number;
};

/** A warm-up run (not reported), then the measured run, with the CPU time of `watched` (name → pid) over it. */
export async function loadRun(settings: LoadSettings, origin: string, sample: { targets: LoadTarget[]; tokens: string[] }, watched: Record<string, number> = {}): Promise<MeasuredLoad> {
  const spec = (seconds: number): LoadSpec => ({ origin, method: 'GET', connections: settings.connections, seconds, ...sample });
  await oneLoadRun(settings.root, spec(settings.warmupSeconds));
  const before = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const machineBefore = machineTicks();
  const summary = JSON.parse(await oneLoadRun(settings.root, spec(settings.seconds))) as LoadSummary;
  const machineAfter = machineTicks();
  const cpuMicrosPerRequest = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, ((cpuSecondsOf(pid) - before[name]!) * 1e6) / Math.max(1, summary.requests)]));
  return { ...summary, cpuMicrosPerRequest, machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total) };
}

/** The median of each figure over rounds of one target's load runs (the middle one, or the mean of the two middle ones). */
export function medianLoad(rounds: readonly MeasuredLoad[]): MeasuredLoad {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const of = (figure: (r: MeasuredLoad) => number) => median(rounds.map(figure));
  const names = Object.keys(rounds[0]?.cpuMicrosPerRequest ?? {});
  return {
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    requests: of((r) => r.requests),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    cpuMicrosPerRequest: Object.fromEntries(names.map((name) => [name, of((r) => r.cpuMicrosPerRequest[name]!)])),
    machineBusy: of((r) => r.machineBusy),
  };
}

export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** `count` requests one after another, each to a path (and token) chosen afresh, after a few unrecorded ones. */
export async function serialLatency(api: PlatformApi, count: number, next: () => { token: string; path: string }): Promise<Latency> {
  const warmup = Math.min(10, Math.ceil(count / 10));
  for (let i = 0; i < warmup; i++) {
    const { token, path } = next();
    await api.timedGet(token, path);
  }
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    const { token, path } = next();
    const { ms, status } = await api.timedGet(token, path);
    if (status === 200) times.push(ms);
    else failures++;
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), failures };
}
