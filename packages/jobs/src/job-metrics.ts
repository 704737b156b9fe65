import { metrics, type BatchObservableCallback } from '@opentelemetry/api';

/** The runner's name on every series of the job metrics (`job_runner` in Prometheus). */
const RUNNER = 'job.runner';

/** The queue of a runner's jobs as its source last read it. */
export interface JobQueueView {
  /** Jobs waiting, due or not. */
  depth: number;
  /** When the oldest waiting job was created; null when none waits. */
  oldestCreatedAt: Date | null;
}

/**
 * One runner's metrics: `job.runs` by outcome, `job.attempts` (which attempt of its job each run was),
 * and, when its source keeps a view of its queue, `job.queue.depth` and `job.queue.oldest_age`, read
 * from that view only when the metrics are collected.
 */
export class JobMetrics {
  private readonly meter = metrics.getMeter('@obp/jobs');
  private readonly runs = this.meter.createCounter('job.runs', { description: 'Runs of jobs by runner and outcome (the job’s own outcome, or succeeded/failed)', unit: '{run}' });
  private readonly attempts = this.meter.createHistogram('job.attempts', {
    description: 'Which attempt of its job each run was (1: the first), by runner',
    unit: '{attempt}',
    advice: { explicitBucketBoundaries: [1, 2, 3, 5, 10, 20] },
  });
  private readonly depth = this.meter.createObservableGauge('job.queue.depth', { description: 'Jobs waiting (due or not), as the runner’s last read of its queue saw them', unit: '{job}' });
  private readonly oldestAge = this.meter.createObservableGauge('job.queue.oldest_age', { description: 'Age of the oldest job waiting, as of the runner’s last read of its queue', unit: 's' });
  private readonly attributes: { [RUNNER]: string };
  private observing: BatchObservableCallback | undefined;

  constructor(
    runner: string,
    private readonly queue?: () => JobQueueView,
  ) {
    this.attributes = { [RUNNER]: runner };
  }

  /** A run ended with `outcome`; `attempt` is which attempt of its job it was, when the source counts them. */
  ran(outcome: string, attempt: number | undefined): void {
    this.runs.add(1, { ...this.attributes, outcome });
    if (attempt !== undefined) this.attempts.record(attempt, this.attributes);
  }

  /** Reports the queue from now on (while the runner runs). */
  observeQueue(): void {
    const queue = this.queue;
    if (!queue || this.observing) return;
    this.observing = (result) => {
      const { depth, oldestCreatedAt } = queue();
      result.observe(this.depth, depth, this.attributes);
      result.observe(this.oldestAge, oldestCreatedAt ? Math.max(0, (Date.now() - oldestCreatedAt.getTime()) / 1000) : 0, this.attributes);
    };
    this.meter.addBatchObservableCallback(this.observing, [this.depth, this.oldestAge]);
  }

  stopObserving(): void {
    if (!this.observing) return;
    this.meter.removeBatchObservableCallback(this.observing, [this.depth, this.oldestAge]);
    this.observing = undefined;
  }
}
