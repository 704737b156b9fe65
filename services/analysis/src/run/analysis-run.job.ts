import { setTimeout as delay } from 'node:timers/promises';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFromHeaders, type OutboxEntry } from '@obp/bus';
import { analysisResultSchema, z, type AnalysisResult } from '@obp/contracts';
import type { FeedbackRule } from '@obp/categorisation';
import { DueBacklog, type ClaimLedger, type JobContext, type JobQueueView, type JobSource } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import { awaitData, claimRun, completeJob, failJob, holdsRun, isRunDue, renewLease, retryLater, runDueAt, waitEndsAt, type AnalysisJob, type JobFailure, type JobScope } from '../domain/analysis-job';
import type { AnalysisInput } from '../domain/engine/analyse';
import type { AnalysisJobEvents, AnalysisJobStore } from '../infrastructure/analysis-job-store';
import type { AnalysisResults } from '../infrastructure/analysis-results';
import type { ErasedIds } from '@obp/db';
import type { FeedbackRules } from '../infrastructure/feedback-rules';
import type { AnalysisMetrics, RunOutcome } from './analysis-metrics';
import type { InputResolver, Resolution } from './resolve-input';

const claimKey = (jobId: string) => `analysis-job:${jobId}`;
/** A job waiting for what it names to reach this service looks again this often (the wait lasts seconds). */
const VISIBILITY_RECHECK_MS = 1_000;
const tracer = trace.getTracer('@obp/analysis');

export type Analyse = (input: AnalysisInput) => AnalysisResult;

export interface AnalysisRunOptions {
  jobs: AnalysisJobStore;
  events: AnalysisJobEvents;
  results: AnalysisResults;
  erased: ErasedIds;
  resolver: InputResolver;
  /** The apps' accepted categorization feedback, applied by e1. */
  feedbackRules: FeedbackRules;
  claims: ClaimLedger;
  metrics: AnalysisMetrics;
  logger: Logger;
  analyse: Analyse;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  dataWaitMs: number;
  waitRecheckMs: number;
  /** How long after its creation a job waits for a consent, account or share it names to reach this service; it looks again every second meanwhile. */
  visibilityWaitMs: number;
  /** Tests only: a run waits this long before it computes. */
  testDelayMs: number;
  /** A job became Completed or Failed: the jobs waiting for it can run. */
  onFinished(jobId: string): Promise<void>;
}

type Outcome = { kind: RunOutcome; code?: string } | null;

/**
 * Analysis jobs as jobs of the job runner. A job is claimed exclusively (its lease and epoch written in
 * the job, then that epoch's unique claim), so a crash anywhere leaves a lease that lapses and the job
 * is run again by whichever process claims it next. Its result is stored once (the first stored stays)
 * and its completion is written only by the run that holds the claim, so it completes once, with one
 * `analysis-job.completed`. A transient failure (store or broker down) puts it back in the queue with a
 * back-off; only an input that names nothing readable, erased data, or an engine fault fails it.
 */
export class AnalysisRunJobs implements JobSource<AnalysisJob> {
  private readonly backlog: DueBacklog<AnalysisJob>;

  constructor(private readonly options: AnalysisRunOptions) {
    this.backlog = new DueBacklog({
      readPending: () => options.jobs.findMany({ runPending: true }),
      isDue: isRunDue,
      dueAt: (job) => runDueAt(job.run!),
      createdAt: (job) => job.createdAt,
    });
  }

  due(now: Date, limit: number): Promise<AnalysisJob[]> {
    return this.backlog.due(now, limit);
  }

  /** The earliest job waiting out a back-off, a wait for data or a lease, as of the last look: the runner wakes for it. */
  nextDueAt(): Date | null {
    return this.backlog.nextDueAt();
  }

  key(job: AnalysisJob): string {
    return job.id;
  }

  attemptOf(job: AnalysisJob): number {
    return (job.run?.failures ?? 0) + 1;
  }

  queueView(): JobQueueView {
    return this.backlog.queueView();
  }

