/**
 * Does a slow receiver slow the others? The stack from scripts/stack.sh (processes of their own), a
 * receiver in a process of its own (bench/webhook-receiver.ts) and this driver creating shares through
 * the edge at a steady rate. Ten endpoints of one app answer at once; the baseline is their delivery
 * latency (the share's POST answered → its share.created arriving) alone; then one more endpoint that
 * answers every message, but only after BENCH_SLOW_ANSWER_MS, joins them under the same load, and the
 * ten's latency is measured again, with the ratio to the baseline. The slow endpoint gets every message
 * too (counted). Each setting of WEBHOOK_FIRST_ATTEMPT_WAIT_MS runs on a stack of its own: the default
 * (a run hands a slow attempt over to the stored queue after 1 s), and the attempt's timeout (a run waits
 * for every answer, as before the hand-over existed).
 * Run: npx tsx bench/webhook-slow-endpoint.bench.ts
 *   BENCH_SLOW_WAITS (default,15000), BENCH_SLOW_RATE (shares a second, 40), BENCH_SLOW_SECONDS (20),
 *   BENCH_SLOW_ANSWER_MS (3000), BENCH_PORT_BASE (18380), MONGODB_URI / KAFKA_BROKERS as in the platform benchmark.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { leftoverInfra } from './scale/processes';
import { launchStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18380';
const config = loadBenchConfig();
const waits = (process.env.BENCH_SLOW_WAITS ?? 'default,15000').split(',');
const rate = Number(process.env.BENCH_SLOW_RATE ?? 40);
const seconds = Number(process.env.BENCH_SLOW_SECONDS ?? 20);
const slowAnswerMs = Number(process.env.BENCH_SLOW_ANSWER_MS ?? 3000);
const HEALTHY_ENDPOINTS = 10;
const receiverUrl = `http://127.0.0.1:${config.ports.bare}`;
const ARRIVAL_TIMEOUT_MS = 5 * 60_000;

type Arrival = [endpoint: string, shareId: string, at: number];

interface Phase {
  /** Latencies of the healthy endpoints' deliveries, ms, sorted. */
  healthy: number[];
  /** Deliveries to the slow endpoint that arrived (of as many shares). */
  slowArrived: number;
  shares: number;
}

async function arrivals(): Promise<Arrival[]> {
  return (await (await fetch(`${receiverUrl}/arrivals`)).json()) as Arrival[];
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Shares created at `rate` a second for `seconds`; when each POST was answered. */
async function createShares(api: PlatformApi, token: string, tag: string): Promise<Map<string, number>> {
  const answeredAt = new Map<string, number>();
  const total = rate * seconds;
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      api.post<{ data: string }>(token, '/shares', { clientId: `partner-${i % 7}`, reference: `${tag}-${i}` }, 200).then(({ data }) => {
        answeredAt.set(data, Date.now());
      }),
    );
  }
  await Promise.all(inFlight);
  return answeredAt;
}

async function runPhase(api: PlatformApi, token: string, tag: string, slowPath: string | null): Promise<Phase> {
  await arrivals();
  const answeredAt = await createShares(api, token, tag);
  const expected = answeredAt.size * (HEALTHY_ENDPOINTS + (slowPath ? 1 : 0));
  const received: Arrival[] = [];
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  while (received.length < expected) {
    if (Date.now() > deadline) throw new Error(`${received.length} of ${expected} deliveries arrived within ${ARRIVAL_TIMEOUT_MS / 60_000} min`);
    await sleep(250);
    received.push(...(await arrivals()).filter(([, shareId]) => answeredAt.has(shareId)));
  }
  const healthy = received.filter(([endpoint]) => endpoint !== slowPath).map(([, shareId, at]) => at - answeredAt.get(shareId)!);
  return { healthy: healthy.sort((a, b) => a - b), slowArrived: received.filter(([endpoint]) => endpoint === slowPath).length, shares: answeredAt.size };
}

async function onStack(wait: string): Promise<{ wait: string; alone: Phase; withSlow: Phase }> {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
  if (wait !== 'default') env.WEBHOOK_FIRST_ATTEMPT_WAIT_MS = wait;
  removeLocalInfraData(config);
  const stack = launchStack(config, env);
  try {
    console.log(`==> WEBHOOK_FIRST_ATTEMPT_WAIT_MS ${wait}: starting the stack (output in ${stack.outputFile})`);
    await stack.untilReady();
    await startScript(config.root, 'webhook-receiver.ts', [String(config.ports.bare)], 'listening on');
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    for (let n = 1; n <= HEALTHY_ENDPOINTS; n++) await api.post(token, '/webhooks', { url: `${receiverUrl}/hooks/${n}`, events: ['share.created'] }, 201);
    console.log(`    ${HEALTHY_ENDPOINTS} endpoints answering at once, ${rate} shares/s for ${seconds} s`);
    const alone = await runPhase(api, token, `alone-${wait}`, null);
    const slowPath = `/slow-${slowAnswerMs}/1`;
    await api.post(token, '/webhooks', { url: `${receiverUrl}${slowPath}`, events: ['share.created'] }, 201);
    console.log(`    the same with one more endpoint answering after ${slowAnswerMs} ms`);
    const withSlow = await runPhase(api, token, `slow-${wait}`, slowPath);
    return { wait, alone, withSlow };
  } finally {
    await stopScripts();
    await stack.stop();
    if (leftoverInfra(config).length === 0) removeLocalInfraData(config);
    await removeExternalData(config, stack.databases, stack.namespace).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  if (leftoverInfra(config).length > 0) throw new Error(`infra of an earlier run is still running on port base ${process.env.BENCH_PORT_BASE}`);
  console.log(`webhook delivery beside a slow endpoint: ${HEALTHY_ENDPOINTS} endpoints answering at once, one answering after ${slowAnswerMs} ms; latency from the share's POST answered to its message arriving`);
  const results = [];
  for (const wait of waits) results.push(await onStack(wait));
  const rows = [['first-attempt wait', 'endpoints', 'p50 ms', 'p95 ms', 'max ms', 'p95 ratio', 'slow endpoint got']];
  for (const { wait, alone, withSlow } of results) {
    rows.push([wait, `${HEALTHY_ENDPOINTS}`, ...[50, 95].map((p) => String(percentile(alone.healthy, p))), String(alone.healthy.at(-1)), '1.00 (baseline)', '-']);
    rows.push([
      wait,
      `${HEALTHY_ENDPOINTS} + 1 slow`,
      ...[50, 95].map((p) => String(percentile(withSlow.healthy, p))),
      String(withSlow.healthy.at(-1)),
      (percentile(withSlow.healthy, 95) / percentile(alone.healthy, 95)).toFixed(2),
      `${withSlow.slowArrived}/${withSlow.shares}`,
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
