/**
 * Statement import throughput: a year of a very busy account (BENCH_IMPORT_TRANSACTIONS, 20,000 booked
 * transactions: the current accounts of many sandbox households booked on one IBAN), as a file of each format
 * in BENCH_IMPORT_FORMATS, uploaded through the edge of the stack from scripts/stack.sh (every service a process
 * of its own) to a statement-upload consent, timed from the POST to the import's `Completed` (parsed and
 * stored), and to its `transactions.fetched` webhook arriving at a receiver of its own (bench/webhook-receiver.ts):
 * the transactions published and announced. The store holds other consents' data first
 * (BENCH_IMPORT_OTHER_CONSENTS, 2: a year of a busy account each). Each format is imported BENCH_IMPORT_RUNS
 * times (3), each into a consent of its own; printed are the medians: the file's size, parsing alone in this
 * process, the whole import (transactions/s of wall time, and per CPU second of the consent service, FerretDB
 * and its PostgreSQL together, "per core", to `Completed` and to the webhook; each process's CPU seconds
 * below, Kafka's beside them; the CPU to `Completed` is read off samples taken every 10 ms at the time the service
 * recorded it, the figure read when the poll saw it printed beside), and the baseline: the same rows inserted by this process straight into the same
 * store, one document each, with the ratio. A second upload of the same file (every transaction a duplicate)
 * is timed too. Each import starts once the store has settled (BENCH_IMPORT_SETTLE=0: at once, as before), so that
 * its CPU figures do not include the consumers of the import before storing what it announced.
 * Run: npx tsx bench/statement-import.bench.ts   (BENCH_IMPORT_FORMATS: mt940,csv-ing,camt.053; camt takes about 1.1 KB an
 *   entry, so 20,000 exceed the 20 MB upload limit: BENCH_IMPORT_TRANSACTIONS=15000 for it; BENCH_PORT_BASE,
 *   MONGODB_URI / KAFKA_BROKERS as in the platform benchmark)
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase, database, type mongo } from '@obp/db';
import { generateSandboxData, renderCamt, renderCsv, renderMt940, type SandboxDataset } from '@obp/sandbox-bank';
import { canonicalTransaction, parseStatement } from '@obp/statements';
import { compressedJson, toColumns } from '@obp/store';
import { PlatformApi } from './scale/api';
import { startScript, stopScripts } from './scale/children';
import { removeExternalData, removeLocalInfraData } from './scale/cleanup';
import { loadBenchConfig } from './scale/config';
import { CpuSampler, cpuSecondsOf } from './scale/cpu';
import { leftoverInfra, stackProcesses } from './scale/processes';
import { launchStack, type RunningStack } from './scale/stack';

process.env.BENCH_PORT_BASE ??= '18480';
const config = loadBenchConfig();
const wanted = Number(process.env.BENCH_IMPORT_TRANSACTIONS ?? 20_000);
const formats = (process.env.BENCH_IMPORT_FORMATS ?? 'mt940,csv-ing').split(',');
/** Imports of each format, each into a consent of its own: the figures are their medians. */
const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 3);

interface Rendered {
  format: string;
  contentType: string;
  file: Buffer;
}