  /**
   * The lease and its epoch are written first (so a crash at any point leaves a lease that lapses and
   * a next epoch to claim), then the epoch's unique claim decides between processes that both wrote
   * it: only the one whose insert wins runs the job.
   */
  async claim(candidate: AnalysisJob, now: Date): Promise<AnalysisJob | null> {
    if (!candidate.run) return null;
    const epoch = candidate.run.claims + 1;
    const leased = await this.options.jobs.mutate(candidate.id, (current) => {
      if (!current.run || current.run.claims + 1 !== epoch || !isRunDue(current, now)) return { result: null };
      const next = claimRun(current, now, this.options.leaseMs, epoch);
      return { next, result: next };
    });
    if (!leased.found || !leased.result) return null;
    return (await this.options.claims.claim(claimKey(candidate.id), epoch, now)) ? leased.result : null;
  }

  async renew(job: AnalysisJob, now: Date): Promise<boolean> {
    const outcome = await this.options.jobs.mutate(job.id, (current) =>
      holdsRun(current, job.run!.claims) ? { next: renewLease(current, now, this.options.leaseMs), result: true } : { result: false },
    );
    return outcome.found && outcome.result;
  }

  /** Runs a claimed job, continuing the trace of the request that created it; its outcome, or `stopped` (stopping, taken over, or the job lost meanwhile). */
  async run(job: AnalysisJob, { signal }: JobContext): Promise<string> {
    return tracer.startActiveSpan(
      'analysis job',
      { kind: SpanKind.INTERNAL, attributes: { 'obp.analysis_job.id': job.id, 'obp.analysis.engine': job.engine } },
      contextFromHeaders(job.run?.trace),
      async (span) => {
        const started = Date.now();
        const ran = (outcome: Outcome): string => {
          if (!outcome) return 'stopped';
          this.options.metrics.ran(outcome.kind, { engine: job.engine, code: outcome.code }, Date.now() - started, job.createdAt);
          return outcome.kind;
        };
        try {
          return ran(await this.attempt(job, signal));
        } catch (error) {
          if (signal.aborted) return 'stopped'; // stopping or taken over: the lease runs out and the job is run again
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          return ran(await this.retryLater(job, error as Error));
        } finally {
          span.end();
        }
      },
    );
  }

