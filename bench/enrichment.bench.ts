/**
 * POST /enrich/transactions through the edge, as it runs in production: scripts/stack.sh starts FerretDB on
 * PostgreSQL, Kafka and every service as processes of their own; a load generator in a process of its own
 * (bench/enrichment-load.ts) sends batches of 100 and of 1,000 realistic transactions (a year of sandbox
 * households' current accounts, with the bank transaction codes a camt export gives) one request at a time,
 * and times each from request sent to answer read. Beside it, two baselines:
 * - GET of a small resource through the edge (one page of one analysis job), by the same load generator:
 *   what any authenticated request through the edge costs;
 * - the same enrichment in this process (the body's validation and the use case on the same batches, with no
 *   feedback rules): what the HTTP hops, the rules' read and JSON add.
 * Target: p50 ≤ 20 ms for 100 transactions through the edge.
 * Run: npx tsx bench/enrichment.bench.ts   (BENCH_ENRICH_REQUESTS=300 per size, BENCH_PORT_BASE, MONGODB_URI / KAFKA_BROKERS)
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enrichTransactionsBody } from '@obp/contracts';
import type { FeedbackRules } from '@obp/analysis/src/infrastructure/feedback-rules';
import { EnrichTransactionsService } from '@obp/analysis/src/use-cases/enrich-transactions/enrich-transactions.service';
import { camtBankTransactionCode, generateSandboxData } from '@obp/sandbox-bank';
import type { EnrichmentLoadRequest, EnrichmentLoadSpec, EnrichmentLoadSummary } from './enrichment-load';
import { PlatformApi } from './scale/api';
import { runScript, stopScripts } from './scale/children';
import { removeStackData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { launchStack } from './scale/stack';

const REQUESTS = Number(process.env.BENCH_ENRICH_REQUESTS ?? 300);
const DISTINCT_BATCHES = 10;
const TARGET_P50_MS_100 = 20;

const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Every current-account transaction of sandbox households, newest first, as an app would send them: its own ids, the camt bank transaction code. */
function realisticTransactions(needed: number): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let seed = 0; out.length < needed; seed++) {
    const data = generateSandboxData({ seed: `enrich-bench-${seed}`, profile: seed % 4 === 3 ? 'business' : 'retail', asOf: new Date(), months: 12 });
    const current = data.accounts.find((a) => a.type === 'Current') ?? data.accounts[0]!;
    const transactions = data.transactions.filter((t) => t.accountExternalId === current.externalId).reverse();
    for (const t of transactions) {
      out.push({
        id: `${seed}:${t.externalId}`,
        amount: t.amount,
        currency: t.currency,
        bookingDate: t.bookingDate,
        valueDate: t.valueDate,
        description: t.description,
        counterpartName: t.counterpartName,
        counterpartAccountNumber: t.counterpartAccountNumber,
        transactionType: t.transactionType,
        transactionTypeName: t.transactionTypeName,
        reasonCode: t.reasonCode,
        purposeCode: t.purposeCode,
        bankTransactionCode: camtBankTransactionCode(t),
      });
    }
  }
  return out;
}

/** `DISTINCT_BATCHES` bodies of `size` transactions each, from different stretches of the pool. */
function bodies(pool: ReadonlyArray<Record<string, unknown>>, size: number): string[] {
  const step = Math.max(1, Math.floor((pool.length - size) / DISTINCT_BATCHES));
  return Array.from({ length: DISTINCT_BATCHES }, (_, i) => JSON.stringify({ transactions: pool.slice(i * step, i * step + size), profile: 'retail', countryCode: 'nl' }));
}

