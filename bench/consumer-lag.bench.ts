/**
 * Do the consumers of share events keep up with the writes the edge accepts? scripts/stack.sh starts the
 * platform (FerretDB on PostgreSQL, Kafka, every service built, as processes of their own); one app with a
 * rate limit far above the load writes `POST /shares` through the edge for BENCH_LAG_SECONDS (60) with
 * BENCH_CONNECTIONS (50) connections, from autocannon in a process of its own (bench/load.ts). Meanwhile,
 * every 2 s, the consumer lag (`messaging_kafka_consumer_lag`, summed over partitions) of each group that
 * reads share events is read from the `/metrics` of the service it belongs to, until every lag is back to 0.
 * Prints the write rate, each group's peak lag, its lag at the end of the writes, the time it took to drain
 * after them (its lag and the share service's outbox both at 0), and what it applied during the writes as a
 * ratio of what was published and of what was written (1.0 keeps up; the issue measured 0.61 one event at a
 * time: 170 applied a second against 280 written), and its peak lag and drain time against the issue's (~22,000,
 * ~6 min). The share outbox's backlog is printed beside: events reach Kafka only as the outbox relay publishes
 * them, and the share service refuses writes (503 `outbox_backlog`) while it holds OUTBOX_BACKLOG_LIMIT (10,000)
 * unpublished shares, which bounds it (set OUTBOX_BACKLOG_LIMIT=0 to run without the bound).
 *
 *   npx tsx bench/consumer-lag.bench.ts
 *   BENCH_LAG_SECONDS=20 BENCH_FROM_SOURCE=1 npx tsx bench/consumer-lag.bench.ts   # quick
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformApi } from './scale/api';
import { runScript } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { loadBenchConfig, type BenchConfig } from './scale/config';
import type { LoadSpec, LoadSummary } from './scale/load-spec';
import { launchStack, type RunningStack } from './scale/stack';

const WRITE_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SAMPLE_MS = 2_000;
const DRAIN_LIMIT_MS = 15 * 60_000;
/** The share service's bound on its unpublished events (`OUTBOX_BACKLOG_LIMIT`, passed on to the stack). */
const OUTBOX_BOUND = Number(process.env.OUTBOX_BACKLOG_LIMIT ?? 10_000);
/** Issue 24, one event at a time: each group's peak lag (~22,000) and the time it took to drain (~6 min). */
const BASELINE = { peakLag: 22_000, drainSeconds: 360 };

/** The services with a group that reads share events (the share-grant projections and webhooks). */
const CONSUMER_PORTS = ['consent', 'sequencing-engine', 'analysis', 'webhooks'] as const;

interface Sample {
  at: number;
  lags: Map<string, number>;
  /** Shares whose events the share service has not published yet (`outbox_backlog`). */
  outbox: number;
}

