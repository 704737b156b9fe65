/**
 * Statement import throughput: a year of a very busy account (BENCH_IMPORT_TRANSACTIONS, 20,000 booked
 * transactions: the current accounts of many sandbox households booked on one IBAN), as a file of each format
 * in BENCH_IMPORT_FORMATS, uploaded through the edge of the stack from scripts/stack.sh (every service a process
 * of its own) to a statement-upload consent, timed from the POST to the import's `Completed`, and to its
 * `transactions.fetched` webhook arriving at a receiver of its own (bench/webhook-receiver.ts): the transactions
 * published and announced. Printed per format: the file's size, parsing alone in this process, the whole import
 * (transactions/s of wall time, and per CPU second of the consent service, the store and PostgreSQL together:
 * "per core"), and beside it the baseline: the
 * same rows inserted by this process straight into the same store, one document each, with the ratio.
 * A second upload of the same file (every transaction a duplicate) is timed too.
 * Run: npx tsx bench/statement-import.bench.ts   (BENCH_IMPORT_FORMATS: mt940,csv-ing,camt.053; camt takes about 1.1 KB an
 *   entry, so 20,000 exceed the 20 MB upload limit: BENCH_IMPORT_TRANSACTIONS=15000 for it; BENCH_PORT_BASE,
 *   MONGODB_URI / KAFKA_BROKERS as in the platform benchmark)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase, database } from '@obp/db';
import { generateSandboxData, renderCamt, renderCsv, renderMt940, type SandboxDataset } from '@obp/sandbox-bank';
import { canonicalTransaction, parseStatement } from '@obp/statements';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { cpuSecondsOf } from './scale/cpu';
import { leftoverInfra, stackProcesses } from './scale/processes';
import { launchStack, type RunningStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18480';
const config = loadBenchConfig();
const wanted = Number(process.env.BENCH_IMPORT_TRANSACTIONS ?? 20_000);
const formats = (process.env.BENCH_IMPORT_FORMATS ?? 'mt940,csv-ing').split(',');

interface Rendered {
  format: string;
  contentType: string;
  file: Buffer;
}

/** One account's year: the current accounts of as many households as it takes, booked on the first one's IBAN. */
function busyAccount(): SandboxDataset {
  const asOf = new Date('2026-10-31T00:00:00.000Z');
  const yearAgo = '2025-11-01';
  const first = generateSandboxData({ seed: 'busy-0', profile: 'retail', asOf });
  const account = first.accounts[0]!;
  const transactions = [];
  for (let n = 0; transactions.length < wanted; n++) {
    const data = n === 0 ? first : generateSandboxData({ seed: `busy-${n}`, profile: 'retail', asOf });
    const current = data.accounts[0]!.externalId;
    transactions.push(...data.transactions.filter((t) => t.accountExternalId === current && t.bookingDate >= yearAgo).map((t) => ({ ...t, accountExternalId: account.externalId })));
  }
  return { accounts: [account], transactions: transactions.slice(0, wanted).sort((a, b) => a.bookingDate.localeCompare(b.bookingDate)) };
}

function render(data: SandboxDataset, format: string): Rendered {
  if (format === 'mt940') return { format, contentType: 'text/plain', file: Buffer.from(renderMt940(data, { style: 'ing', openingBalance: 25_000 })) };
  if (format === 'csv-ing') return { format, contentType: 'text/csv', file: Buffer.from(renderCsv(data, { bank: 'ing', openingBalance: 25_000 })) };
  if (format === 'camt.053') return { format, contentType: 'application/xml', file: Buffer.from(renderCamt(data, { message: 'camt.053', version: '08', openingBalance: 25_000 })) };
  throw new Error(`no renderer for ${format} in this benchmark: mt940, csv-ing or camt.053`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function parseSeconds(rendered: Rendered): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const result = parseStatement(rendered.file, { contentType: rendered.contentType });
    if (!result.ok) throw new Error(`the rendered ${rendered.format} does not parse: ${JSON.stringify(result.problems.slice(0, 3))}`);
    runs.push((performance.now() - started) / 1000);
  }
  return median(runs);
}

/** The baseline: the same canonical rows inserted straight into the store, one document each, in batches of 1,000. */
async function bareInsertSeconds(rendered: Rendered, mongoUri: string): Promise<number> {
  const result = parseStatement(rendered.file, { contentType: rendered.contentType });
  if (!result.ok) throw new Error('does not parse');
  const rows = result.file.statements.flatMap((s) => s.transactions.map((t, i) => ({ _id: `${s.location}-${i}-${t.location}`, ...canonicalTransaction(t) })));
  const connection = await connectDatabase(mongoUri, `bench_import_baseline_${Date.now()}`);
  try {
    const collection = database(connection).collection<{ _id: string }>('transactions');
    const started = performance.now();
    for (let i = 0; i < rows.length; i += 1_000) await collection.insertMany(rows.slice(i, i + 1_000));
    return (performance.now() - started) / 1000;
  } finally {
    await database(connection).dropDatabase();
    await connection.close();
  }
}

