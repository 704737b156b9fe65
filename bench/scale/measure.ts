/** The step's measurements: load runs (each in a process of its own) and serial latencies. */
import type { PlatformApi } from './api';
import { runScript } from './children';
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

/** Linux refuses a single argument longer than this (MAX_ARG_STRLEN, 128 KiB). */
const MAX_ARGUMENT_LENGTH = 131_072;

function oneLoadRun(root: string, spec: LoadSpec): Promise<string> {
  const argument = JSON.stringify(spec);
  if (argument.length >= MAX_ARGUMENT_LENGTH) throw new Error(`the load spec is ${argument.length} characters, too long for one argument: sample fewer shares`);
  return runScript(root, 'load.ts', [argument]);
}

/** A warm-up run (not reported), then the measured run. */
export async function loadRun(settings: LoadSettings, origin: string, sample: { targets: LoadTarget[]; tokens: string[] }): Promise<LoadSummary> {
  const spec = (seconds: number): LoadSpec => ({ origin, method: 'GET', connections: settings.connections, seconds, ...sample });
  await oneLoadRun(settings.root, spec(settings.warmupSeconds));
  return JSON.parse(await oneLoadRun(settings.root, spec(settings.seconds))) as LoadSummary;
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
