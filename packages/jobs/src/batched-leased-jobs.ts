import { SpanKind, trace, type Attributes, type Span } from '@opentelemetry/api';
import { contextFromHeaders } from '@obp/bus';
import type { ClaimLedger } from './claim-ledger';
import { GroupCommit } from './group-commit';
import type { JobQueueView } from './job-metrics';
import type { JobContext, JobSource } from './job-runner';
import { JobTakenOver } from './leased-jobs';

const tracer = trace.getTracer('@obp/jobs');

/** The lease of a job as a batched job keeps it on the job itself. */
export interface BatchedLease {
  /** The epoch of the job's last claim (see ClaimLedger). */
  epoch: number;
  /** A worker holds the job until then; null when none does. */
  leaseUntil: Date | null;
  /** Not run before then (its schedule, a back-off). */
  notBefore: Date;
  /** The trace of what asked for the job: each run continues it. */
  trace?: Record<string, string>;
}

/** What the batched protocol needs of the jobs' store: each operation many jobs in one round trip. A job as handed out (`J`) may carry more than its state as written (`S`), e.g. the version it was read at. */
export interface BatchedLeaseStore<J extends S, S = J> {
  /** Each job as read, leased with `epoch` until `leaseUntil` if it is still as read; the leased job, or null. */
  leaseMany(leases: ReadonlyArray<{ job: J; epoch: number; leaseUntil: Date }>): Promise<Array<J | null>>;
  /** Extends each lease that `epoch` still holds; whether it does. */
  renewMany(renewals: ReadonlyArray<{ id: string; epoch: number; leaseUntil: Date }>): Promise<boolean[]>;
  /** Writes what `decide` makes of each job as it is now (null: nothing), each guarded by the version read; whether it was found and what was written. */
  mutateMany(ids: readonly string[], decide: (current: S, index: number) => S | null): Promise<Array<{ found: boolean; written: S | null }>>;
}

/** Which jobs are due, and in what order: the job's own selection (lanes, turns, limits per target). */
export interface DueSelection<J> {
  /** Up to `limit` due jobs; a candidate no longer due is skipped by its claim. */
  due(now: Date, limit: number): Promise<J[]>;
  nextDueAt(): Date | null;
  queueView(): JobQueueView;
  /** Whether a due job may start here now (a slot of its target); false leaves it for later. Each admitted job is `released` once. */
  admit?(job: J): boolean;
  released?(job: J): void;
}

/** A run's result written with its job (`finish`): whether the job was there, and what was written of it (null: nothing, it was taken over or ended). */
export interface BatchedFinish<J, R, S = J> {
  job: J;
  result: R;
  found: boolean;
  written: S | null;
}

/** What a batched job's work gets besides the job. */
export interface BatchedJobContext<J, R, S = J> {
  /** Aborted when the runner stops or the lease could not be renewed. */
  signal: AbortSignal;
  span: Span;
  /** Writes the run's result with those of the runs ending meanwhile (fenced: nothing for a worker taken over) and forgets its claim. */
  finish(result: R): Promise<BatchedFinish<S, R>>;
  /** One fenced write of the job (a deferral, a give-up): `JobTakenOver`, having written nothing, when this worker no longer holds it; `end` forgets its claim. */
  update(change: (current: S, now: Date) => S, options?: { end?: boolean }): Promise<void>;
}

