/** What the benchmark prints: a table per step, then the summary against the targets. */
import type { AutovacuumWait } from './autovacuum';
import type { CpuUse } from './cpu';
import type { CatchUp } from './kafka';
import type { LoadSummary } from './load-spec';
import type { ByIdLoad } from './by-id-load';
import type { Latency, MeasuredLoad } from './measure';
import type { Distribution, Seeded, SeededConsents } from './seed';

export interface StepResult {
  shares: number;
  consents: number;
  transactions: number;
  apps: Distribution;
  sampleApps: number;
  seededShares: Seeded;
  seededConsents: SeededConsents;
  catchUp: CatchUp;
  /** GET /shares/{id} under load: medians over the rounds (BENCH_LOAD_ROUNDS) and each round's runs. */
  get: ByIdLoad['get'];
  getRounds: ByIdLoad['getRounds'];
  serial: { transactions: Latency; sequencing: Latency; shares: Latency; consents: Latency; firstShareRead: Latency };
  cpu: CpuUse[];
  /** The wait for PostgreSQL's autovacuum before the idle window; undefined on an external store. */
  autovacuum: AutovacuumWait | undefined;
}

export interface RunSettings {
  seconds: number;
  connections: number;
  serialRequests: number;
  settleSeconds: number;
  idleSeconds: number;
  seedConcurrency: number;
  sampleSize: number;
}

const TARGETS = { edgeShareOfBare: 0.3, edgeP99Ms: 50, transactionsP50Ms: 20, sequencingP50Ms: 20, idlePercent: 5, flatFactor: 2 };

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const plural = (n: number, word: string) => `${int(n)} ${word}${n === 1 ? '' : 's'}`;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const pct = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(1)}%`);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Left-aligns the first column, right-aligns the others. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) => '  ' + r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('   ')).join('\n');
}

export const idleTotal = (cpu: CpuUse[]) => cpu.reduce((sum, p) => sum + (p.percentOfCore ?? 0), 0);
const ratio = (r: LoadSummary, bare: LoadSummary) => r.rps / bare.rps;
const postRps = (s: StepResult) => s.seededShares.count / s.seededShares.seconds;

function seedingLines(s: StepResult, settings: RunSettings): string {
  const { seededShares: shares, seededConsents: consents, catchUp } = s;
  const lag = catchUp.done
    ? `outbox relays and consumers done ${catchUp.seconds.toFixed(1)} s later (${int(catchUp.published)} messages published meanwhile)`
    : `outbox relays and consumers NOT done after ${catchUp.seconds.toFixed(0)} s (${catchUp.lag ?? 'unknown'} messages behind): the idle figures include that work`;
  return [
    `seeding: POST /shares ${int(shares.count)} in ${shares.seconds.toFixed(1)} s = ${int(postRps(s))} req/s (${settings.seedConcurrency} concurrent, through the edge, from the driver${shares.backlogWaits > 0 ? `; ${int(shares.backlogWaits)} sent again after a 503 outbox_backlog's Retry-After` : ''})`,
    `         ${int(consents.count)} consents approved and Updated in ${consents.seconds.toFixed(1)} s (${(consents.count / consents.seconds).toFixed(2)}/s, ${int(consents.transactions / consents.seconds)} transactions/s); ${lag}`,
  ].join('\n');
}

const LOAD_TARGETS = [
  ['bare', 'bare express (own process)'],
  ['direct', 'share service, direct'],
  ['edge', 'through the edge'],
  ['baselineEdge', 'through the baseline edge'],
] as const;

/** CPU µs per request of each watched process (edge, share, baseline edge), over the run. */
const cpuCells = (r: MeasuredLoad, watched: string[]) => watched.map((name) => (r.cpuMicrosPerRequest[name] === undefined ? '-' : int(r.cpuMicrosPerRequest[name])));

/** The GET /shares/{id} load table: the medians against bare express, and each round when there were several. */
export function byIdLoadTable(s: ByIdLoad, heading: string): string {
  const watched = Object.keys(s.get.edge.cpuMicrosPerRequest);
  const rounds = s.getRounds.bare.length;
  const row = (name: string, r: MeasuredLoad, bare: MeasuredLoad) => [name, int(r.rps), ms(r.p50), ms(r.p99), String(r.errors + r.timeouts), String(r.non2xx), ratio(r, bare).toFixed(2), ...cpuCells(r, watched), pct(r.machineBusy * 100)];
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs bare', ...watched.map((name) => `${name} µs/req`), 'machine busy'];
  const medians = LOAD_TARGETS.flatMap(([key, name]) => (s.get[key] ? [row(name, s.get[key], s.get.bare)] : []));
  const lines = [heading, rounds > 1 ? `medians of ${rounds} rounds (each round runs the targets in turn; errors and non-2xx are the rounds' sums):` : '', table([header, ...medians])];
  if (rounds > 1) {
    const roundRows = Array.from({ length: rounds }, (_, i) => LOAD_TARGETS.flatMap(([key, name]) => (s.getRounds[key][i] ? [row(`${i + 1}: ${name}`, s.getRounds[key][i], s.getRounds.bare[i]!)] : []))).flat();
    lines.push('each round (vs bare: that round\'s bare run):', table([['round: target', ...header.slice(1)], ...roundRows]));
  }
  return lines.filter(Boolean).join('\n');
}

