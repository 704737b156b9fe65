/**
 * BENCH_EDGE_BASELINE=<dir>: a second edge beside the stack's, run from an earlier `npm run build` (a copy of dist/
 * kept inside the repository, so its requires find node_modules), with the stack edge's own environment on a port
 * of its own. Both edges forward to the same services and read the same store, so the load runs compare two builds
 * of the edge on the same data, at the same time, on the same loaded machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchConfig } from './config';

export interface BaselineEdge {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

/** The environment of a running process, as it was started. */
function environmentOf(pid: number): NodeJS.ProcessEnv {
  const text = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    text
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startBaselineEdge(config: BenchConfig, runDir: string, buildDir: string): Promise<BaselineEdge> {
  const build = path.resolve(config.root, buildDir);
  if (!fs.existsSync(path.join(build, 'edge/main.js'))) throw new Error(`BENCH_EDGE_BASELINE: ${build} holds no edge/main.js (a copy of dist/ after npm run build)`);
  if (!build.startsWith(config.root + path.sep)) throw new Error(`BENCH_EDGE_BASELINE: ${build} must be inside ${config.root}, where its requires find node_modules`);
  const edgePid = Number(fs.readFileSync(path.join(runDir, 'pids/edge.pid'), 'utf8').trim());
  const port = config.ports.baselineEdge;
  const env = { ...environmentOf(edgePid), PORT: String(port), OTEL_RESOURCE_ATTRIBUTES: 'service.instance.id=edge-baseline' };
  const log = fs.openSync(path.join(runDir, 'logs/edge-baseline.log'), 'a');
  const flags = (process.env.SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--enable-source-maps', '--require', path.join(build, 'telemetry/register.js'), path.join(build, 'edge/main.js')], {
    cwd: config.root,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the baseline edge exited before it was ready; see ${runDir}/logs/edge-baseline.log`);
    const ready = await fetch(`${url}/health/ready`).then((res) => res.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the baseline edge was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    }
    await sleep(300);
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
