import type { Logger } from '@obp/telemetry';
import { JobMetrics, type JobQueueView } from './job-metrics';
import { backoffDelayMs } from './retry-policy';

export interface JobContext {
  /** Aborted when the runner stops or the job's lease could not be renewed. */
  signal: AbortSignal;
}

export interface JobSource<J> {
  /** Jobs due at `now`, at most `limit`, read through an index. */
  due(now: Date, limit: number): Promise<J[]>;
  /** A job's identity: a job already running here is not started twice. */
  key(job: J): string;
  /**
   * Takes the job for this worker before it runs (e.g. a lease decided by a unique-key insert);
   * null when another worker has it or it is not due any more. Without it every due job runs.
   */
  claim?(job: J, now: Date): Promise<J | null>;
  /** Runs the job; what it resolves with is the run's outcome in the metrics (`succeeded` when nothing; `failed` when it throws). */
  run(job: J, context: JobContext): Promise<string | void>;
  /** Renews the claim while the job runs; false when the job was taken away (the run is aborted). */
  renew?(job: J, now: Date): Promise<boolean>;
  /** When the earliest job not yet due falls due, as the last `due` saw it: the runner wakes then rather than at its next poll. */
  nextDueAt?(): Date | null;
  /** Which attempt of the job a run of it is (1: the first), for the metrics. */
  attemptOf?(job: J): number;
  /** The queue as the source's last read of it saw it, for the metrics (read only when they are collected). */
  queueView?(): JobQueueView;
}

export interface JobRunnerOptions<J> {
  name: string;
  logger: Logger;
  source: JobSource<J>;
  /** Jobs running at once. */
  concurrency?: number;
  /**
   * How often to look for due jobs when nothing woke the runner: a fallback (for work another
   * process created, or left behind by a crash), so tens of seconds; kicks and `nextDueAt` do the rest.
   */
  pollIntervalMs: number;
  /** A running job's claim is renewed every third of this. */
  leaseMs?: number;
  /** While jobs keep failing (e.g. the broker is down) the next look waits: base doubling to max. */
  failedPassBackoff?: { baseMs: number; maxMs: number };
  /**
   * On `stop()`, running jobs get this long to end on their own before their signal aborts (none
   * when not given): a job whose effect is outside (a webhook sent) and not yet recorded would
   * otherwise be done again by the next process.
   */
  drainMs?: number;
}

/** What a service starts and stops: a job runner, whatever its jobs. */
export interface Worker {
  readonly name: string;
  start(): void;
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Runs due jobs: looks for them every `pollIntervalMs` and at once when kicked (by the write
 * that created the work), up to `concurrency` at a time, claims each before running it and renews
 * the claim while it runs. What a failure means for the job (back-off, a last attempt) is the
 * source's to record, with `BackoffPolicy`; the runner waits longer between looks while jobs keep
 * failing. `stop()` starts no more jobs, gives running ones `drainMs` to end, then aborts them and
 * waits for them.
 */
export class JobRunner<J> implements Worker {
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled look runs (Infinity: none is scheduled). */
  private timerAt = Infinity;
  private pass: Promise<void> | undefined;
  private stopped = true;
  /** Stopped after running: no job starts any more, also not by `runDue`. */
  private halted = false;
  private wake = false;
  /** Consecutive failed jobs (or failed looks for jobs): the runner backs off while they keep failing. */
  private failures = 0;
  private readonly abort = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  private readonly concurrency: number;
  private readonly metrics: JobMetrics;

  constructor(private readonly options: JobRunnerOptions<J>) {
    this.concurrency = options.concurrency ?? 1;
    const { source } = options;
    this.metrics = new JobMetrics(options.name, source.queueView?.bind(source));
  }

  get name(): string {
    return this.options.name;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.metrics.observeQueue();
    this.schedule(0);
  }

  /** Look for due jobs now: called after a write that created work. */
  kick(): void {
    if (this.stopped) return;
    if (this.pass) this.wake = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    const drainMs = this.options.drainMs ?? 0;
    if (drainMs <= 0) this.abort.abort();
    await this.pass;
    if (drainMs > 0) await this.drain(drainMs);
    this.abort.abort();
    await Promise.all(this.running.values());
    this.metrics.stopObserving();
  }

  private async drain(drainMs: number): Promise<void> {
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
    await Promise.race([Promise.allSettled(this.running.values()), timeUp]);
    clearTimeout(timer);
  }