export interface BatchedLeasedJobsOptions<J extends S, R, S extends { id: string } = J> {
  /** Claims are `<claimKey>:<job id>` in the ledger, once per epoch. */
  claimKey: string;
  store: BatchedLeaseStore<J, S>;
  claims: ClaimLedger;
  /** A claim holds the job this long; the runner renews it while the job runs. */
  leaseMs: number;
  /** At most this many leases, renewals or results share one write (200 when not given). */
  writeBatch?: number;
  /** The job's lease; null when it has no run pending. */
  lease: { read(job: S): BatchedLease | null };
  selection: DueSelection<J>;
  /** The span of a run, continuing the trace that asked for it. */
  span: { name: string; kind?: SpanKind; attributes(job: J): Attributes };
  /** What a run does; its outcome in the metrics. It ends with `finish` (or `update`); a worker taken over stores nothing. */
  work(job: J, context: BatchedJobContext<J, R, S>): Promise<string>;
  /** The job's retry policy: the job as `result` leaves it, decided on the job as it is now and held by this worker; null writes nothing. */
  after(current: S, claimed: S, result: R, now: Date): S | null;
  /** A lot of results was written (before their claims are forgotten): what the job keeps beside them (records, metrics). */
  recorded?(lot: ReadonlyArray<BatchedFinish<S, R>>): Promise<void>;
}

/**
 * The leased-job protocol of `LeasedJobs` for jobs that run by the hundred: the leases, renewals and
 * results asked for while a write of them is under way go together in the next (`GroupCommit`), so a
 * store round trip is shared by every run that asked meanwhile. A claim writes the lease with the next
 * epoch on each job as read, then inserts the epochs' unique claims at once: of workers that both
 * leased a job, only the one whose insert wins runs it. A worker taken over (its lease lapsed and
 * another claimed the next epoch) stores nothing: every write of a run is fenced here, on the lease as
 * stored. The job supplies which jobs are due (`selection`), the work, and its retry policy (`after`).
 */
export class BatchedLeasedJobs<J extends S, R, S extends { id: string } = J> implements JobSource<J> {
  private readonly leases: GroupCommit<{ job: J; now: Date }, J | null>;
  private readonly renewals: GroupCommit<{ id: string; epoch: number; leaseUntil: Date }, boolean>;
  private readonly results: GroupCommit<{ job: S; result: R; endedAt: Date }, BatchedFinish<S, R>>;
  /** Jobs admitted here, from their claim to the end of their run. */
  private readonly admitted = new Set<string>();

  constructor(private readonly protocol: BatchedLeasedJobsOptions<J, R, S>) {
    const lot = { maxBatch: protocol.writeBatch ?? 200, maxParallel: 2 };
    this.leases = new GroupCommit((asked) => this.leaseLot(asked), lot);
    this.renewals = new GroupCommit((asked) => this.protocol.store.renewMany(asked), lot);
    this.results = new GroupCommit((done) => this.finishLot(done), lot);
  }

  /** The runner asks for its free slots plus its running jobs (one might be a candidate again): ours are admitted until they end, so only the free slots' worth is selected. */
  due(now: Date, limit: number): Promise<J[]> {
    return this.protocol.selection.due(now, limit - this.admitted.size);
  }

  nextDueAt(): Date | null {
    return this.protocol.selection.nextDueAt();
  }

  queueView(): JobQueueView {
    return this.protocol.selection.queueView();
  }

  key(job: J): string {
    return job.id;
  }

  async claim(candidate: J, now: Date): Promise<J | null> {
    const lease = this.protocol.lease.read(candidate);
    if (!lease || lease.notBefore > now || (lease.leaseUntil !== null && lease.leaseUntil > now)) return null;
    if (this.admitted.has(candidate.id) || !(this.protocol.selection.admit?.(candidate) ?? true)) return null;
    this.admitted.add(candidate.id);
    try {
      const claimed = await this.leases.submit({ job: candidate, now });
      if (!claimed) this.release(candidate);
      return claimed;
    } catch (error) {
      this.release(candidate);
      throw error;
    }
  }

  /** Renewed with the other renewals asked for meanwhile, in one write: runs started together renew together. */
  renew(job: J, now: Date): Promise<boolean> {
    return this.renewals.submit({ id: job.id, epoch: this.epochOf(job), leaseUntil: new Date(now.getTime() + this.protocol.leaseMs) });
  }

