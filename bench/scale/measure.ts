/** The step's measurements: load runs (each in a process of its own) and serial latencies. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