const loadTable = (s: StepResult, settings: RunSettings): string =>
  byIdLoadTable(
    s,
    `GET /shares/{id}: autocannon in its own process, ${settings.connections} connections, ${settings.seconds} s, ${settings.sampleSize} random shares of ${plural(s.sampleApps, 'app')} (after the warm-up run they are in the share service's cache; a first read is in the serial table); CPU time per request answered from /proc`,
  );

function serialTable(s: StepResult, settings: RunSettings): string {
  const row = (name: string, l: Latency) => [name, ms(l.p50), ms(l.p99), String(l.failures)];
  return [
    `serial: ${settings.serialRequests} requests each, one at a time, random ids`,
    table([
      ['request', 'p50 ms', 'p99 ms', 'non-200'],
      row('GET /shares/{id} first read (not cached: from the store)', s.serial.firstShareRead),
      row('GET /accounts/{id}/transactions?pageSize=50', s.serial.transactions),
      row('GET /consents/{id}/sequencing', s.serial.sequencing),
      row('GET /shares (first page, a random app)', s.serial.shares),
      row(`GET /consents (all ${s.consents} of the app, ${perConsent(s).toFixed(2)} ms each)`, s.serial.consents),
    ]),
  ].join('\n');
}

function autovacuumLine(wait: AutovacuumWait | undefined): string {
  if (!wait) return 'the store external';
  return wait.done ? `PostgreSQL's autovacuum of the loaded rows done (${wait.seconds.toFixed(0)} s)` : `PostgreSQL's autovacuum still running after ${wait.seconds.toFixed(0)} s (the figures include it)`;
}

/** GET /consents answers every consent of the app (the spec's list is not paged): its cost per consent listed. */
const perConsent = (s: StepResult) => s.serial.consents.p50 / Math.max(1, s.consents);

function cpuTable(s: StepResult, settings: RunSettings): string {
  const rows = s.cpu.map((p) => [p.name, p.pid === undefined ? '-' : String(p.pid), p.command, p.pid === undefined ? '-' : String(p.processes), pct(p.percentOfCore)]);
  return [
    `idle CPU: ${settings.idleSeconds} s window once the outbox relays and consumers were done, ${autovacuumLine(s.autovacuum)}, and after a ${settings.settleSeconds} s settle (process trees, from /proc)`,
    table([['process', 'pid', 'command', 'processes', '% of one core'], ...rows, ['total', '', '', '', pct(idleTotal(s.cpu))]]),
  ].join('\n');
}

function appsLine(a: Distribution): string {
  return `${plural(a.apps, 'app')} (largest ${int(a.largest)}, median ${int(a.median)}, smallest ${int(a.smallest)})`;
}

export function printStep(index: number, of: number, s: StepResult, settings: RunSettings): void {
  console.log(`\n=== step ${index + 1}/${of}: ${int(s.shares)} shares over ${appsLine(s.apps)}; ${int(s.consents)} consents with ${int(s.transactions)} transactions`);
  console.log([seedingLines(s, settings), loadTable(s, settings), serialTable(s, settings), cpuTable(s, settings)].join('\n\n'));
}

function summaryTable(steps: StepResult[]): string {
  return table([
    ['step', 'shares', 'apps', 'consents', 'transactions', 'edge req/s', 'vs bare', 'edge p99', 'direct vs bare', 'tx p50', 'seq p50', 'shares p50', 'consents p50', 'POST req/s', 'idle'],
    ...steps.map((s, i) => [
      String(i + 1),
      int(s.shares),
      int(s.apps.apps),
      int(s.consents),
      int(s.transactions),
      int(s.get.edge.rps),
      ratio(s.get.edge, s.get.bare).toFixed(2),
      ms(s.get.edge.p99),
      ratio(s.get.direct, s.get.bare).toFixed(2),
      ms(s.serial.transactions.p50),
      ms(s.serial.sequencing.p50),
      ms(s.serial.shares.p50),
      ms(s.serial.consents.p50),
      int(postRps(s)),
      pct(idleTotal(s.cpu)),
    ]),
  ]);
}

/** Cost of each figure at the last step over the first: latencies as they are, throughputs inverted. */
function flatness(first: StepResult, last: StepResult): string[][] {
  const costs: Array<[string, (s: StepResult) => number]> = [
    ['GET /shares/{id} through the edge, 1 / req/s', (s) => 1 / s.get.edge.rps],
    ['GET /shares/{id} through the edge, p99', (s) => s.get.edge.p99],
    ['GET /shares/{id} on the service, 1 / req/s', (s) => 1 / s.get.direct.rps],
    ['GET /accounts/{id}/transactions, p50', (s) => s.serial.transactions.p50],
    ['GET /accounts/{id}/transactions, p99', (s) => s.serial.transactions.p99],
    ['GET /consents/{id}/sequencing, p50', (s) => s.serial.sequencing.p50],
    ['GET /consents/{id}/sequencing, p99', (s) => s.serial.sequencing.p99],
    ['GET /shares, p50', (s) => s.serial.shares.p50],
    ['GET /consents, p50 per consent listed', perConsent],
    ['POST /shares, 1 / req/s', (s) => 1 / postRps(s)],
  ];
  return costs.map(([name, cost]) => {
    const factor = cost(last) / cost(first);
    return [`  ${name}`, `${factor.toFixed(2)}x`, verdict(factor <= TARGETS.flatFactor)];
  });
}

