import { AnalysisInputKinds, type AnalysisEngine, type AnalysisJobWait, type AnalysisFailureCode, type AnalysisInputKind, type AnalysisJobDto, type AnalysisJobStatus, type AnalysisProfile, type CreateAnalysisJobBody } from '@obp/contracts';
import { backoffDelayMs } from '@obp/jobs';

/** The one kind of input a job was created from, and its values. */
export interface JobInput {
  kind: AnalysisInputKind;
  values: string[];
}

export interface JobFailure {
  code: AnalysisFailureCode;
  message: string;
}

/** A job's place in the queue, from creation until it is Completed or Failed. */
export interface PendingRun {
  /** Not taken before then: a back-off after a transient failure, or a wait for data. */
  notBefore: Date;
  /** A worker holds the job until then; a crashed worker's lease simply runs out. */
  leaseUntil: Date | null;
  /** How many times a worker claimed the job: the next claim is for one more (see ClaimLedger). */
  claims: number;
  /** Runs in a row that failed on a transient error (store or broker down). */
  failures: number;
  /** Consents whose first fetch, and earlier jobs whose end, the job waits for (until its wait ends). */
  waitingFor: string[];
  /** Why it waits, while `waitingFor` is not empty (absent in jobs written before it was kept). */
  waitReason?: AnalysisJobWait;
  /** Trace context of the request that created the job, so its runs join that trace. */
  trace?: Record<string, string>;
}

/** What a Completed job was computed from: its consents and, of them, the accounts whose transactions it used. */
export interface JobScope {
  consentIds: string[];
  accountIds: string[];
}

export interface AnalysisJob {
  id: string;
  ownerClientId: string;
  reference: string;
  engine: AnalysisEngine;
  profile: AnalysisProfile;
  countryCode: string | null;
  input: JobInput;
  kvkNumber: string | null;
  internalIbans: string[];
  status: AnalysisJobStatus;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  failure: JobFailure | null;
  /** Null once the job is Completed or Failed. */
  run: PendingRun | null;
  scope: JobScope | null;
  /** The result was deleted with a consent it was computed from. */
  resultErasedAt: Date | null;
}

export function newJob(id: string, ownerClientId: string, body: CreateAnalysisJobBody, now: Date, trace?: Record<string, string>): AnalysisJob {
  const kind = AnalysisInputKinds.find((k) => body.Input[k] !== null)!;
  return {
    id,
    ownerClientId,
    reference: body.Reference,
    engine: body.Engine,
    profile: body.Profile,
    countryCode: body.CountryCode,
    input: { kind, values: [...new Set(body.Input[kind])] },
    kvkNumber: body.Metadata.kvk_number,
    internalIbans: body.Metadata.internal_ibans,
    status: 'Pending',
    createdAt: now,
    startedAt: null,
    completedAt: null,
    failure: null,
    run: { notBefore: now, leaseUntil: null, claims: 0, failures: 0, waitingFor: [], ...(trace ? { trace } : {}) },
    scope: null,
    resultErasedAt: null,
  };
}

/** When a pending job falls due: after its back-off or wait, and after any worker's lease. */
export const runDueAt = (run: PendingRun): Date => (run.leaseUntil && run.leaseUntil > run.notBefore ? run.leaseUntil : run.notBefore);

export const isRunDue = (job: AnalysisJob, now: Date): boolean => job.run !== null && runDueAt(job.run) <= now;

/** A worker takes the job (its `claims`-th claim): Running from then on (the status never goes back), held until the run ends, is deferred or the lease lapses. */
export const claimRun = (job: AnalysisJob, now: Date, leaseMs: number, claims: number): AnalysisJob => ({
  ...job,
  status: 'Running',
  startedAt: job.startedAt ?? now,
  run: { ...job.run!, leaseUntil: new Date(now.getTime() + leaseMs), claims },
});

/** The worker that made claim `claims` still holds the job. */
export const holdsRun = (job: AnalysisJob, claims: number): boolean => job.status === 'Running' && job.run !== null && job.run.claims === claims && job.run.leaseUntil !== null;

export const renewLease = (job: AnalysisJob, now: Date, leaseMs: number): AnalysisJob => ({ ...job, run: { ...job.run!, leaseUntil: new Date(now.getTime() + leaseMs) } });

/** Until the job stops waiting for data, however much of it has arrived. */
export const waitEndsAt = (job: AnalysisJob, dataWaitMs: number): Date => new Date(job.createdAt.getTime() + dataWaitMs);

/** Back in the queue, still Running, until what it waits for arrives (an event wakes it), it looks again, or the wait ends. */
export function awaitData(job: AnalysisJob, wait: { ids: string[]; reason: AnalysisJobWait }, now: Date, timing: { dataWaitMs: number; recheckMs: number }): AnalysisJob {
  const next = Math.min(now.getTime() + timing.recheckMs, waitEndsAt(job, timing.dataWaitMs).getTime());
  return { ...job, run: { ...job.run!, notBefore: new Date(next), leaseUntil: null, failures: 0, waitingFor: wait.ids, waitReason: wait.reason } };
}

/** What it waited for has arrived: due now. */
export function wakeUp(job: AnalysisJob, now: Date): AnalysisJob {
  const { waitReason: _reason, ...run } = job.run!;
  return { ...job, run: { ...run, notBefore: now, waitingFor: [] } };
}

/** A run failed on a transient error: back in the queue, still Running, after a back-off that grows with each failure in a row, never given up. */
export function retryLater(job: AnalysisJob, now: Date, backoff: { baseMs: number; maxMs: number }): AnalysisJob {
  const failures = job.run!.failures + 1;
  const { waitReason: _reason, ...run } = job.run!;
  return { ...job, run: { ...run, notBefore: new Date(now.getTime() + backoffDelayMs(failures, backoff.baseMs, backoff.maxMs)), leaseUntil: null, failures, waitingFor: [] } };
}

/** What the job waits for, as the API shows it: only while it waits, and only when the reason was kept. */
export const waitingFor = (job: AnalysisJob): AnalysisJobWait | null => (job.run && job.run.waitingFor.length > 0 ? (job.run.waitReason ?? null) : null);

export const completeJob = (job: AnalysisJob, scope: JobScope, now: Date): AnalysisJob => ({ ...job, status: 'Completed', completedAt: now, run: null, scope });

export const failJob = (job: AnalysisJob, failure: JobFailure, now: Date): AnalysisJob => ({ ...job, status: 'Failed', completedAt: now, run: null, failure });

export const eraseResult = (job: AnalysisJob, now: Date): AnalysisJob => ({ ...job, resultErasedAt: now });

export function toAnalysisJobDto(job: AnalysisJob): AnalysisJobDto {
  const valuesOf = (kind: AnalysisInputKind) => (job.input.kind === kind ? job.input.values : null);
  return {
    id: job.id,
    reference: job.reference,
    engine: job.engine,
    profile: job.profile,
    countryCode: job.countryCode,
    input: { consentIds: valuesOf('consentIds'), userIds: valuesOf('userIds'), externalUserIds: valuesOf('externalUserIds'), accountIds: valuesOf('accountIds'), analysisJobIds: valuesOf('analysisJobIds') },
    metadata: { kvk_number: job.kvkNumber, internal_ibans: job.internalIbans },
    status: job.status,
    waitingFor: waitingFor(job),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    failure: job.failure,
    resultErasedAt: job.resultErasedAt?.toISOString() ?? null,
  };
}