  /** Runs a claimed job in a span that continues the trace that asked for it: the work's outcome, or `taken-over`. */
  async run(job: J, { signal }: JobContext): Promise<string> {
    const { span: spanOf } = this.protocol;
    try {
      return await tracer.startActiveSpan(spanOf.name, { kind: spanOf.kind ?? SpanKind.INTERNAL, attributes: spanOf.attributes(job) }, contextFromHeaders(this.protocol.lease.read(job)?.trace), async (span) => {
        try {
          return await this.protocol.work(job, {
            signal,
            span,
            finish: (result) => this.finish(job, result),
            update: (change, options) => this.update(job, change, options?.end ?? false),
          });
        } catch (error) {
          if (error instanceof JobTakenOver) return 'taken-over';
          throw error;
        } finally {
          span.end();
        }
      });
    } finally {
      this.release(job);
    }
  }

  /** Writes the result of a run of `job`, held by this worker (claimed here, or held by a claim made as ours), with the others ending meanwhile. */
  finish(job: S, result: R): Promise<BatchedFinish<S, R>> {
    return this.results.submit({ job, result, endedAt: new Date() });
  }

  private async update(claimed: S, change: (current: S, now: Date) => S, end: boolean): Promise<void> {
    let held = true;
    await this.protocol.store.mutateMany([claimed.id], (current) => {
      held = this.holds(current, claimed);
      return held ? change(current, new Date()) : null;
    });
    if (!held) throw new JobTakenOver();
    if (end) await this.protocol.claims.release(this.claimKeyOf(claimed));
  }

  /** Leases of a lot of candidates in one write, then their claims in one insert: each is won by one claimant. */
  private async leaseLot(asked: ReadonlyArray<{ job: J; now: Date }>): Promise<Array<J | null>> {
    const { store, claims, leaseMs } = this.protocol;
    const leased = await store.leaseMany(asked.map(({ job, now }) => ({ job, epoch: this.epochOf(job) + 1, leaseUntil: new Date(now.getTime() + leaseMs) })));
    const contested = leased.flatMap((job) => (job ? [job] : []));
    const won = await claims.claimMany(
      contested.map((job) => ({ jobKey: this.claimKeyOf(job), epoch: this.epochOf(job) })),
      asked[0]!.now,
    );
    const winners = new Set(contested.filter((_, i) => won[i]));
    return leased.map((job) => (job && winners.has(job) ? job : null));
  }

  /**
   * The results of a lot of runs: the jobs in one read and one write, each only if its worker still holds it; the
   * claims of the runs that ended here (or whose job is gone) forgotten in one delete. A run taken over forgets
   * nothing: its job's claims are the other worker's now.
   */
  private async finishLot(done: ReadonlyArray<{ job: S; result: R; endedAt: Date }>): Promise<Array<BatchedFinish<S, R>>> {
    const { store, after, recorded, claims } = this.protocol;
    const held = done.map(() => false);
    const written = await store.mutateMany(
      done.map((d) => d.job.id),
      (current, i) => {
        held[i] = this.holds(current, done[i]!.job);
        return held[i] ? after(current, done[i]!.job, done[i]!.result, done[i]!.endedAt) : null;
      },
    );
    const lot = done.map(({ job, result }, i) => ({ job, result, ...written[i]! }));
    await recorded?.(lot);
    await claims.releaseMany(done.flatMap((d, i) => (held[i] || !written[i]!.found ? [this.claimKeyOf(d.job)] : [])));
    return lot;
  }

  /** The fence: the worker that claimed `claimed` still holds the job (no later claim, a lease). */
  private holds(current: S, claimed: S): boolean {
    const held = this.protocol.lease.read(current);
    return held !== null && held.epoch === this.epochOf(claimed) && held.leaseUntil !== null;
  }

  private release(job: J): void {
    if (this.admitted.delete(job.id)) this.protocol.selection.released?.(job);
  }

  private epochOf(job: S): number {
    return this.protocol.lease.read(job)?.epoch ?? 0;
  }

  private claimKeyOf(job: S): string {
    return `${this.protocol.claimKey}:${job.id}`;
  }
}
