import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { contextFromHeaders, type OutboxEntry } from '@obp/bus';
import type { Logger } from '@obp/telemetry';
import type { ClaimLedger } from './claim-ledger';
import { DueBacklog } from './due-backlog';
import type { JobQueueView } from './job-metrics';
import type { JobContext, JobSource } from './job-runner';

const tracer = trace.getTracer('@obp/jobs');

/** The lease of a job's pending run, as the job keeps it in its aggregate. */
export interface JobLease {
  /** Which run is pending, when the aggregate has several in turn (a consent's fetches): claims are counted per run. */
  run?: string;
  /** Claims made of the run so far: the next claim is for one more (see ClaimLedger). */
  claims: number;
  /** A worker holds the run until then; a crashed worker's lease simply runs out. Null when none holds it. */
  leaseUntil: Date | null;
  /** Not run before then: a back-off, a wait. */
  notBefore: Date;
  /** When the run was asked for: the queue's age, and the order due runs are handed out in. */
  requestedAt: Date;
  /** Failed attempts in a row before this one. */
  failures: number;
  /** The trace of the request that asked for the run: each run of it continues that trace. */
  trace?: Record<string, string>;
}

/** A write of one aggregate: its next state and the events that announce it. */
export interface JobChange<J> {
  next: J;
  events?: OutboxEntry[];
}

/** What the protocol needs of the aggregates' store: a change decided on the state read and written under its version (`AggregateStore.mutate`). */
export interface LeasedJobStore<J> {
  mutate<T>(id: string, change: (current: J) => (JobChange<J> & { result: T }) | { result: T }): Promise<{ found: false } | { found: true; result: T }>;
}

/** Thrown by the fence of a worker that no longer holds its job: another worker took it over after its lease lapsed, or it is gone. */
export class JobTakenOver extends Error {
  constructor() {
    super('the job was taken over by another worker');
    this.name = 'JobTakenOver';
  }
}

/** What a job's work gets besides the job: its signal and its fence. */
export interface LeasedJobContext<J> {
  /** Aborted when the runner stops or the lease could not be renewed. */
  signal: AbortSignal;
  /** Throws `JobTakenOver` unless this worker still holds the job: called right before the work stores anything. */
  fence(): Promise<void>;
  /**
   * Writes `change` to the job in the same write that checks that this worker still holds it (a wait,
   * a deferral); throws `JobTakenOver`, having written nothing, when it does not. False when the job is gone.
   */
  update(change: (current: J, now: Date) => JobChange<J>): Promise<boolean>;
  /** `update` that ends the run (completed, failed for good): its claims are forgotten once it is written, or once the job is gone. */
  finish(change: (current: J, now: Date) => JobChange<J>): Promise<boolean>;
}

export interface LeasedJobsOptions<J extends { id: string }> {
  /** Claims are `<claimKey>:<aggregate id>` (`:<run>` after it when the lease names one) in the ledger, once per epoch. */
  claimKey: string;
  store: LeasedJobStore<J>;
  claims: ClaimLedger;
  logger: Logger;
  /** A claim holds the job this long; the runner renews it while the job runs. */
  leaseMs: number;
  /** Every aggregate with a run pending, due or not, read through an index. */
  readPending(): Promise<J[]>;
  /** Where the job keeps its lease. */
  lease: {
    /** The pending run's lease; null when no run is pending. */
    read(job: J): JobLease | null;
    /** The job as its `epoch`-th claim takes it, until `now` + `leaseMs` (and the events of that, if any). */
    take(job: J, claim: { epoch: number; now: Date; leaseMs: number }): JobChange<J>;
    /** The job with its lease extended to `now` + `leaseMs`. */
    extend(job: J, now: Date, leaseMs: number): J;
  };
  /** The span of a run, continuing the trace that asked for it. */
  span: { name: string; kind?: SpanKind; attributes(job: J): Attributes };
  /**
   * What a run does; its outcome in the metrics. Before it stores anything it calls `fence()`, and it ends
   * the run with `finish` (or puts it back with `update`): a worker that was taken over stores nothing.
   */
  work(job: J, context: LeasedJobContext<J>): Promise<string>;
  /** A run that threw: its failure is written (by the worker that holds it) as the job's retry policy says. */
  retry: {
    /** The run's outcome in the metrics when its failure was written. */
    outcome: string;
    /** The job after a failed attempt: due again after a back-off (`BackoffPolicy`), or given up. */
    after(current: J, error: Error, now: Date): JobChange<J>;
    /** The failure was written: the job as it is now; the run took `runMs`. */
    recorded?(job: J, error: Error, runMs: number): void;
  };
}

