/**
 * One analysis-job load run in a process of its own: submits e1 jobs on one consent each through the
 * edge and follows each until it is Completed, either at a fixed rate (`open`: a job every 1/rate s,
 * whatever is still running) or with a number of submitters that each wait for their job (`closed`).
 * Completion is seen by polling GET /analysis-jobs/{id} every `pollMs`, but timed by the job's own
 * completedAt against the wall-clock instant the POST was sent (one machine, one clock): the poll's
 * interval adds nothing to the figure, and a slow poll keeps the reads from loading what is measured.
 * Usage: node --require tsx/cjs bench/analysis-load.ts <file holding the JobLoadSpec as JSON>
 * Prints the JobLoadSummary as one JSON line.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface JobLoadSpec {
  origin: string;
  token: string;
  consentIds: string[];
  mode: 'open' | 'closed';
  /** open: jobs submitted per second. */
  rate?: number;
  /** closed: submitters, each waiting for its job before the next. */
  concurrency?: number;
  seconds: number;
  pollMs: number;
  /** A job not Completed this long after its POST counts as timed out. */
  timeoutMs: number;
}

export interface JobLoadSummary {
  submitted: number;
  completed: number;
  failed: number;
  timedOut: number;
  /** POST sent to the job's completedAt, ms, per completed job. */
  clientMs: number[];
  /** completedAt - createdAt of the job, ms. */
  serviceMs: number[];
  /** From the first POST to the last job seen Completed, s. */
  spanSeconds: number;
}

interface JobView {
  status: string;
  createdAt: string;
  completedAt: string | null;
}

async function submitAndFollow(spec: JobLoadSpec, consentId: string, into: JobLoadSummary, lastDone: { at: number }): Promise<void> {
  const headers = { authorization: `Bearer ${spec.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ Reference: 'bench', Engine: 'e1', Profile: 'retail', CountryCode: 'nl', Input: { consentIds: [consentId] } });
  const started = performance.now();
  const sentAt = Date.now();
  into.submitted++;
  const created = await fetch(`${spec.origin}/analysis-jobs`, { method: 'POST', headers, body });
  if (created.status !== 201) {
    into.failed++;
    await created.arrayBuffer();
    return;
  }
  const { id } = (await created.json()) as { id: string };
  while (performance.now() - started < spec.timeoutMs) {
    const res = await fetch(`${spec.origin}/analysis-jobs/${id}`, { headers: { authorization: headers.authorization } });
    const job = res.status === 200 ? ((await res.json()) as { data: JobView }).data : (await res.arrayBuffer(), null);
    if (job?.status === 'Completed') {
      into.completed++;
      const completedAt = new Date(job.completedAt!).getTime();
      into.clientMs.push(completedAt - sentAt);
      into.serviceMs.push(completedAt - new Date(job.createdAt).getTime());
      lastDone.at = Math.max(lastDone.at, started + (completedAt - sentAt));
      return;
    }
    if (job?.status === 'Failed') {
      into.failed++;
      return;
    }
    await sleep(spec.pollMs);
  }
  into.timedOut++;
}

async function run(spec: JobLoadSpec): Promise<JobLoadSummary> {
  const summary: JobLoadSummary = { submitted: 0, completed: 0, failed: 0, timedOut: 0, clientMs: [], serviceMs: [], spanSeconds: 0 };
  const pick = () => spec.consentIds[Math.floor(Math.random() * spec.consentIds.length)]!;
  const started = performance.now();
  const lastDone = { at: started };
  const until = started + spec.seconds * 1000;
  const running: Array<Promise<void>> = [];
  if (spec.mode === 'open') {
    const gapMs = 1000 / spec.rate!;
    for (let n = 0; started + n * gapMs < until; n++) {
      const due = started + n * gapMs;
      if (due > performance.now()) await sleep(due - performance.now());
      running.push(submitAndFollow(spec, pick(), summary, lastDone));
    }
  } else {
    for (let i = 0; i < spec.concurrency!; i++) {
      running.push(
        (async () => {
          while (performance.now() < until) await submitAndFollow(spec, pick(), summary, lastDone);
        })(),
      );
    }
  }
  await Promise.all(running);
  summary.spanSeconds = (lastDone.at - started) / 1000;
  return summary;
}

const specFile = process.argv[2];
if (!specFile) throw new Error('usage: analysis-load.ts <file holding a JobLoadSpec as JSON>');
run(JSON.parse(readFileSync(specFile, 'utf8')) as JobLoadSpec)
  .then((summary) => process.stdout.write(`${JSON.stringify(summary)}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
