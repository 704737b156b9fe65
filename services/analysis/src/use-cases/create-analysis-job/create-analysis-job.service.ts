import { randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { previewValue, type CreateAnalysisJobBody } from '@obp/contracts';
import { err, ExceptionBase, ok, ValidationFailed, type Result } from '@obp/core';
import { newJob } from '../../domain/analysis-job';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import { fingerprintOf, type IdempotencyKeys, type KeyedRequest } from '../../infrastructure/idempotency-keys';
import type { AnalysisJobAccess } from '../analysis-job-access';

/** The Idempotency-Key was used before with another body (Stripe answers 422 too). */
export class IdempotencyKeyReused extends ExceptionBase {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
}

export interface CreateAnalysisJobCommand {
  ownerClientId: string;
  body: CreateAnalysisJobBody;
  idempotencyKey: string | null;
}

export interface CreatedJob {
  id: string;
  /** The key was seen before: this is the job its first request created. */
  replayed: boolean;
}

export class CreateAnalysisJobService {
  constructor(
    private readonly jobs: AnalysisJobStore,
    private readonly events: AnalysisJobEvents,
    private readonly access: AnalysisJobAccess,
    private readonly keys: IdempotencyKeys,
    /** Wakes the job runner. */
    private readonly queued: () => void,
  ) {}

  async execute(cmd: CreateAnalysisJobCommand, now = new Date()): Promise<Result<CreatedJob, ValidationFailed | IdempotencyKeyReused>> {
    const keyed = cmd.idempotencyKey === null ? null : { ownerClientId: cmd.ownerClientId, key: cmd.idempotencyKey, fingerprint: fingerprintOf(cmd.body) };
    if (keyed) {
      const earlier = await this.keys.find(keyed, now);
      if (earlier) return this.replay(cmd, keyed, earlier, now);
    }
    const unreadable = await this.unreadableEarlierJobs(cmd);
    if (unreadable) return err(unreadable);
    const id = randomUUID();
    if (keyed) {
      const claim = await this.keys.claim(keyed, id, now);
      if (!claim.won) return this.replay(cmd, keyed, claim, now);
    }
    await this.create(id, cmd, now);
    return ok({ id, replayed: false });
  }

  /** Spec 2.5: the jobs analysisJobIds names must exist, and the caller must be able to read them. */
  private async unreadableEarlierJobs(cmd: CreateAnalysisJobCommand): Promise<ValidationFailed | null> {
    const errors: Record<string, string[]> = {};
    for (const [i, jobId] of (cmd.body.Input.analysisJobIds ?? []).entries()) {
      if (!(await this.access.readable(jobId, cmd.ownerClientId))) errors[`Input.analysisJobIds[${i}]`] = [`The analysis job '${jobId}' does not exist or is not accessible to this app.`];
    }
    return Object.keys(errors).length > 0 ? new ValidationFailed(errors) : null;
  }

  private async replay(cmd: CreateAnalysisJobCommand, keyed: KeyedRequest, earlier: { jobId: string; fingerprint: string }, now: Date): Promise<Result<CreatedJob, IdempotencyKeyReused>> {
    if (earlier.fingerprint !== keyed.fingerprint) {
      return err(new IdempotencyKeyReused(`The Idempotency-Key '${previewValue(keyed.key)}' was used with a different request body; send a new key with a new request.`));
    }
    // The first request may have stopped between taking the key and creating its job (or not be done yet): the job is made now, once.
    if (!(await this.jobs.find(earlier.jobId))) await this.create(earlier.jobId, cmd, now);
    return ok({ id: earlier.jobId, replayed: true });
  }

  private async create(id: string, cmd: CreateAnalysisJobCommand, now: Date): Promise<void> {
    const job = newJob(id, cmd.ownerClientId, cmd.body, now, traceHeaders());
    try {
      await this.jobs.insert(job, [this.events.created(job)]);
    } catch (error) {
      // The request it replays created it meanwhile.
      if ((error as { code?: number }).code === 11000) return;
      throw error;
    }
    this.queued();
  }
}
