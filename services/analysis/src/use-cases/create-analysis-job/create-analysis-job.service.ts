import { traceHeaders } from '@obp/bus';
import { fieldsNamingHidden, idsHiddenFrom, type ConsentData } from '@obp/consent-data';
import type { CreateAnalysisJobBody } from '@obp/contracts';
import { err, ExceptionBase, ok, ValidationFailed, type Result } from '@obp/core';
import type { ShareGrants } from '@obp/share-grants';
import { newJob } from '../../domain/analysis-job';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisJobAccess } from '../analysis-job-access';

export interface CreateAnalysisJobCommand {
  /** The job's id: a retry of the request (its Idempotency-Key) gives the same one, and finds the job made. */
  id: string;
  ownerClientId: string;
  body: CreateAnalysisJobBody;
}

/** The input names consents or accounts known to be another app's, not shared with the job's owner (`errors` by field). */
export class NamesOthersData extends ExceptionBase {
  readonly code = 'NAMES_OTHERS_DATA';
  constructor(readonly errors: Record<string, string[]>) {
    super('The input names consents or accounts of another app that are not shared with this app.');
  }
}

export class CreateAnalysisJobService {
  constructor(
    private readonly jobs: AnalysisJobStore,
    private readonly events: AnalysisJobEvents,
    private readonly access: AnalysisJobAccess,
    private readonly consentData: ConsentData,
    private readonly grants: ShareGrants,
    /** Wakes the job runner. */
    private readonly queued: () => void,
    /** How long another app's consent or account is looked at again for a share on its way. */
    private readonly grantWaitMs = 0,
  ) {}

  async execute(cmd: CreateAnalysisJobCommand, now = new Date()): Promise<Result<{ id: string }, ValidationFailed | NamesOthersData>> {
    const unreadable = await this.unreadableEarlierJobs(cmd);
    if (unreadable) return err(unreadable);
    const hidden = await this.othersData(cmd, now);
    if (hidden) return err(hidden);
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

  /**
   * Consents and accounts the projection knows to be another app's, and no unexpired share of theirs opens
   * to the caller (within `grantWaitMs`, for a share made a moment ago), are refused at once. One the projection does not know yet is taken: it may be the
   * caller's new consent, whose events are on the way; the job waits for it to become visible while it
   * may be (see `InputResolver`), and ends `NoData` if it never does.
   */
  private async othersData(cmd: CreateAnalysisJobCommand, now: Date): Promise<NamesOthersData | null> {
    const consentIds = cmd.body.Input.consentIds ?? [];
    const accountIds = cmd.body.Input.accountIds ?? [];
    if (consentIds.length === 0 && accountIds.length === 0) return null;
    const hidden = await idsHiddenFrom(this.consentData, cmd.ownerClientId, { consentIds, accountIds }, {
      granted: (owner, targets) => this.grants.allows(cmd.ownerClientId, owner, targets, now),
      waitMs: this.grantWaitMs,
    });
    const errors = fieldsNamingHidden({ consentIds, accountIds }, hidden, 'Input.', (kind, id) => `The ${kind} '${id}' belongs to another app and is not shared with this app.`);
    return Object.keys(errors).length > 0 ? new NamesOthersData(errors) : null;
  }
}
