import { traceHeaders } from '@obp/bus';
import type { CreateAnalysisJobBody } from '@obp/contracts';
import { err, ok, ValidationFailed, type Result } from '@obp/core';
import { newJob } from '../../domain/analysis-job';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisJobAccess } from '../analysis-job-access';

export interface CreateAnalysisJobCommand {
  /** The job's id: a retry of the request (its Idempotency-Key) gives the same one, and finds the job made. */
  id: string;
  ownerClientId: string;
  body: CreateAnalysisJobBody;
}

export class CreateAnalysisJobService {
  constructor(
    private readonly jobs: AnalysisJobStore,
    private readonly events: AnalysisJobEvents,
    private readonly access: AnalysisJobAccess,
    /** Wakes the job runner. */
    private readonly queued: () => void,
  ) {}

  async execute(cmd: CreateAnalysisJobCommand, now = new Date()): Promise<Result<{ id: string }, ValidationFailed>> {
    const unreadable = await this.unreadableEarlierJobs(cmd);
    if (unreadable) return err(unreadable);
    const job = newJob(cmd.id, cmd.ownerClientId, cmd.body, now, traceHeaders());
    // Not inserted: an earlier attempt of this request made the job (and queued it).
    if (await this.jobs.insertIfAbsent(job, [this.events.created(job)])) this.queued();
    return ok({ id: job.id });
  }

  /** Spec 2.5: the jobs analysisJobIds names must exist, and the caller must be able to read them. */
  private async unreadableEarlierJobs(cmd: CreateAnalysisJobCommand): Promise<ValidationFailed | null> {
    const errors: Record<string, string[]> = {};
    for (const [i, jobId] of (cmd.body.Input.analysisJobIds ?? []).entries()) {
      if (!(await this.access.readable(jobId, cmd.ownerClientId))) errors[`Input.analysisJobIds[${i}]`] = [`The analysis job '${jobId}' does not exist or is not accessible to this app.`];
    }
    return Object.keys(errors).length > 0 ? new ValidationFailed(errors) : null;
  }
}