async function shareOutbox(config: BenchConfig): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${config.ports.share}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('outbox_backlog{') && l.includes('outbox="shares"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** Consumer lag per group from one service's `/metrics`, summed over the group's partitions of share events. */
async function lagsOf(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(url)).text();
  const lags = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('messaging_kafka_consumer_lag{')) continue;
    const group = /messaging_consumer_group_name="([^"]+)"/.exec(line)?.[1];
    const topic = /messaging_destination_name="([^"]+)"/.exec(line)?.[1];
    if (!group || !topic?.includes('share.events') || topic.includes('.dlq.') || topic.includes('.replay.')) continue;
    lags.set(group, (lags.get(group) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return lags;
}

async function sample(config: BenchConfig): Promise<Sample> {
  const lags = new Map<string, number>();
  for (const port of CONSUMER_PORTS) {
    const of = await lagsOf(`http://127.0.0.1:${config.ports[port]}/metrics`).catch(() => new Map<string, number>());
    for (const [group, lag] of of) lags.set(group, lag);
  }
  return { at: performance.now(), lags, outbox: await shareOutbox(config).catch(() => Number.NaN) };
}

async function writeShares(root: string, origin: string, token: string): Promise<LoadSummary> {
  const spec: LoadSpec = {
    origin,
    method: 'POST',
    connections: CONNECTIONS,
    seconds: WRITE_SECONDS,
    targets: [{ path: '/shares', token: 0 }],
    tokens: [token],
    body: JSON.stringify({ clientId: 'partner-app', reference: 'consumer-lag-bench' }),
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-lag-'));
  try {
    const file = path.join(dir, 'spec.json');
    await writeFile(file, JSON.stringify(spec));
    return JSON.parse(await runScript(root, 'load.ts', [file])) as LoadSummary;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // Ports of its own, beside the other benchmarks' defaults.
  process.env.BENCH_PORT_BASE ??= '18580';
  const config = loadBenchConfig();
  console.log('consumer lag under POST /shares at the rate the edge accepts: the stack and the load generator as processes of their own, loopback');
  console.log(`  machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (shared: figures vary with what else runs)`);
  console.log(`  writes: ${WRITE_SECONDS} s, ${CONNECTIONS} connections, one app (rate limit far above the load); share outbox bound ${OUTBOX_BOUND === 0 ? 'none' : OUTBOX_BOUND.toLocaleString('en-US')} (OUTBOX_BACKLOG_LIMIT)`);
  let stack: RunningStack | undefined;
  try {
    stack = launchStack(config, { LOG_LEVEL: 'warn' });
    await stack.untilReady();
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(await api.registerApp('consumer-lag-bench'));

    const samples: Sample[] = [];
    let writing = true;
    const sampler = (async () => {
      while (writing) {
        samples.push(await sample(config));
        await sleep(SAMPLE_MS);
      }
    })();
    const started = performance.now();
    const writes = await writeShares(config.root, stack.edgeUrl, token);
    const writesEnded = performance.now();
    writing = false;
    await sampler;

    const accepted = writes.requests - writes.non2xx - writes.errors;
    const writeRate = accepted / ((writesEnded - started) / 1000);
    console.log(`  written: ${accepted.toLocaleString('en-US')} shares accepted (${writes.non2xx} non-2xx, ${writes.errors} errors), ${writeRate.toFixed(0)}/s; p50 ${writes.p50} ms, p99 ${writes.p99} ms`);
    console.log(`  (non-2xx: 503 outbox_backlog while the share outbox held ${OUTBOX_BOUND.toLocaleString('en-US')} unpublished shares; the load does not wait Retry-After)`);

    const atEnd = samples.at(-1)?.lags ?? new Map<string, number>();
    const publishedByEnd = accepted - (samples.at(-1)?.outbox ?? 0);
    const drained = new Map<string, number>();
    const deadline = performance.now() + DRAIN_LIMIT_MS;
    while (performance.now() < deadline) {
      const s = await sample(config);
      samples.push(s);
      // Drained: nothing left unread, nor waiting in the share service's outbox to be published.
      for (const [group, lag] of s.lags) if (lag === 0 && s.outbox === 0 && !drained.has(group)) drained.set(group, (s.at - writesEnded) / 1000);
      if (s.lags.size > 0 && [...s.lags.keys()].every((g) => drained.has(g))) break;
      await sleep(SAMPLE_MS);
    }

    const groups = [...new Set(samples.flatMap((s) => [...s.lags.keys()]))].sort();
    console.log('');
    console.log(`  published to Kafka during the writes: ${publishedByEnd.toLocaleString('en-US')} (the rest waited in the share service's outbox)`);
    console.log('  group                                   peak lag   lag at end of writes   drained after   applied / published   applied / written   peak / baseline   drain / baseline');
    for (const group of groups) {
      const peak = Math.max(...samples.map((s) => s.lags.get(group) ?? 0));
      const endLag = atEnd.get(group) ?? 0;
      const drainSeconds = drained.get(group);
      // During the writes: applied = published less what was still unread at their end.
      const applied = publishedByEnd - endLag;
      console.log(
        `  ${group.padEnd(40)}${String(peak).padStart(8)}   ${String(endLag).padStart(20)}   ${(drainSeconds === undefined ? 'not drained' : `${drainSeconds.toFixed(0)} s`).padStart(13)}   ${(applied / publishedByEnd).toFixed(2).padStart(19)}   ${(applied / accepted).toFixed(2).padStart(17)}   ${(peak / BASELINE.peakLag).toFixed(2).padStart(15)}   ${(drainSeconds === undefined ? '-' : (drainSeconds / BASELINE.drainSeconds).toFixed(2)).padStart(16)}`,
      );
    }
    console.log('');
    console.log(`  peak share outbox backlog (written, not yet published): ${Math.max(...samples.map((s) => s.outbox))} (bound ${OUTBOX_BOUND === 0 ? 'none' : OUTBOX_BOUND})`);
    console.log(`  over time (s since the writes began: share outbox backlog | lag of ${groups.map((g) => g.slice(g.indexOf('.') + 1)).join(' / ')}):`);
    for (const s of samples.filter((_, i) => i % 3 === 0)) {
      console.log(`    ${((s.at - started) / 1000).toFixed(0).padStart(4)} s: ${String(s.outbox).padStart(6)} | ${groups.map((g) => s.lags.get(g) ?? '-').join(' / ')}`);
    }
    console.log(`  baseline (issue 24, one event at a time): at 280 writes/s each group applied ~170/s (ratio 0.61), peak lag ~${BASELINE.peakLag.toLocaleString('en-US')}, ~${BASELINE.drainSeconds / 60} min to drain`);
  } finally {
    await stack?.stop();
    if (stack && (config.mongoUri || config.kafkaBrokers)) await removeExternalData(config, stack.databases, stack.namespace).catch(() => undefined);
    if (!config.mongoUri && !config.kafkaBrokers) removeLocalInfraData(config);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