/** One account's year: the current accounts of as many households as it takes, booked on the first one's IBAN. */
function busyAccount(seed = 'busy'): SandboxDataset {
  const asOf = new Date('2026-10-31T00:00:00.000Z');
  const yearAgo = '2025-11-01';
  const first = generateSandboxData({ seed: `${seed}-0`, profile: 'retail', asOf });
  const account = first.accounts[0]!;
  const transactions = [];
  for (let n = 0; transactions.length < wanted; n++) {
    const data = n === 0 ? first : generateSandboxData({ seed: `${seed}-${n}`, profile: 'retail', asOf });
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

interface Baseline {
  seconds: number;
  /** CPU seconds of the store (FerretDB and its PostgreSQL) meanwhile. */
  storeCpu: number;
}

/**
 * The baselines, written by this process straight into the stack's store, timed with the store's CPU: the file's rows
 * as stored (the canonical fields, the ids, fetch and content key), one document each in batches of 1,000 ("bare
 * insert"); and the same rows as the import's layout writes them, a compressed JSON bucket of columns per booking month, one
 * insert each ("bare buckets": what the store costs at least, whatever the service does).
 */
async function baselines(stack: RunningStack, rendered: Rendered, mongoUri: string): Promise<{ bare: Baseline; buckets: Baseline }> {
  const result = parseStatement(rendered.file, { contentType: rendered.contentType });
  if (!result.ok) throw new Error('does not parse');
  const id = () => randomUUID();
  const [consentId, accountId, fetchId] = [id(), id(), id()];
  const rows = result.file.statements.flatMap((s) =>
    s.transactions.map((t) => ({ _id: id(), ...canonicalTransaction(t), accountId, consentId, ownerClientId: 'bench-app', externalId: `ref:${t.bankReference}`, fetchId, contentKey: id() })),
  );
  const store = stackProcesses(config, stack.runDir).filter((p) => ['ferretdb', 'postgresql'].includes(p.name) && p.pid !== undefined);
  const storeCpu = () => store.reduce((sum, p) => sum + cpuSecondsOf(p.pid!), 0);
  const connection = await connectDatabase(mongoUri, `bench_import_baseline_${Date.now()}`);
  const timed = async (write: () => Promise<void>): Promise<Baseline> => {
    const [started, cpu] = [performance.now(), storeCpu()];
    await write();
    return { seconds: (performance.now() - started) / 1000, storeCpu: storeCpu() - cpu };
  };
  try {
    const db = database(connection);
    const bare = await timed(async () => {
      for (let i = 0; i < rows.length; i += 1_000) await db.collection<{ _id: string }>('transactions').insertMany(rows.slice(i, i + 1_000));
    });
    const byMonth = new Map<string, object[]>();
    for (const { _id, ...row } of rows) {
      const month = row.bookingDate.slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), { id: _id, ...row }]);
    }
    const buckets = await timed(async () => {
      for (const [month, items] of byMonth) {
        await db.collection<mongo.Document & { _id: string }>('transaction_buckets').insertOne({ _id: `${accountId}:${month}`, consentId, accountId, bookingMonth: month, count: items.length, transactionsGzip: compressedJson.encode(toColumns(items)) });
      }
    });
    return { bare, buckets };
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

/** The processes whose CPU an import is charged: the consent service (it parses and stores), the store (FerretDB and its PostgreSQL); Kafka beside them. */
const STORE_PATH = ['consent', 'ferretdb', 'postgresql'];
const MEASURED = [...STORE_PATH, 'kafka'];

type CpuByProcess = Record<string, number>;

interface Timed {
  seconds: number;
  /** From the POST to the transactions.fetched webhook. */
  announcedSeconds: number;
  /** CPU seconds per process from the POST to `Completed` (parse and store), read off the samples at the service's `completedAt`. */
  cpu: CpuByProcess;
  /** The same read when the benchmark's poll saw `Completed` (up to a poll's interval of the announcement in it). */
  cpuAtPoll: CpuByProcess;
  /** … and to the webhook (the transactions published and announced too). */
  cpuAnnounced: CpuByProcess;
  added: number;
  duplicates: number;
}

const storePathSeconds = (cpu: CpuByProcess): number => STORE_PATH.reduce((sum, name) => sum + (cpu[name] ?? 0), 0);

async function timedImport(stack: RunningStack, api: PlatformApi, token: string, consentId: string, rendered: Rendered): Promise<Timed> {
  await settled(stack);
  const measured = stackProcesses(config, stack.runDir).filter((p) => MEASURED.includes(p.name) && p.pid !== undefined);
  const cpuNow = (): CpuByProcess => Object.fromEntries(measured.map((p) => [p.name, cpuSecondsOf(p.pid!)]));
  const since = (before: CpuByProcess): CpuByProcess => Object.fromEntries(Object.entries(cpuNow()).map(([name, s]) => [name, s - before[name]!]));
  const cpuBefore = cpuNow();
  // The CPU at the moment the service recorded `Completed`: the announcement starts in that instant, and a poll
  // reading the CPU when it sees `Completed` would count up to its interval of it.
  const sampler = new CpuSampler(Object.fromEntries(measured.map((p) => [p.name, p.pid!])));
  const samplerBefore = sampler.at(Date.now());
  const startedAt = Date.now();
  const res = await fetch(`${api.edgeUrl}/consents/${consentId}/statements`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': rendered.contentType }, body: rendered.file });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: string } };
  for (;;) {
    const { data: found } = await api.get<{ data: { status: string; transactionsAdded: number; duplicatesSkipped: number; errors: unknown[]; completedAt: string } }>(
      token,
      `/consents/${consentId}/statements/${data.id}`,
    );
    if (found.status === 'Failed') {
      sampler.stop();
      throw new Error(`the import failed: ${JSON.stringify(found.errors.slice(0, 3))}`);
    }
    if (found.status === 'Completed') {
      // When the service recorded it (one clock): the polls are few, so that they cost the measured processes little.
      const seconds = (Date.parse(found.completedAt) - startedAt) / 1000;
      const atCompleted = sampler.at(Date.parse(found.completedAt));
      sampler.stop();
      const cpu = Object.fromEntries(Object.keys(atCompleted).map((name) => [name, atCompleted[name]! - samplerBefore[name]!]));
      const cpuAtPoll = since(cpuBefore);
      const announcedSeconds = ((await announcedAt(consentId, startedAt)) - startedAt) / 1000;
      return { seconds, announcedSeconds, cpu, cpuAtPoll, cpuAnnounced: since(cpuBefore), added: found.transactionsAdded, duplicates: found.duplicatesSkipped };
    }
    await sleep(100);
  }
}

/** The measured processes' CPU seconds per second while nothing is asked of the stack (its pollers and relays): what every figure includes. */
async function idleCpu(stack: RunningStack, seconds = 5): Promise<string> {
  const measured = stackProcesses(config, stack.runDir).filter((p) => MEASURED.includes(p.name) && p.pid !== undefined);
  const before = measured.map((p) => cpuSecondsOf(p.pid!));
  await sleep(seconds * 1000);
  return measured.map((p, i) => `${p.name} ${((cpuSecondsOf(p.pid!) - before[i]!) / seconds).toFixed(3)}`).join(', ');
}

/** What the store may spend a second and still count as settled: its pollers' share when nothing is asked of it. */
const SETTLED_STORE_CPU = Number(process.env.BENCH_IMPORT_SETTLED_CPU ?? 0.08);

/**
 * Waits (at most a minute) until the store has settled: the services that consume what an import announced (analysis,
 * sequencing, webhooks, each storing it in its own database on the same store) go on for seconds after the webhook, and
 * measured from then on an import's CPU would include theirs of the import before. Returns the seconds waited.
 */
async function settled(stack: RunningStack): Promise<number> {
  if (process.env.BENCH_IMPORT_SETTLE === '0') return 0;
  const store = stackProcesses(config, stack.runDir).filter((p) => ['ferretdb', 'postgresql'].includes(p.name) && p.pid !== undefined);
  const storeCpu = () => store.reduce((sum, p) => sum + cpuSecondsOf(p.pid!), 0);
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const before = storeCpu();
    await sleep(1_000);
    if (storeCpu() - before < SETTLED_STORE_CPU) break;
  }
  return (performance.now() - started) / 1000;
}

/** Other consents' year of a busy account each, imported first: the measured imports meet a store holding other data, as in production. */
async function importOtherConsents(stack: RunningStack, api: PlatformApi, token: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const rendered = render(busyAccount(`other-${i}`), 'mt940');
    const { consentId } = await api.post<{ consentId: string }>(token, '/consents', { providerKey: 'statement-upload', externalUserId: `bench-other-${i}` }, 201);
    await timedImport(stack, api, token, consentId, rendered);
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
    const others = Number(process.env.BENCH_IMPORT_OTHER_CONSENTS ?? 2);
    await importOtherConsents(stack, api, token, others);
    console.log(`(the store holds ${others} other consents' year of ${wanted} transactions each first)`);
    console.log(`  idle stack, CPU s per second: ${await idleCpu(stack)} (right after); settled after ${(await settled(stack)).toFixed(0)} s: ${await idleCpu(stack)}`);
    const rows = [['format', 'file MB', 'parse tx/s', 'import s', 'import tx/s', 'tx per CPU s', 'announced s', 'announced tx per CPU s', 'again (all duplicates) s', 'bare insert tx/s', 'per store CPU s', 'bare buckets per store CPU s', 'import/bare']];
    const cpuRows: string[] = [];
    for (const format of formats) {
      const rendered = render(data, format);
      const parse = parseSeconds(rendered);
      const n = data.transactions.length;
      const firsts: Timed[] = [];
      const agains: Timed[] = [];
      const bases: Array<{ bare: Baseline; buckets: Baseline }> = [];
      for (let run = 0; run < runs; run++) {
        const { consentId } = await api.post<{ consentId: string }>(token, '/consents', { providerKey: 'statement-upload', externalUserId: `bench-${format}-${run}` }, 201);
        const first = await timedImport(stack, api, token, consentId, rendered);
        if (first.added !== n) throw new Error(`imported ${first.added} of ${n}`);
        const again = await timedImport(stack, api, token, consentId, rendered);
        if (again.duplicates !== n) throw new Error(`the second upload skipped ${again.duplicates} of ${n}`);
        firsts.push(first);
        agains.push(again);
        bases.push(await baselines(stack, rendered, mongoUri));
      }
      const seconds = median(firsts.map((t) => t.seconds));
      const bare = median(bases.map((b) => b.bare.seconds));
      rows.push([
        format,
        (rendered.file.length / 1024 / 1024).toFixed(1),
        Math.round(n / parse).toLocaleString('en'),
        seconds.toFixed(2),
        Math.round(n / seconds).toLocaleString('en'),
        Math.round(n / median(firsts.map((t) => storePathSeconds(t.cpu)))).toLocaleString('en'),
        median(firsts.map((t) => t.announcedSeconds)).toFixed(2),
        Math.round(n / median(firsts.map((t) => storePathSeconds(t.cpuAnnounced)))).toLocaleString('en'),
        median(agains.map((t) => t.seconds)).toFixed(2),
        Math.round(n / bare).toLocaleString('en'),
        Math.round(n / median(bases.map((b) => b.bare.storeCpu))).toLocaleString('en'),
        Math.round(n / median(bases.map((b) => b.buckets.storeCpu))).toLocaleString('en'),
        (bare / seconds).toFixed(2),
      ]);
      const cpuOf = (pick: (t: Timed) => CpuByProcess) => MEASURED.map((name) => `${name} ${median(firsts.map((t) => pick(t)[name] ?? 0)).toFixed(2)}`).join(', ');
      cpuRows.push(
        `  ${format}: CPU s to Completed: ${cpuOf((t) => t.cpu)}; to announced: ${cpuOf((t) => t.cpuAnnounced)}; read at the poll that saw Completed instead: ${cpuOf((t) => t.cpuAtPoll)} (tx per CPU s ${Math.round(n / median(firsts.map((t) => storePathSeconds(t.cpuAtPoll)))).toLocaleString('en')})`,
      );
      console.log(`  ${format}: import s of each run ${firsts.map((t) => t.seconds.toFixed(2)).join(', ')}; announced s ${firsts.map((t) => t.announcedSeconds.toFixed(2)).join(', ')}`);
      // Each format's figures as soon as they are known (the table below repeats them): a run cut short keeps them.
      console.log(`  ${rows[0]!.map((name, c) => `${name}: ${rows[rows.length - 1]![c]}`).join('; ')}`);
      console.log(cpuRows[cpuRows.length - 1]);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
    for (const row of rows) console.log(`  ${row.map((cell, c) => cell.padStart(widths[c]!)).join('  ')}`);
    for (const line of cpuRows) console.log(line);
    console.log(`  tx per CPU s: per CPU second of ${STORE_PATH.join(', ')} together ("per core"), to Completed and to the transactions.fetched webhook`);
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
