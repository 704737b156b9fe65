/**
 * What the edge's rate limit costs. The edge alone, a process of its own on FerretDB, forwards
 * `GET /shares/{id}` to the bare express endpoint (bench/bare-express.ts standing in for the share
 * service, so the edge is all that is measured); apps registered with a limit they never reach. Load runs
 * (bench/load.ts, a process of its own) alternate between the edge with the limit off and on, and the
 * figure is req/s with the limit on as a ratio of off.
 *
 *   npx tsx bench/rate-limit.bench.ts                                   # 100 apps, 2 pairs of 10 s runs
 *   BENCH_RL_PAIRS=1 BENCH_SECONDS=5 npx tsx bench/rate-limit.bench.ts  # quick
 *   MONGODB_URI=mongodb://... npx tsx bench/rate-limit.bench.ts         # an external store
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startScript, stopScripts } from './scale/children';
import type { LoadSummary, LoadTarget } from './scale/load-spec';
import { loadRun, type LoadSettings } from './scale/measure';

const root = path.resolve(__dirname, '..');
const portBase = Number(process.env.BENCH_PORT_BASE ?? 18380);
const ports = { edge: portBase, bare: portBase + 4, ferretDb: portBase + 10 };
const apps = Number(process.env.BENCH_RL_APPS ?? 100);
const pairs = Number(process.env.BENCH_RL_PAIRS ?? 2);
const settings: LoadSettings = {
  root,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
};
const ferretDir = path.join(root, '.cache/run', `ferretdb-${ports.ferretDb}`);
const adminToken = randomBytes(24).toString('base64url');
const edgeOrigin = `http://127.0.0.1:${ports.edge}`;

let localStore = false;
let edge: ChildProcess | undefined;

function startStore(): string {
  if (process.env.MONGODB_URI) return process.env.MONGODB_URI;
  localStore = true;
  return execFileSync('bash', [path.join(root, 'infra/ferretdb/start.sh'), String(ports.ferretDb), ferretDir], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
}

async function startEdge(mongoUri: string, limited: boolean): Promise<void> {
  edge = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(root, 'services/edge/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(ports.edge),
      MONGODB_URI: mongoUri,
      EDGE_DB_NAME: 'bench_rate_limit_edge',
      ADMIN_TOKEN: adminToken,
      TOKEN_ISSUER: edgeOrigin,
      SHARE_SERVICE_URL: `http://127.0.0.1:${ports.bare}`,
      RATE_LIMIT_ENABLED: String(limited),
      TOKEN_ADDRESS_RATE_LIMIT_BURST: '100000',
      TOKEN_ADDRESS_RATE_LIMIT_PER_SECOND: '10000',
    },
  });
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${edgeOrigin}/health/ready`).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the edge did not get ready within 30 s');
}

async function stopEdge(): Promise<void> {
  const child = edge;
  edge = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Apps with a limit far above what the load sends, and a token each. */
async function registerApps(): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < apps; i++) {
    const res = await fetch(`${edgeOrigin}/admin/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: `bench-rl-${randomUUID().slice(0, 8)}`, scopes: ['customer-api'], rateLimit: { burst: 1_000_000, perSecond: 100_000 } }),
    });
    if (res.status !== 201) throw new Error(`POST /admin/clients: ${res.status} ${await res.text()}`);
    const client = (await res.json()) as { clientId: string; clientSecret: string };
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    const token = await fetch(`${edgeOrigin}/connect/token`, { method: 'POST', body });
    if (token.status !== 200) throw new Error(`POST /connect/token: ${token.status} ${await token.text()}`);
    tokens.push(((await token.json()) as { access_token: string }).access_token);
  }
  return tokens;
}

const row = (name: string, s: LoadSummary) =>
  `${name.padEnd(22)} ${s.rps.toFixed(0).padStart(7)} req/s   p50 ${String(s.p50).padStart(3)} ms   p99 ${String(s.p99).padStart(3)} ms   non-2xx ${s.non2xx}   errors ${s.errors}`;

async function main(): Promise<void> {
  console.log(`rate-limit overhead: ${os.cpus().length} cores, Node ${process.version}, ${apps} apps, ${settings.connections} connections, ${settings.seconds} s runs`);
  const mongoUri = startStore();
  await startScript(root, 'bare-express.ts', [String(ports.bare)], `listening on ${ports.bare}`);
  await startEdge(mongoUri, false);
  const tokens = await registerApps();
  const targets: LoadTarget[] = Array.from({ length: 1000 }, () => ({ path: `/shares/${randomUUID()}`, token: Math.floor(Math.random() * tokens.length) }));
  const sample = { targets, tokens };

  const bare = await loadRun(settings, `http://127.0.0.1:${ports.bare}`, sample);
  console.log(row('bare endpoint', bare));
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const figures: Record<string, LoadSummary> = {};
    for (const limited of [false, true]) {
      if (pair > 0 || limited) {
        await stopEdge();
        await startEdge(mongoUri, limited);
      }
      figures[String(limited)] = await loadRun(settings, edgeOrigin, sample);
      console.log(row(`edge, limit ${limited ? 'on' : 'off'}`, figures[String(limited)]!));
    }
    ratios.push(figures.true!.rps / figures.false!.rps);
  }
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  console.log(`limit on / off: ${ratios.map((r) => r.toFixed(3)).join(', ')} (mean ${mean.toFixed(3)}: the limit costs ${((1 - mean) * 100).toFixed(1)}% of the edge's req/s)`);
}

async function cleanup(): Promise<void> {
  await stopEdge().catch(() => undefined);
  await stopScripts();
  if (localStore) {
    execFileSync('bash', [path.join(root, 'infra/ferretdb/stop.sh'), String(ports.ferretDb), ferretDir], { stdio: 'ignore' });
    rmSync(ferretDir, { recursive: true, force: true });
  }
}

process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