const receiverUrl = `http://127.0.0.1:${config.ports.bare}`;

/** When the consent's transactions.fetched webhook arrived (ms since the epoch). */
async function announcedAt(consentId: string, after: number): Promise<number> {
  for (;;) {
    const arrivals = (await (await fetch(`${receiverUrl}/arrivals`)).json()) as Array<[string, string, number]>;
    const arrival = arrivals.find(([, id, at]) => id === consentId && at >= after);
    if (arrival) return arrival[2];
    await sleep(100);
  }
}

interface Timed {
  seconds: number;
  /** From the POST to the transactions.fetched webhook. */
  announcedSeconds: number;
  cpuSeconds: number;
  added: number;
  duplicates: number;
}

async function timedImport(stack: RunningStack, api: PlatformApi, token: string, consentId: string, rendered: Rendered): Promise<Timed> {
  const measured = stackProcesses(config, stack.runDir).filter((p) => ['consent', 'ferretdb', 'postgresql'].includes(p.name) && p.pid !== undefined);
  const cpuBefore = measured.reduce((sum, p) => sum + cpuSecondsOf(p.pid!), 0);
  const started = performance.now();
  const startedAt = Date.now();
  const res = await fetch(`${api.edgeUrl}/consents/${consentId}/statements`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': rendered.contentType }, body: rendered.file });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: string } };
  for (;;) {
    const { data: found } = await api.get<{ data: { status: string; transactionsAdded: number; duplicatesSkipped: number; errors: unknown[] } }>(token, `/consents/${consentId}/statements/${data.id}`);
    if (found.status === 'Failed') throw new Error(`the import failed: ${JSON.stringify(found.errors.slice(0, 3))}`);
    if (found.status === 'Completed') {
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = measured.reduce((sum, p) => sum + cpuSecondsOf(p.pid!), 0) - cpuBefore;
      const announcedSeconds = ((await announcedAt(consentId, startedAt)) - startedAt) / 1000;
      return { seconds, announcedSeconds, cpuSeconds, added: found.transactionsAdded, duplicates: found.duplicatesSkipped };
    }
    await sleep(50);
  }
}

async function main(): Promise<void> {
  if (leftoverInfra(config).length > 0) throw new Error(`infra of an earlier run is still running on port base ${process.env.BENCH_PORT_BASE}`);
  const data = busyAccount();
  console.log(`statement import: one account, ${data.transactions.length} booked transactions over a year`);
  removeLocalInfraData(config);
  const stack = launchStack(config, { NODE_ENV: 'development' });
  try {
    console.log(`==> starting the stack (output in ${stack.outputFile})`);
    await stack.untilReady();
    const api = new PlatformApi(stack.edgeUrl, stack.adminToken);
    const token = await api.token(stack.demoClient());
    await startScript(config.root, 'webhook-receiver.ts', [String(config.ports.bare)], 'listening on');
    await api.post(token, '/webhooks', { url: `${receiverUrl}/hooks/fetched`, events: ['transactions.fetched'] }, 201);
    const mongoUri = config.mongoUri ?? `mongodb://127.0.0.1:${config.ports.ferretDb}/`;
    const rows = [['format', 'file MB', 'parse tx/s', 'import s', 'import tx/s', 'tx per CPU s', 'announced s', 'again (all duplicates) s', 'bare insert tx/s', 'import/bare']];
    for (const format of formats) {
      const rendered = render(data, format);
      const parse = parseSeconds(rendered);
      const { consentId } = await api.post<{ consentId: string }>(token, '/consents', { providerKey: 'statement-upload', externalUserId: `bench-${format}` }, 201);
      const first = await timedImport(stack, api, token, consentId, rendered);
      if (first.added !== data.transactions.length) throw new Error(`imported ${first.added} of ${data.transactions.length}`);
      const again = await timedImport(stack, api, token, consentId, rendered);
      if (again.duplicates !== data.transactions.length) throw new Error(`the second upload skipped ${again.duplicates} of ${data.transactions.length}`);
      const bare = await bareInsertSeconds(rendered, mongoUri);
      const n = data.transactions.length;
      rows.push([
        format,
        (rendered.file.length / 1024 / 1024).toFixed(1),
        Math.round(n / parse).toLocaleString('en'),
        first.seconds.toFixed(2),
        Math.round(n / first.seconds).toLocaleString('en'),
        Math.round(n / first.cpuSeconds).toLocaleString('en'),
        first.announcedSeconds.toFixed(2),
        again.seconds.toFixed(2),
        Math.round(n / bare).toLocaleString('en'),
        (bare / first.seconds).toFixed(2),
      ]);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
    for (const row of rows) console.log(`  ${row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')}`);
    console.log('  target: 20,000 transactions a second per core, parse and store');
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
