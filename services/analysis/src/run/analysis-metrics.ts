import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@obp/analysis');

export type RunOutcome = 'completed' | 'failed' | 'waiting' | 'retried';

/**
 * Job outcomes, run durations and the queue as the runner's last read of it saw it, through the
 * OpenTelemetry metrics API (no-ops until a meter provider is registered): no query of their own.
 */
export class AnalysisMetrics {
  private readonly outcomes = meter.createCounter('analysis.job.runs', { description: 'Runs of analysis jobs by outcome (completed, failed, waiting, retried), engine and failure code' });
  private readonly durations = meter.createHistogram('analysis.job.run.duration', { description: 'How long a run took, from its claim to its outcome', unit: 's' });
  private readonly latencies = meter.createHistogram('analysis.job.duration', { description: 'From a job’s creation to its end (Completed or Failed)', unit: 's' });
  private queue = { depth: 0, oldestCreatedAt: null as Date | null };

  constructor() {
    meter.createObservableGauge('analysis.queue.depth', { description: 'Jobs not yet Completed or Failed' }).addCallback((result) => result.observe(this.queue.depth));
    meter
      .createObservableGauge('analysis.queue.oldest_age', { description: 'Age of the oldest job not yet Completed or Failed', unit: 's' })
      .addCallback((result) => result.observe(this.queue.oldestCreatedAt ? (Date.now() - this.queue.oldestCreatedAt.getTime()) / 1000 : 0));
  }

  ran(outcome: RunOutcome, attributes: { engine: string; code?: string }, runMs: number, createdAt: Date): void {
    const labels = { outcome, engine: attributes.engine, ...(attributes.code ? { code: attributes.code } : {}) };
    this.outcomes.add(1, labels);
    this.durations.record(runMs / 1000, labels);
    if (outcome === 'completed' || outcome === 'failed') this.latencies.record((Date.now() - createdAt.getTime()) / 1000, labels);
  }

  queueSeen(depth: number, oldestCreatedAt: Date | null): void {
    this.queue = { depth, oldestCreatedAt };
  }
}
