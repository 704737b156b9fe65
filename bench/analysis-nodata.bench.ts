/**
 * How long an analysis job naming nothing takes to fail, as it runs in production: scripts/stack.sh starts
 * FerretDB on PostgreSQL, Kafka and every service as processes of their own, with `ANALYSIS_VISIBILITY_WAIT_MS`
 * at 10 s (the default until it became 120 s; the baseline jobs below wait it out). Jobs are created through the edge one at a time, and each is timed by
 * its own createdAt→completedAt (the service's clock). It prints:
 * - jobs naming a random (v4) consent id, and an hour-old UUIDv7: both fail `NoData` without the wait, after the
 *   consent projection's barrier (issue 27);
 * - the baseline beside them, what every unseen id cost before issue 27 and a fresh UUIDv7 still costs: jobs
 *   naming an unknown consent id made a moment ago, which wait out the visibility wait;
 * - and for scale, a job on a fetched sandbox consent: POST to Completed.
 * Run: npx tsx bench/analysis-nodata.bench.ts
 * Settings: BENCH_NODATA_JOBS (20 per kind), BENCH_PORT_BASE (18080), MONGODB_URI / KAFKA_BROKERS to use external
 * servers. Takes about 3 minutes on 2 cores.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnalysisJobDto } from '@obp/contracts';
import { uuidv7 } from '@obp/core';
import { PlatformApi } from './scale/api';
import { removeStackData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { ConsentSeeder } from './scale/seed';
import { launchStack } from './scale/stack';

const JOBS = Number(process.env.BENCH_NODATA_JOBS ?? 20);
/** Jobs that wait out the visibility wait: a few, side by side (each takes the whole wait). */
const WAITING_JOBS = 4;

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

const body = (input: Record<string, string[]>) => ({ Reference: `nodata-${Date.now()}`, Engine: 'z2', Profile: 'retail', CountryCode: 'nl', Input: input });

/** Creates a job and follows it to its end: its status and createdAt→completedAt. */
async function timedJob(api: PlatformApi, token: string, input: Record<string, string[]>): Promise<{ status: string; code: string | null; ms: number }> {
  const { id } = await api.post<{ id: string }>(token, '/analysis-jobs', body(input), 201);
  for (;;) {
    const { data } = await api.get<{ data: AnalysisJobDto }>(token, `/analysis-jobs/${id}`);
    if (data.status === 'Completed' || data.status === 'Failed') return { status: data.status, code: data.failure?.code ?? null, ms: Date.parse(data.completedAt!) - Date.parse(data.createdAt) };
    await sleep(50);
  }
}

async function series(name: string, count: number, run: () => Promise<{ status: string; code: string | null; ms: number }>, concurrency = 1) {
  const times: number[] = [];
  const outcomes = new Map<string, number>();
  let started = 0;
  const next = async () => {
    while (started < count) {
      started++;
      const ended = await run();
      times.push(ended.ms);
      const outcome = ended.code ? `${ended.status} ${ended.code}` : ended.status;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, next));
  const p50 = quantile(times, 0.5);
  console.log(`${name}: ${times.length} jobs (${[...outcomes].map(([o, n]) => `${n} ${o}`).join(', ')}); createdAt→completedAt p50 ${ms(p50)}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))}`);
  return p50;
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  console.log('analysis jobs naming nothing: the stack as processes of their own, loopback, ANALYSIS_VISIBILITY_WAIT_MS 10000');
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}; ${JOBS} jobs per kind, one at a time; ${WAITING_JOBS} waiting jobs side by side`);
  const stack = launchStack(config, { ANALYSIS_VISIBILITY_WAIT_MS: '10000' });
  try {
    await stack.untilReady();
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    const consents = new ConsentSeeder(api, () => token);
    await consents.seedTo(1);
    const [consentId] = consents.consents;

    await series('warm-up, jobs on a fetched consent', 3, () => timedJob(api, token, { consentIds: [consentId!] }));
    const ordinary = await series('for scale: jobs on a fetched consent', JOBS, () => timedJob(api, token, { consentIds: [consentId!] }));
    const random = await series('a random consent id (v4)', JOBS, () => timedJob(api, token, { consentIds: [randomUUID()] }));
    const old = await series('an hour-old UUIDv7 consent id', JOBS, () => timedJob(api, token, { consentIds: [uuidv7(Date.now() - 3_600_000)] }));
    const account = await series('a random account id', JOBS, () => timedJob(api, token, { accountIds: [randomUUID()] }));
    const waiting = await series('baseline: an unknown consent id made a moment ago (waits out the visibility wait, as every unseen id did before)', WAITING_JOBS, () => timedJob(api, token, { consentIds: [uuidv7()] }), WAITING_JOBS);

    console.log('\nsummary');
    console.log(`  NoData for a random consent id: p50 ${ms(random)}, ${(waiting / random).toFixed(0)}x faster than the wait (${ms(waiting)}); ${(random / ordinary).toFixed(1)}x a job that completes (${ms(ordinary)})`);
    console.log(`  NoData for an hour-old UUIDv7: p50 ${ms(old)}, ${(waiting / old).toFixed(0)}x faster than the wait; for a random account id: p50 ${ms(account)}`);
  } finally {
    await stack.stop();
    await removeStackData(config, stack);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
