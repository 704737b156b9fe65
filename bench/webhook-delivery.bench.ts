/**
 * Webhook delivery as an app sees it: the stack from scripts/stack.sh (processes of their own), a
 * receiver in a process of its own (bench/webhook-receiver.ts), and this driver creating shares
 * through the edge. At 1, 10 and 100 endpoints subscribed to share.created it prints deliveries per
 * second and the time from a share's creation (its 200 answer, after the event is stored) to the
 * message's arrival, p50 and p99; beside it the baseline: the same number of POSTs sent straight
 * to the receiver from this process, 16 at a time.
 * The stack runs in development mode here: production refuses loopback receivers (the SSRF guard).
 * Run: npx tsx bench/webhook-delivery.bench.ts
 *   BENCH_WEBHOOK_ENDPOINTS (1,10,100), BENCH_WEBHOOK_EVENTS (shares per step, 200),
 *   BENCH_PORT_BASE (18280), MONGODB_URI / KAFKA_BROKERS as in the platform benchmark.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { forEachConcurrently } from './scale/concurrency';
import { loadBenchConfig } from './scale/config';
import { quantile } from './scale/measure';
import { leftoverInfra } from './scale/processes';
import { launchStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18280';
const config = loadBenchConfig();
const endpointSteps = (process.env.BENCH_WEBHOOK_ENDPOINTS ?? '1,10,100').split(',').map(Number);
const eventsPerStep = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 200);
const receiverPort = config.ports.bare;
const receiverUrl = `http://127.0.0.1:${receiverPort}`;
const CREATE_CONCURRENCY = 8;
const DELIVERY_TIMEOUT_MS = 10 * 60_000;

type Arrival = [endpoint: string, shareId: string, at: number];

interface StepResult {
  endpoints: number;
  deliveries: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  baselinePerSecond: number;
}

async function arrivals(): Promise<Arrival[]> {
  return (await (await fetch(`${receiverUrl}/arrivals`)).json()) as Arrival[];
}

/** The receiver's own capacity: `count` POSTs of a message-sized body, 16 at a time, over keep-alive. */
async function baseline(count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const body = JSON.stringify({ type: 'bench.baseline', timestamp: new Date().toISOString(), data: { id: 'baseline' } });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(`${receiverUrl}/hooks/baseline`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await forEachConcurrently(Array.from({ length: count }), 16, post);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return count / seconds;
}

async function runStep(api: PlatformApi, token: string, endpoints: number, registered: { count: number }): Promise<StepResult> {
  for (; registered.count < endpoints; registered.count++) {
    await api.post(token, '/webhooks', { url: `${receiverUrl}/hooks/${registered.count + 1}`, events: ['share.created'] }, 201);
  }
  await arrivals();
  const createdAt = new Map<string, number>();
  const started = Date.now();
  await forEachConcurrently(Array.from({ length: eventsPerStep }, (_, i) => i), CREATE_CONCURRENCY, async (i) => {
    const created = await api.post<{ data: string }>(token, '/shares', { clientId: `partner-${i % 7}`, reference: `hook-${endpoints}-${i}` }, 200);
    createdAt.set(created.data, Date.now());
  });
  const expected = eventsPerStep * endpoints;
  const received: Arrival[] = [];
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (received.length < expected) {
    if (Date.now() > deadline) throw new Error(`${received.length} of ${expected} deliveries arrived within ${DELIVERY_TIMEOUT_MS / 60_000} min`);
    await sleep(200);
    received.push(...(await arrivals()).filter(([, shareId]) => createdAt.has(shareId)));
  }
  const last = Math.max(...received.map(([, , at]) => at));
  const latencies = received.map(([, shareId, at]) => at - createdAt.get(shareId)!).sort((a, b) => a - b);
  const seconds = (last - started) / 1000;
  return { endpoints, deliveries: received.length, seconds, perSecond: received.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), baselinePerSecond: await baseline(received.length) };
}

function print(results: StepResult[]): void {
  const rows = [
    ['endpoints', 'deliveries', 'seconds', 'deliveries/s', 'baseline/s', 'ratio', 'event→delivery p50', 'p99'],
    ...results.map((r) => [String(r.endpoints), String(r.deliveries), r.seconds.toFixed(1), r.perSecond.toFixed(0), r.baselinePerSecond.toFixed(0), (r.perSecond / r.baselinePerSecond).toFixed(3), `${r.p50} ms`, `${r.p99} ms`]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')}`);
}

async function main(): Promise<void> {
  if (leftoverInfra(config).length > 0) throw new Error(`infra of an earlier run is still running on port base ${process.env.BENCH_PORT_BASE}`);
  removeLocalInfraData(config);
  console.log(`webhook delivery: ${eventsPerStep} share.created events per step to ${endpointSteps.join(' -> ')} endpoints of one app, receiver in a process of its own`);
  const stack = launchStack(config, { NODE_ENV: 'development' });
  try {
    console.log(`==> starting the stack (output in ${stack.outputFile})`);
    await stack.untilReady();
    await startScript(config.root, 'webhook-receiver.ts', [String(receiverPort)], 'listening on');
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    const registered = { count: 0 };
    const results: StepResult[] = [];
    for (const endpoints of endpointSteps) {
      console.log(`==> ${endpoints} endpoint(s)`);
      results.push(await runStep(api, token, endpoints, registered));
    }
    print(results);
  } finally {
    await stopScripts();
    await stack.stop();
    if (leftoverInfra(config).length === 0) removeLocalInfraData(config);
    await removeExternalData(config, stack.databases, stack.namespace).catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