async function loadRun(root: string, spec: EnrichmentLoadSpec): Promise<EnrichmentLoadSummary> {
  const file = path.join(os.tmpdir(), `enrichment-load-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return JSON.parse(await runScript(root, 'enrichment-load.ts', [file])) as EnrichmentLoadSummary;
}

/** The same enrichment in this process: the body's validation, then the use case, no feedback rules to read. */
async function inProcess(batchBodies: readonly string[], count: number): Promise<number[]> {
  const noRules = { rulesFor: async () => [] } as unknown as FeedbackRules;
  const service = new EnrichTransactionsService(noRules);
  const once = async (body: string) => {
    const result = await service.execute({ clientId: 'bench', body: enrichTransactionsBody.parse(JSON.parse(body)), includeSequences: false });
    if (!result.ok) throw result.error;
    return JSON.stringify({ data: result.value });
  };
  for (let i = 0; i < 20; i++) await once(batchBodies[i % batchBodies.length]!);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once(batchBodies[i % batchBodies.length]!);
    times.push(performance.now() - started);
  }
  return times;
}

const line = (name: string, times: readonly number[], extra = '') => `  ${name.padEnd(44)} p50 ${ms(quantile(times, 0.5)).padStart(9)}   p99 ${ms(quantile(times, 0.99)).padStart(9)}${extra}`;

async function main(): Promise<void> {
  const config = loadBenchConfig();
  const pool = realisticTransactions(1000 + DISTINCT_BATCHES * 100);
  const small = bodies(pool, 100);
  const large = bodies(pool, 1000);
  console.log('enrichment through the edge: the stack and the load generator as processes of their own, loopback');
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}; ${REQUESTS} requests per size, one at a time, ${DISTINCT_BATCHES} distinct batches each; body of 100 ≈ ${(small[0]!.length / 1024).toFixed(0)} KiB, of 1,000 ≈ ${(large[0]!.length / 1024).toFixed(0)} KiB`);
  const stack = launchStack(config);
  try {
    await stack.untilReady();
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    const spec = (requests: EnrichmentLoadRequest[], count: number, warmup: number, expectStatus = 200): EnrichmentLoadSpec => ({ origin: stack.edgeUrl, token, requests, count, warmup, expectStatus });
    const post = (body: string): EnrichmentLoadRequest => ({ method: 'POST', path: '/enrich/transactions', body });

    const get = await loadRun(config.root, spec([{ method: 'GET', path: '/analysis-jobs?pageSize=1' }], REQUESTS, 50));
    const hundred = await loadRun(config.root, spec(small.map(post), REQUESTS, 30));
    const thousand = await loadRun(config.root, spec(large.map(post), Math.max(30, Math.round(REQUESTS / 3)), 10));
    const local100 = await inProcess(small, REQUESTS);
    const local1000 = await inProcess(large, Math.max(30, Math.round(REQUESTS / 3)));
    for (const [name, run] of [['GET', get], ['100', hundred], ['1000', thousand]] as const) if (run.failed > 0) console.log(`  WARNING: ${run.failed} ${name} requests did not answer as expected`);

    console.log('\nthrough the edge');
    console.log(line('POST /enrich/transactions, 100 transactions', hundred.ms, `   (${(100 / (quantile(hundred.ms, 0.5) / 1000)).toFixed(0)} transactions/s at p50)`));
    console.log(line('POST /enrich/transactions, 1,000 transactions', thousand.ms, `   (${(1000 / (quantile(thousand.ms, 0.5) / 1000)).toFixed(0)} transactions/s at p50)`));
    console.log(line('baseline: GET /analysis-jobs?pageSize=1', get.ms));
    console.log('in this process (validation + use case, no HTTP)');
    console.log(line('100 transactions', local100));
    console.log(line('1,000 transactions', local1000));

    const p50 = quantile(hundred.ms, 0.5);
    console.log('\nsummary');
    console.log(`  100 through the edge p50 ${ms(p50)} (target ≤ ${TARGET_P50_MS_100} ms): ${p50 <= TARGET_P50_MS_100 ? 'PASS' : 'FAIL'}`);
    console.log(`  ratio to GET through the edge: 100 ${(p50 / quantile(get.ms, 0.5)).toFixed(1)}x, 1,000 ${(quantile(thousand.ms, 0.5) / quantile(get.ms, 0.5)).toFixed(1)}x`);
    console.log(`  ratio to the same work in process: 100 ${(p50 / quantile(local100, 0.5)).toFixed(1)}x, 1,000 ${(quantile(thousand.ms, 0.5) / quantile(local1000, 0.5)).toFixed(1)}x`);
  } finally {
    await stopScripts();
    await stack.stop();
    await removeStackData(config, stack);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