  /** One run; null when it stopped (stopping, or the job was taken over) or lost the job meanwhile. */
  private async attempt(claimed: AnalysisJob, signal: AbortSignal): Promise<Outcome> {
    if (this.options.testDelayMs > 0) await delay(this.options.testDelayMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return null;
    // A run that stored the result and then stopped: only its completion is left to do.
    const stored = await this.options.results.scopeOf(claimed.id);
    if (stored) return this.complete(claimed, stored);

    const now = Date.now();
    const resolution = await this.options.resolver.resolve(claimed, {
      mayWait: now < waitEndsAt(claimed, this.options.dataWaitMs).getTime(),
      mayAwaitVisibility: now < waitEndsAt(claimed, this.options.visibilityWaitMs).getTime(),
    });
    if (signal.aborted) return null;
    if (resolution.kind === 'wait') return this.awaitData(claimed, resolution);
    if (resolution.kind === 'failed') return this.fail(claimed, resolution.failure);

    // Rules accepted by the job's creation, so a run after a crash or a wait applies the same ones.
    const rules = claimed.engine === 'e1' ? await this.options.feedbackRules.rulesFor(claimed.ownerClientId, claimed.createdAt) : [];
    if (signal.aborted) return null;
    let result: AnalysisResult;
    try {
      result = this.compute(claimed, resolution, rules);
    } catch (error) {
      this.options.logger.error({ err: error, jobId: claimed.id }, 'the analysis engine failed');
      return this.fail(claimed, { code: 'InternalError', message: 'The analysis engine failed on this input (the error is logged for the operators).' });
    }
    if (signal.aborted) return null;
    return this.complete(claimed, await this.options.results.storeOnce(claimed.id, resolution.scope, result, new Date()));
  }

  /** The engine's result, which must be what the API documents (a result that is not is an engine fault). */
  private compute(job: AnalysisJob, ready: Extract<Resolution, { kind: 'ready' }>, feedbackRules: FeedbackRule[]): AnalysisResult {
    const result = this.options.analyse({
      jobId: job.id,
      engine: job.engine,
      profile: job.profile,
      countryCode: job.countryCode,
      kvkNumber: job.kvkNumber,
      consentIds: ready.scope.consentIds,
      accountIds: ready.scope.accountIds,
      transactions: ready.transactions,
      ownIbans: ready.ownIbans,
      internalIbans: job.internalIbans,
      // The job's creation, not the run's time: a run after a crash or a wait computes the same window.
      asOf: job.createdAt,
      feedbackRules,
    });
    const checked = analysisResultSchema.safeParse(result);
    if (!checked.success) throw new Error(`the engine's result does not fit AnalysisResult: ${z.prettifyError(checked.error)}`);
    return result;
  }

  /**
   * Completes the job with the stored result; when a consent of it was erased meanwhile (its tombstone
   * is written before the erasure deletes results), the result goes and the job fails instead.
   */
  private async complete(claimed: AnalysisJob, scope: JobScope): Promise<Outcome> {
    if ((await this.options.erased.erasedAmong(scope.consentIds)).size > 0) {
      await this.options.results.delete(claimed.id);
      return this.fail(claimed, { code: 'ConsentDeleted', message: 'A consent of the input was erased while the job ran.' });
    }
    const done = await this.finish(claimed, (current, now) => {
      const next = completeJob(current, scope, now);
      return { next, events: [this.options.events.completed(next)] };
    });
    return done ? { kind: 'completed' } : null;
  }

  private async fail(claimed: AnalysisJob, failure: JobFailure): Promise<Outcome> {
    const done = await this.finish(claimed, (current, now) => {
      const next = failJob(current, failure, now);
      return { next, events: this.options.events.failed(next) };
    });
    if (done) this.options.logger.info({ jobId: claimed.id, code: failure.code }, 'analysis job failed');
    return done ? { kind: 'failed', code: failure.code } : null;
  }

  /**
   * The end of a job, written only by the run that still holds it; its event in the same write. What
   * follows the write cannot undo it, so its failure is only logged: the claim is left to its lease, and
   * jobs waiting for this one run at their next look.
   */
  private async finish(claimed: AnalysisJob, decide: (current: AnalysisJob, now: Date) => { next: AnalysisJob; events: OutboxEntry[] }): Promise<boolean> {
    const outcome = await this.options.jobs.mutate(claimed.id, (current) => (holdsRun(current, claimed.run!.claims) ? { ...decide(current, new Date()), result: true } : { result: false }));
    if (!outcome.found || !outcome.result) return false;
    try {
      await this.options.claims.release(claimKey(claimed.id));
      await this.options.onFinished(claimed.id);
    } catch (error) {
      this.options.logger.warn({ err: error, jobId: claimed.id }, 'an analysis job ended, but waking the jobs waiting for it failed; they run at their next look');
    }
    return true;
  }

  private async awaitData(claimed: AnalysisJob, wait: Extract<Resolution, { kind: 'wait' }>): Promise<Outcome> {
    const timing =
      wait.for === 'data'
        ? { dataWaitMs: this.options.dataWaitMs, recheckMs: this.options.waitRecheckMs }
        : { dataWaitMs: this.options.visibilityWaitMs, recheckMs: Math.min(VISIBILITY_RECHECK_MS, this.options.waitRecheckMs) };
    const outcome = await this.options.jobs.mutate(claimed.id, (current) =>
      holdsRun(current, claimed.run!.claims) ? { next: awaitData(current, wait.waitingFor, new Date(), timing), result: true } : { result: false },
    );
    return outcome.found && outcome.result ? { kind: 'waiting' } : null;
  }

  private async retryLater(claimed: AnalysisJob, error: Error): Promise<Outcome> {
    const backoff = { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs };
    const outcome = await this.options.jobs.mutate(claimed.id, (current) =>
      holdsRun(current, claimed.run!.claims) ? { next: retryLater(current, new Date(), backoff), result: current.run!.failures + 1 } : { result: null },
    );
    if (!outcome.found || outcome.result === null) return null;
    this.options.logger.warn({ err: error, jobId: claimed.id, failures: outcome.result }, 'analysis job run failed; it runs again after a back-off');
    return { kind: 'retried' };
  }
}
