import { createLogger } from '@obp/telemetry';
import { recordedMetrics, uniqueName, waitFor } from '@obp/testkit';
import { JobRunner, type JobSource } from './job-runner';
import type { JobQueueView } from './job-metrics';

interface Job {
  id: string;
  /** Failed attempts before this run. */
  failures: number;
  /** What the run does: resolve with an outcome (or nothing), or throw. */
  ends: 'completed' | 'nothing' | 'throws';
}

/** Jobs in memory, each run once; the queue view is what the last `due` read (`waiting` stands for jobs not due yet). */
class ListedJobs implements JobSource<Job> {
  private view: JobQueueView = { depth: 0, oldestCreatedAt: null };
  readonly ran: string[] = [];

  constructor(
    private readonly jobs: Job[],
    private readonly waiting: { count: number; oldestCreatedAt: Date },
  ) {}

  async due(_now: Date, limit: number): Promise<Job[]> {
    const left = this.jobs.filter((job) => !this.ran.includes(job.id));
    this.view = { depth: left.length + this.waiting.count, oldestCreatedAt: this.waiting.oldestCreatedAt };
    return left.slice(0, limit);
  }

  key(job: Job): string {
    return job.id;
  }

  async run(job: Job): Promise<string | void> {
    this.ran.push(job.id);
    if (job.ends === 'throws') throw new Error('the job failed');
    return job.ends === 'completed' ? 'completed' : undefined;
  }

  attemptOf(job: Job): number {
    return job.failures + 1;
  }

  queueView(): JobQueueView {
    return this.view;
  }
}

const pointsOf = async (name: string, runner: string) => (await recordedMetrics()).find((m) => m.descriptor.name === name)?.dataPoints.filter((p) => p.attributes['job.runner'] === runner) ?? [];

describe('job metrics', () => {
  it('counts runs by outcome, records which attempt each was, and reports the queue its source last read', async () => {
    const name = uniqueName('metered jobs');
    const source = new ListedJobs(
      [
        { id: 'a', failures: 0, ends: 'completed' },
        { id: 'b', failures: 2, ends: 'completed' },
        { id: 'c', failures: 0, ends: 'nothing' },
        { id: 'd', failures: 4, ends: 'throws' },
      ],
      { count: 3, oldestCreatedAt: new Date(Date.now() - 120_000) },
    );
    const runner = new JobRunner<Job>({ name, logger: createLogger('test', 'silent'), source, concurrency: 4, pollIntervalMs: 3_600_000, failedPassBackoff: { baseMs: 3_600_000, maxMs: 3_600_000 } });
    runner.start();
    try {
      await waitFor(() => source.ran.length === 4, { what: 'every job to run' });
      const runs = await waitFor(async () => {
        const points = await pointsOf('job.runs', name);
        return points.reduce((sum, p) => sum + Number(p.value), 0) === 4 ? points : undefined;
      }, { what: 'four runs to be counted' });
      const count = (outcome: string) => runs.find((p) => p.attributes.outcome === outcome)?.value;
      expect([count('completed'), count('succeeded'), count('failed')]).toEqual([2, 1, 1]);

      const [attempts] = await pointsOf('job.attempts', name);
      expect(attempts?.value).toMatchObject({ count: 4, sum: 1 + 3 + 1 + 5, min: 1, max: 5 });

      // Every job ran, so the look after them found only the ones not due yet.
      await waitFor(async () => (await pointsOf('job.queue.depth', name))[0]?.value === 3, { what: 'the queue depth of the last look' });
      const [age] = await pointsOf('job.queue.oldest_age', name);
      expect(Number(age?.value)).toBeGreaterThanOrEqual(120);
    } finally {
      await runner.stop();
    }
  });
});