  /** One pass: starts the due jobs and waits until they end. Returns how many ran (not those whose claim was lost). For tests and tools. */
  async runDue(now = new Date()): Promise<number> {
    const started = await this.startDue(now);
    const ran = await Promise.all(started);
    return ran.filter(Boolean).length;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.pass = this.poll().finally(() => {
        this.pass = undefined;
        this.scheduleNext();
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    try {
      const started = await this.startDue(new Date());
      // Nothing was due and looking worked: whatever failed before is over.
      if (started.length === 0 && this.running.size === 0) this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.logger.warn({ err: error, runner: this.options.name }, 'looking for due jobs failed; will retry');
    }
  }

  /** Next look: at once when woken, after a back-off while jobs keep failing, else after the poll interval. */
  private scheduleNext(): void {
    if (this.stopped || this.pass) return;
    const again = this.wake;
    this.wake = false;
    // New work (a kick) is looked at at once, also while failing jobs make the runner wait otherwise.
    if (again) this.schedule(0);
    else this.schedule(this.failures > 0 ? this.backoffMs() : this.idleWaitMs());
  }

  /** Until the next poll, or sooner when the source knows a job falls due before it (unless every slot is busy: a job that ends looks again). */
  private idleWaitMs(): number {
    const nextDue = this.running.size < this.concurrency ? this.options.source.nextDueAt?.() : null;
    const untilDue = nextDue ? Math.max(0, nextDue.getTime() - Date.now()) : Infinity;
    return Math.min(this.options.pollIntervalMs, untilDue);
  }

  /**
   * A claim was lost after the look that started it had scheduled the next: its slot is free again, and the
   * source may know of a job due sooner than that look (its backlog was outdated by the claim). Not a kick:
   * a source that says nothing sooner is not looked at again before its poll.
   */
  private wakeForNextDue(): void {
    if (this.stopped || this.pass || this.failures > 0) return;
    const wait = this.idleWaitMs();
    if (Date.now() + wait < this.timerAt) this.schedule(wait);
  }

  private backoffMs(): number {
    const backoff = this.options.failedPassBackoff ?? { baseMs: this.options.pollIntervalMs, maxMs: 30_000 };
    return backoffDelayMs(this.failures, backoff.baseMs, backoff.maxMs);
  }

  /**
   * Starts due jobs up to the concurrency limit, without waiting for them: a job that succeeds
   * wakes the runner for the next one; one that fails makes it back off from then on (the look
   * already scheduled waits too); one whose claim was lost does neither. The returned promises
   * settle when the started jobs end: true when the job ran, false when it was skipped, rejecting
   * when it failed.
   */
  private async startDue(now: Date): Promise<Array<Promise<boolean>>> {
    const capacity = this.concurrency - this.running.size;
    if (capacity <= 0 || this.halted) return [];
    const { source } = this.options;
    const started: Array<Promise<boolean>> = [];
    for (const candidate of await source.due(now, capacity + this.running.size)) {
      if (this.halted || this.running.size >= this.concurrency) break;
      const key = source.key(candidate);
      if (this.running.has(key)) continue;
      const run = this.runOne(candidate, now);
      let skipped = false;
      const tracked = run
        .then(
          (ran) => {
            skipped = !ran;
            if (!ran) return;
            this.failures = 0;
            this.kick();
          },
          () => {
            this.failures++;
            if (!this.stopped && !this.pass) this.schedule(this.backoffMs());
          },
        )
        .finally(() => {
          this.running.delete(key);
          if (skipped) this.wakeForNextDue();
        });
      this.running.set(key, tracked);
      started.push(run);
    }
    return started;
  }

  /** False when the job was skipped: another worker has it, or it is not due any more. */
  private async runOne(candidate: J, now: Date): Promise<boolean> {
    const { source, logger, name } = this.options;
    const job = source.claim ? await source.claim(candidate, now) : candidate;
    if (job === null) return false;
    const jobAbort = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, jobAbort.signal]);
    const renewal = source.renew && this.options.leaseMs ? this.renewWhileRunning(job, jobAbort) : undefined;
    const attempt = source.attemptOf?.(job);
    try {
      const outcome = await source.run(job, { signal });
      this.metrics.ran(outcome ?? 'succeeded', attempt);
      return true;
    } catch (error) {
      this.metrics.ran('failed', attempt);
      if (!this.halted) logger.warn({ err: error, runner: name, job: source.key(job) }, 'job failed');
      throw error;
    } finally {
      if (renewal) clearInterval(renewal);
    }
  }

  private renewWhileRunning(job: J, jobAbort: AbortController): NodeJS.Timeout {
    const { source, logger, name } = this.options;
    const timer = setInterval(() => {
      if (this.abort.signal.aborted) return;
      source.renew!(job, new Date()).then(
        (held) => {
          if (!held) jobAbort.abort(new Error('the job was taken over by another worker'));
        },
        (error: unknown) => logger.warn({ err: error, runner: name, job: source.key(job) }, 'renewing the claim failed'),
      );
    }, Math.max(10, Math.floor(this.options.leaseMs! / 3)));
    timer.unref?.();
    return timer;
  }
}
