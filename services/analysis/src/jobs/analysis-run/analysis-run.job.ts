import { setTimeout as delay } from 'node:timers/promises';
import { analysisResultSchema, z, type AnalysisResult } from '@obp/contracts';
import type { FeedbackRule } from '@obp/categorisation';
import { LeasedJobs, type ClaimLedger, type JobChange, type LeasedJobContext } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import { awaitData, claimRun, completeJob, failJob, renewLease, retryLater, waitEndsAt, type AnalysisJob, type JobFailure, type JobScope } from '../../domain/analysis-job';
import type { AnalysisInput } from '../../domain/engine/analyse';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisResults } from '../../infrastructure/analysis-results';
import type { ErasedIds } from '@obp/db';
import type { FeedbackRules } from '../../infrastructure/feedback-rules';
import type { AnalysisMetrics, RunOutcome } from './analysis-metrics';
import type { InputResolver, Resolution } from './resolve-input';

/** A job waiting for what it names to reach this service looks again this often (the wait lasts seconds). */
const VISIBILITY_RECHECK_MS = 1_000;

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
 * Analysis jobs as leased jobs (`LeasedJobs`): the lease is the job's pending run, so a crash anywhere
 * leaves a lease that lapses and the job is run again by whichever process claims it next. Its result is
 * stored once (the first stored stays) and its completion is written only by the run that holds the
 * claim, so it completes once, with one `analysis-job.completed`. A transient failure (store or broker
 * down) puts it back in the queue with a back-off, never given up; only an input that names nothing
 * readable, erased data, or an engine fault fails it. Claimed once, the job is Running for good: a wait or a
 * retry keeps it in the queue without moving its status back.
 */
export class AnalysisRunJobs extends LeasedJobs<AnalysisJob> {
  constructor(options: AnalysisRunOptions) {
    const backoff = { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs };
    super({
      claimKey: 'analysis-job',
      store: options.jobs,
      claims: options.claims,
      logger: options.logger,
      leaseMs: options.leaseMs,
      readPending: () => options.jobs.findMany({ runPending: true }),
      lease: {
        read: ({ run, createdAt }) => run && { claims: run.claims, leaseUntil: run.leaseUntil, notBefore: run.notBefore, requestedAt: createdAt, failures: run.failures, trace: run.trace },
        take: (current, { epoch, now, leaseMs }) => ({ next: claimRun(current, now, leaseMs, epoch) }),
        extend: renewLease,
      },
      span: { name: 'analysis job', attributes: (job) => ({ 'obp.analysis_job.id': job.id, 'obp.analysis.engine': job.engine }) },
      work: async (job, context) => {
        const started = Date.now();
        const outcome = await new AnalysisRun(options, job, context).attempt();
        if (!outcome) return 'stopped';
        options.metrics.ran(outcome.kind, { engine: job.engine, code: outcome.code }, Date.now() - started, job.createdAt);
        return outcome.kind;
      },
      retry: {
        outcome: 'retried',
        after: (current, _error, now) => ({ next: retryLater(current, now, backoff) }),
        recorded: (job, _error, runMs) => options.metrics.ran('retried', { engine: job.engine }, runMs, job.createdAt),
      },
    });
  }
}

/** One run of a claimed job. */
class AnalysisRun {
  constructor(
    private readonly options: AnalysisRunOptions,
    private readonly claimed: AnalysisJob,
    private readonly context: LeasedJobContext<AnalysisJob>,
  ) {}

  /** Null when it stopped (stopping, or the job was taken over) or lost the job meanwhile. */
  async attempt(): Promise<Outcome> {
    const { claimed } = this;
    const { signal } = this.context;
    if (this.options.testDelayMs > 0) await delay(this.options.testDelayMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return null;
    // A run that stored the result and then stopped: only its completion is left to do.
    const stored = await this.options.results.scopeOf(claimed.id);
    if (stored) return this.complete(stored);

    const now = Date.now();
    const resolution = await this.options.resolver.resolve(claimed, {
      mayWait: now < waitEndsAt(claimed, this.options.dataWaitMs).getTime(),
      mayAwaitVisibility: now < waitEndsAt(claimed, this.options.visibilityWaitMs).getTime(),
      visibilityWaitMs: this.options.visibilityWaitMs,
      now: new Date(now),
    });
    if (signal.aborted) return null;
    if (resolution.kind === 'wait') return this.awaitData(resolution);
    if (resolution.kind === 'failed') return this.fail(resolution.failure);

    // Rules accepted by the job's creation, so a run after a crash or a wait applies the same ones.
    const rules = claimed.engine === 'e1' ? await this.options.feedbackRules.rulesFor(claimed.ownerClientId, claimed.createdAt) : [];
    if (signal.aborted) return null;
    let result: AnalysisResult;
    try {
      result = this.compute(resolution, rules);
    } catch (error) {
      this.options.logger.error({ err: error, jobId: claimed.id }, 'the analysis engine failed');
      return this.fail({ code: 'InternalError', message: 'The analysis engine failed on this input (the error is logged for the operators).' });
    }
    if (signal.aborted) return null;
    return this.complete(await this.options.results.storeOnce(claimed.id, resolution.scope, result, new Date()));
  }

  /** The engine's result, which must be what the API documents (a result that is not is an engine fault). */
  private compute(ready: Extract<Resolution, { kind: 'ready' }>, feedbackRules: FeedbackRule[]): AnalysisResult {
    const job = this.claimed;
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
  private async complete(scope: JobScope): Promise<Outcome> {
    if ((await this.options.erased.erasedAmong(scope.consentIds)).size > 0) {
      await this.options.results.delete(this.claimed.id);
      return this.fail({ code: 'ConsentDeleted', message: 'A consent of the input was erased while the job ran.' });
    }
    const done = await this.finish((current, now) => {
      const next = completeJob(current, scope, now);
      return { next, events: [this.options.events.completed(next)] };
    });
    return done ? { kind: 'completed' } : null;
  }

  private async fail(failure: JobFailure): Promise<Outcome> {
    const done = await this.finish((current, now) => {
      const next = failJob(current, failure, now);
      return { next, events: this.options.events.failed(next) };
    });
    if (done) this.options.logger.info({ jobId: this.claimed.id, code: failure.code }, 'analysis job failed');
    return done ? { kind: 'failed', code: failure.code } : null;
  }

  /**
   * The end of a job, written only by the run that still holds it; its event in the same write. What
   * follows the write cannot undo it, so its failure is only logged: jobs waiting for this one run at
   * their next look.
   */
  private async finish(decide: (current: AnalysisJob, now: Date) => JobChange<AnalysisJob>): Promise<boolean> {
    if (!(await this.context.finish(decide))) return false;
    try {
      await this.options.onFinished(this.claimed.id);
    } catch (error) {
      this.options.logger.warn({ err: error, jobId: this.claimed.id }, 'an analysis job ended, but waking the jobs waiting for it failed; they run at their next look');
    }
    return true;
  }

  private async awaitData(wait: Extract<Resolution, { kind: 'wait' }>): Promise<Outcome> {
    const timing =
      wait.for === 'data'
        ? { dataWaitMs: this.options.dataWaitMs, recheckMs: this.options.waitRecheckMs }
        : { dataWaitMs: this.options.visibilityWaitMs, recheckMs: Math.min(VISIBILITY_RECHECK_MS, this.options.waitRecheckMs) };
    const deferred = await this.context.update((current, now) => ({ next: awaitData(current, { ids: wait.waitingFor, reason: wait.reason }, now, timing) }));
    return deferred ? { kind: 'waiting' } : null;
  }
}