/**
 * The leased-job protocol, once for every job kept in an aggregate. A run is claimed by writing its lease
 * with the next epoch in the aggregate first (so a crash anywhere leaves a lease that lapses and a next
 * epoch to claim), then inserting that epoch's unique claim in the ledger: of processes that both wrote it,
 * only the one whose insert wins runs it. The lease is renewed while it runs; after a crash or a stall it
 * lapses and another worker takes the run over with the next epoch. A worker taken over stores nothing:
 * its work calls the fence before it stores, and the run's end, its deferral and its failure are written
 * only by the worker that still holds it. Each run continues the trace of the request that asked for it.
 * The job supplies its work and its retry policy, and where it keeps its lease.
 */
export class LeasedJobs<J extends { id: string }> implements JobSource<J> {
  private readonly backlog: DueBacklog<J>;

  constructor(private readonly options: LeasedJobsOptions<J>) {
    const leaseOf = (job: J) => options.lease.read(job)!;
    this.backlog = new DueBacklog({
      readPending: () => options.readPending(),
      isDue: (job, now) => this.isDue(options.lease.read(job), now),
      dueAt: (job) => dueAt(leaseOf(job)),
      createdAt: (job) => leaseOf(job).requestedAt,
    });
  }

  due(now: Date, limit: number): Promise<J[]> {
    return this.backlog.due(now, limit);
  }

  /** The earliest run waiting out a back-off, a wait or a lease, as of the last look: the runner wakes for it. */
  nextDueAt(): Date | null {
    return this.backlog.nextDueAt();
  }

  queueView(): JobQueueView {
    return this.backlog.queueView();
  }

  key(job: J): string {
    return job.id;
  }

  attemptOf(job: J): number {
    return (this.options.lease.read(job)?.failures ?? 0) + 1;
  }

  async claim(candidate: J, now: Date): Promise<J | null> {
    const { lease, leaseMs } = this.options;
    const pending = lease.read(candidate);
    if (!pending) return null;
    const epoch = pending.claims + 1;
    const leased = await this.options.store.mutate(candidate.id, (current) => {
      const stored = lease.read(current);
      if (!stored || stored.run !== pending.run || stored.claims + 1 !== epoch || !this.isDue(stored, now)) return { result: null };
      const taken = lease.take(current, { epoch, now, leaseMs });
      return { ...taken, result: taken.next };
    });
    if (leased.found && leased.result && (await this.options.claims.claim(this.claimKey(candidate, pending), epoch, now))) return leased.result;
    // Another worker has it, or it changed since the backlog was read: what the read left over is no better.
    this.backlog.outdated();
    return null;
  }

  async renew(job: J, now: Date): Promise<boolean> {
    const renewed = await this.options.store.mutate(job.id, (current) =>
      this.holds(current, job) ? { next: this.options.lease.extend(current, now, this.options.leaseMs), result: true } : { result: false },
    );
    return renewed.found && renewed.result;
  }

