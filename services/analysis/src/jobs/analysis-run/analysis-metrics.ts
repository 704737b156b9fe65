import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@obp/analysis');

export type RunOutcome = 'completed' | 'failed' | 'waiting' | 'retried';

/**
 * How long runs took and how long jobs took to finish, by outcome, engine and failure code, through the
 * OpenTelemetry metrics API (no-ops until a meter provider is registered). Runs by outcome and the queue
 * are the job runner's (`job.runs`, `job.queue.*` of `analysis jobs`); each histogram's count is the
 * runs of its outcome, engine and code.
 */
export class AnalysisMetrics {
  private readonly durations = meter.createHistogram('analysis.job.run.duration', { description: 'How long a run took, from its claim to its outcome', unit: 's' });
  private readonly latencies = meter.createHistogram('analysis.job.duration', { description: 'From a job’s creation to its end (Completed or Failed)', unit: 's' });

  ran(outcome: RunOutcome, attributes: { engine: string; code?: string }, runMs: number, createdAt: Date): void {
    const labels = { outcome, engine: attributes.engine, ...(attributes.code ? { code: attributes.code } : {}) };
    this.durations.record(runMs / 1000, labels);
    if (outcome === 'completed' || outcome === 'failed') this.latencies.record((Date.now() - createdAt.getTime()) / 1000, labels);
  }
}
