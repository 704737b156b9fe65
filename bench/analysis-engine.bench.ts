/**
 * Speed of the analysis engine (services/analysis/src/domain/engine): time per job of `analyse` on sandbox
 * bank histories of 700 and 5,000 transactions, engines e1 and z2, median and p95. e1 is timed twice: with
 * the real categoriser (@obp/categorisation), and with a stand-in that returns the sandbox's labels (the
 * engine without the categoriser's cost). The histories are the most recent n transactions of one or more
 * retail households (a job over several consents), generated before anything is timed. One thread.
 * Target: a 700-transaction job well under 50 ms (the job end-to-end target is p50 ≤ 300 ms).
 * Run: npx tsx bench/analysis-engine.bench.ts
 */
import os from 'node:os';
import { categorise } from '@obp/categorisation';
import { sandboxTransactionDto } from '@obp/categorisation-eval';
import type { TransactionDto } from '@obp/contracts';
import { generateLabelledSandboxData, type SandboxTransactionLabel } from '@obp/sandbox-bank';
import { analyse, ANALYSIS_ENGINE_VERSIONS, type AnalysisDependencies, type AnalysisInput } from '@obp/analysis/src/domain/engine/analyse';

const AS_OF = new Date('2026-06-30T12:00:00Z');
const SIZES = [700, 5_000];
/** Jobs per size and timed runs per job. */
const PLAN: Record<number, { jobs: number; runs: number }> = { 700: { jobs: 30, runs: 5 }, 5_000: { jobs: 8, runs: 3 } };

interface Job {
  input: AnalysisInput;
  labels: Map<string, SandboxTransactionLabel>;
}

/** The most recent n transactions of as many households (13 months each) as it takes, labelled. */
function jobOfSize(n: number, seed: number): Job {
  const transactions: TransactionDto[] = [];
  const ownIbans: string[] = [];
  const labels = new Map<string, SandboxTransactionLabel>();
  for (let household = 0; transactions.length < n; household++) {
    const data = generateLabelledSandboxData({ seed: `bench-${seed}-${household}`, profile: 'retail', asOf: AS_OF, months: 13 });
    ownIbans.push(...data.accounts.map((a) => a.iban));
    for (const t of data.transactions) {
      const transaction = sandboxTransactionDto(t);
      labels.set(transaction.id, t.label);
      transactions.push(transaction);
    }
  }
  transactions.sort((a, b) => (a.bookingDate < b.bookingDate ? 1 : a.bookingDate > b.bookingDate ? -1 : 0));
  const input: AnalysisInput = {
    jobId: `00000000-0000-4000-8000-${String(seed).padStart(12, '0')}`,
    engine: 'e1',
    profile: 'retail',
    countryCode: 'nl',
    kvkNumber: null,
    consentIds: [],
    accountIds: [],
    transactions: transactions.slice(0, n),
    ownIbans,
    internalIbans: [],
    asOf: AS_OF,
  };
  return { input, labels };
}

/** The categoriser stand-in: the sandbox's true labels (the cost of a map look-up per transaction). */
function labelCategoriser(labels: Map<string, SandboxTransactionLabel>): typeof categorise {
  return (transactions) =>
    transactions.map((t) => {
      const label = labels.get(t.id);
      return { transactionId: t.id, category: label?.category ?? 'expenses.other', flags: label ? [...label.flags] : [], confidence: 1, source: 'rule:label' };
    });
}

type Variant = 'e1' | 'e1 (label stand-in)' | 'z2';
const VARIANTS: Variant[] = ['e1', 'e1 (label stand-in)', 'z2'];

function run(job: Job, variant: Variant): number {
  const deps: AnalysisDependencies = variant === 'e1 (label stand-in)' ? { categorise: labelCategoriser(job.labels) } : {};
  const started = performance.now();
  analyse({ ...job.input, engine: variant === 'z2' ? 'z2' : 'e1' }, deps);
  return performance.now() - started;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function main(): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `analysis engine speed — e1 ${ANALYSIS_ENGINE_VERSIONS.e1}, z2 ${ANALYSIS_ENGINE_VERSIONS.z2}, node ${process.version}, ${cpu}, load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
  );
  const jobs = new Map(SIZES.map((n) => [n, Array.from({ length: PLAN[n].jobs }, (_, i) => jobOfSize(n, n + i))]));

  // Warm-up, so that the JIT has compiled everything before anything is timed.
  for (let round = 0; round < 3; round++) for (const job of jobs.get(SIZES[0]) ?? []) for (const variant of VARIANTS) run(job, variant);

  console.log('');
  console.log('| engine | transactions | runs | median ms per job | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const n of SIZES) {
    for (const variant of VARIANTS) {
      const times: number[] = [];
      for (let r = 0; r < PLAN[n].runs; r++) for (const job of jobs.get(n) ?? []) times.push(run(job, variant));
      times.sort((a, b) => a - b);
      console.log(`| ${variant} | ${n} | ${times.length} | ${quantile(times, 0.5).toFixed(2)} | ${quantile(times, 0.95).toFixed(2)} |`);
    }
  }
}

main();