  /** Runs a claimed job in a span that continues the trace that asked for it: the work's outcome, `retry.outcome`, `stopped` or `taken-over`. */
  async run(job: J, { signal }: JobContext): Promise<string> {
    const { span: spanOf, work } = this.options;
    return tracer.startActiveSpan(spanOf.name, { kind: spanOf.kind ?? SpanKind.INTERNAL, attributes: spanOf.attributes(job) }, contextFromHeaders(this.options.lease.read(job)?.trace), async (span) => {
      const started = Date.now();
      try {
        return await work(job, this.contextOf(job, signal));
      } catch (error) {
        if (signal.aborted) return 'stopped'; // stopping, or taken over: the lease runs out and the job is taken over
        if (error instanceof JobTakenOver) return this.leftToOther(job);
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        return await this.recordFailure(job, error as Error, started);
      } finally {
        span.end();
      }
    });
  }

  private contextOf(claimed: J, signal: AbortSignal): LeasedJobContext<J> {
    const update = (change: (current: J, now: Date) => JobChange<J>) => this.writeHeld(claimed, change);
    return {
      signal,
      fence: async () => {
        const held = await this.options.store.mutate(claimed.id, (current) => ({ result: this.holds(current, claimed) }));
        if (!held.found || !held.result) throw new JobTakenOver();
      },
      update,
      finish: async (change) => {
        const written = await update(change);
        try {
          await this.options.claims.release(this.claimKey(claimed, this.options.lease.read(claimed)!));
        } catch (error) {
          this.options.logger.warn({ err: error, job: this.options.claimKey, id: claimed.id }, 'a run ended, but forgetting its claims failed (they are purged with the old ones)');
        }
        return written;
      },
    };
  }

  /** Writes `change` if this worker still holds the job; false when the job is gone; `JobTakenOver` when another holds it. */
  private async writeHeld(claimed: J, change: (current: J, now: Date) => JobChange<J>): Promise<boolean> {
    const written = await this.options.store.mutate(claimed.id, (current) => (this.holds(current, claimed) ? { ...change(current, new Date()), result: true } : { result: false }));
    if (written.found && !written.result) throw new JobTakenOver();
    return written.found;
  }

  private async recordFailure(claimed: J, error: Error, started: number): Promise<string> {
    const { retry, logger, lease } = this.options;
    const failed: { job?: J } = {};
    try {
      const found = await this.writeHeld(claimed, (current, now) => {
        const change = retry.after(current, error, now);
        failed.job = change.next;
        return change;
      });
      if (!found) return 'stopped';
    } catch (failure) {
      if (failure instanceof JobTakenOver) return this.leftToOther(claimed);
      throw failure;
    }
    const next = lease.read(failed.job!);
    const retryAt = next ? dueAt(next) : null;
    logger.warn({ err: error, job: this.options.claimKey, id: claimed.id, failures: next?.failures, retryAt }, retryAt ? 'a run failed; it runs again after a back-off' : 'a run failed; no more attempts');
    retry.recorded?.(failed.job!, error, Date.now() - started);
    return retry.outcome;
  }

  /** The run was taken over by another worker: it, and its claim, are left to that one. */
  private leftToOther(claimed: J): 'taken-over' {
    const lease = this.options.lease.read(claimed);
    this.options.logger.warn({ job: this.options.claimKey, id: claimed.id, run: lease?.run, claim: lease?.claims }, 'a run was taken over by another worker: left to it');
    return 'taken-over';
  }

  /** The worker that claimed `claimed` still holds it: the same run, no later claim of it, and a lease. */
  private holds(current: J, claimed: J): boolean {
    const held = this.options.lease.read(current);
    const mine = this.options.lease.read(claimed);
    return held !== null && mine !== null && held.run === mine.run && held.claims === mine.claims && held.leaseUntil !== null;
  }

  private isDue(lease: JobLease | null, now: Date): boolean {
    return lease !== null && dueAt(lease) <= now;
  }

  private claimKey(job: J, lease: JobLease): string {
    return lease.run === undefined ? `${this.options.claimKey}:${job.id}` : `${this.options.claimKey}:${job.id}:${lease.run}`;
  }
}

/** When a pending run falls due: after its back-off or wait, and after any worker's lease. */
const dueAt = (lease: JobLease): Date => (lease.leaseUntil && lease.leaseUntil > lease.notBefore ? lease.leaseUntil : lease.notBefore);