export function printSummary(steps: StepResult[]): void {
  const first = steps[0]!;
  const last = steps[steps.length - 1]!;
  const edgeShare = ratio(last.get.edge, last.get.bare);
  const baseline = last.get.baselineEdge;
  const idle = idleTotal(last.cpu);
  console.log('\n=== summary');
  console.log(summaryTable(steps));
  console.log(`\ntargets (stated for 100,000 shares and 140,000 transactions; this run's last step: ${int(last.shares)} shares, ${int(last.transactions)} transactions)`);
  const rows: string[][] = [
    ['GET /shares/{id} through the edge >= 30% of bare express req/s', `${(100 * edgeShare).toFixed(1)}%`, verdict(edgeShare >= TARGETS.edgeShareOfBare)],
    ['GET /shares/{id} through the edge p99 <= 50 ms', `${ms(last.get.edge.p99)} ms`, verdict(last.get.edge.p99 <= TARGETS.edgeP99Ms)],
    ['GET /accounts/{id}/transactions p50 <= 20 ms', `${ms(last.serial.transactions.p50)} ms`, verdict(last.serial.transactions.p50 <= TARGETS.transactionsP50Ms)],
    ['GET /consents/{id}/sequencing p50 <= 20 ms', `${ms(last.serial.sequencing.p50)} ms`, verdict(last.serial.sequencing.p50 <= TARGETS.sequencingP50Ms)],
    ['idle stack < 5% of one core in total', pct(idle), verdict(idle < TARGETS.idlePercent)],
  ];
  if (baseline) rows.push(['  (the baseline edge, for comparison)', `${(100 * ratio(baseline, last.get.bare)).toFixed(1)}%, p99 ${ms(baseline.p99)} ms`, '']);
  if (steps.length > 1) rows.push([`cost flat: last step / first step <= ${TARGETS.flatFactor}x`, '', ''], ...flatness(first, last));
  console.log(table(rows));
}

/**
 * The scaled-out run beside the single-instance one, step by step, the same load on both: throughput and p99,
 * and the ratio scaled / single (above 1: the scaled-out stack did more, or took longer for a p99). The two runs
 * follow each other, so a machine shared with other work may give them different capacity: the shares of bare
 * express (measured in each run) compare them on what the machine gave each.
 */
export function printScaleOut(steps: ReadonlyArray<{ shares: number; consents: number }>, single: StepResult[], scaled: StepResult[]): void {
  console.log('\n=== scale-out: two instances of each service behind the edge and a Kafka cluster of three, against one of each (same steps, same load)');
  const figures: Array<[string, (s: StepResult) => number, (n: number) => string]> = [
    ['GET /shares/{id} through the edge, req/s', (s) => s.get.edge.rps, int],
    ['GET /shares/{id} through the edge, p99 ms', (s) => s.get.edge.p99, ms],
    ['GET /shares/{id} through the edge, share of bare express', (s) => ratio(s.get.edge, s.get.bare), (n) => n.toFixed(2)],
    ['GET /shares/{id} on one share instance, req/s', (s) => s.get.direct.rps, int],
    ['GET /shares/{id} on one share instance, p99 ms', (s) => s.get.direct.p99, ms],
    ['GET /shares/{id} on one share instance, share of bare express', (s) => ratio(s.get.direct, s.get.bare), (n) => n.toFixed(2)],
    ['bare express, req/s (what the machine gave that run)', (s) => s.get.bare.rps, int],
    ['POST /shares (seeding, through the edge), req/s', postRps, int],
    ['consents approved and Updated, per s', (s) => s.seededConsents.count / s.seededConsents.seconds, (n) => n.toFixed(2)],
    ['GET /accounts/{id}/transactions serial, p99 ms', (s) => s.serial.transactions.p99, ms],
    ['GET /shares serial, p99 ms', (s) => s.serial.shares.p99, ms],
    ['idle CPU, % of one core', (s) => idleTotal(s.cpu), (n) => pct(n)],
  ];
  for (const [i, step] of steps.entries()) {
    const one = single[i];
    const two = scaled[i];
    if (!one || !two) continue;
    console.log(`\nstep ${i + 1}: ${int(step.shares)} shares, ${int(step.consents)} consents`);
    console.log(table([['figure', 'single', 'scaled out', 'scaled / single'], ...figures.map(([name, figure, format]) => [name, format(figure(one)), format(figure(two)), (figure(two) / figure(one)).toFixed(2)])]));
  }
}
