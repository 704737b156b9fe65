/**
 * Webhook delivery as an app sees it: the stack from scripts/stack.sh (processes of their own), a
 * receiver in a process of its own (bench/webhook-receiver.ts), and this driver creating shares
 * through the edge. At 1, 10 and 100 endpoints subscribed to share.created it measures how fast
 * the webhooks service drains a backlog: the receiver holds its answers while the shares are
 * created (so their events wait on Kafka, unconsumed, apart from the attempts already under way,
 * which hold the service's runs: the stack's WEBHOOK_FIRST_ATTEMPT_WAIT_MS is raised to the held
 * answers' timeout, so the runs wait for them rather than hand them to the stored queue; a receiver
 * that answers at once never meets that wait), then answers at once; deliveries per second are those that arrive
 * after the gate opened, over the time until the last one. Beside it the baseline: as many POSTs sent straight to the
 * receiver from this process, 16 at a time over keep-alive, and the ratio of the two.
 * The stack runs in development mode here: production refuses loopback receivers (the SSRF guard).
 * Run: npx tsx bench/webhook-delivery.bench.ts
 *   BENCH_WEBHOOK_ENDPOINTS (1,10,100), BENCH_WEBHOOK_DELIVERIES (deliveries per step, 3000),
 *   BENCH_PORT_BASE (18280), MONGODB_URI / KAFKA_BROKERS as in the platform benchmark;
 *   the stack's WEBHOOK_* settings (e.g. WEBHOOK_ENDPOINT_CONCURRENCY) from the environment.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { forEachConcurrently } from './scale/concurrency';
import { loadBenchConfig } from './scale/config';
import { leftoverInfra } from './scale/processes';
import { launchStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18280';
const config = loadBenchConfig();
const endpointSteps = (process.env.BENCH_WEBHOOK_ENDPOINTS ?? '1,10,100').split(',').map(Number);
const deliveriesPerStep = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 3000);
const receiverPort = config.ports.bare;
const receiverUrl = `http://127.0.0.1:${receiverPort}`;
const CREATE_CONCURRENCY = 8;
const DELIVERY_TIMEOUT_MS = 10 * 60_000;
/** Attempts held at the closed gate wait this long for their answer. */
const HELD_ANSWER_TIMEOUT_MS = 300_000;

type Arrival = [endpoint: string, shareId: string, at: number];

interface StepResult {
  endpoints: number;
  /** Deliveries that arrived after the gate opened: the drained backlog. */
  deliveries: number;
  /** Attempts under way at the closed gate (sent before it opened). */
  held: number;
  seconds: number;
  perSecond: number;
  baselinePerSecond: number;
}

/**
 * The webhooks service's share-events lag (its /metrics): the events not yet consumed, that is, not
 * delivered and recorded (a run's offsets are committed once its first attempts are recorded).
 */
async function shareEventsLag(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${config.ports.webhooks}/metrics`)).text();
  const lines = text.split('\n').filter((l) => l.startsWith('messaging_kafka_consumer_lag{') && l.includes('webhooks-share-events'));
  return lines.length === 0 ? Infinity : lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
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
  const shares = Math.ceil(deliveriesPerStep / endpoints);
  const expected = shares * endpoints;
  await fetch(`${receiverUrl}/gate/close`, { method: 'POST' });
  const created = new Set<string>();
  await forEachConcurrently(Array.from({ length: shares }, (_, i) => i), CREATE_CONCURRENCY, async (i) => {
    created.add((await api.post<{ data: string }>(token, '/shares', { clientId: `partner-${i % 7}`, reference: `hook-${endpoints}-${i}` }, 200)).data);
  });
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  // Every share's event is on Kafka, unconsumed (the runs under way wait for their attempts held at the gate), before the gate opens.
  while ((await shareEventsLag()) < shares) {
    if (Date.now() > deadline) throw new Error(`the ${shares} share events never waited unconsumed`);
    await sleep(200);
  }
  const { at: openedAt } = (await (await fetch(`${receiverUrl}/gate/open`, { method: 'POST' })).json()) as { at: number };
  const received: Arrival[] = [];
  while (received.length < expected) {
    if (Date.now() > deadline) throw new Error(`${received.length} of ${expected} deliveries arrived within ${DELIVERY_TIMEOUT_MS / 60_000} min`);
    await sleep(200);
    received.push(...(await arrivals()).filter(([, shareId]) => created.has(shareId)));
  }
  const drained = received.filter(([, , at]) => at >= openedAt);
  const seconds = (Math.max(...drained.map(([, , at]) => at)) - openedAt) / 1000;
  return { endpoints, deliveries: drained.length, held: expected - drained.length, seconds, perSecond: drained.length / seconds, baselinePerSecond: await baseline(drained.length) };
}

function print(results: StepResult[]): void {
  const rows = [
    ['endpoints', 'drained', 'held at gate', 'seconds', 'deliveries/s', 'baseline/s', 'ratio'],
    ...results.map((r) => [String(r.endpoints), String(r.deliveries), String(r.held), r.seconds.toFixed(1), r.perSecond.toFixed(0), r.baselinePerSecond.toFixed(0), (r.perSecond / r.baselinePerSecond).toFixed(3)]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')}`);
}

async function main(): Promise<void> {
  if (leftoverInfra(config).length > 0) throw new Error(`infra of an earlier run is still running on port base ${process.env.BENCH_PORT_BASE}`);
  removeLocalInfraData(config);
  console.log(`webhook delivery: a backlog of ${deliveriesPerStep} share.created deliveries per step to ${endpointSteps.join(' -> ')} endpoints of one app, receiver in a process of its own`);
  const stack = launchStack(config, { NODE_ENV: 'development', WEBHOOK_TIMEOUT_MS: String(HELD_ANSWER_TIMEOUT_MS), WEBHOOK_FIRST_ATTEMPT_WAIT_MS: String(HELD_ANSWER_TIMEOUT_MS) });
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
      const result = await runStep(api, token, endpoints, registered);
      console.log(`    ${result.deliveries} drained in ${result.seconds.toFixed(1)} s: ${result.perSecond.toFixed(0)}/s; bare loop ${result.baselinePerSecond.toFixed(0)}/s`);
      results.push(result);
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
