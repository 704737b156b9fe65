import { canRead, type ShareGrants } from '@obp/share-grants';
import type { AnalysisJob } from '../domain/analysis-job';
import type { AnalysisJobStore } from '../infrastructure/analysis-job-store';

/** A job is readable by its owner, and by an app holding an unexpired share of the owner naming it in `analysisIds`. */
export class AnalysisJobAccess {
  constructor(
    private readonly jobs: AnalysisJobStore,
    private readonly grants: ShareGrants,
  ) {}

  /** The job, when it exists and `callerClientId` may read it; null otherwise (never telling which). */
  async readable(jobId: string, callerClientId: string): Promise<AnalysisJob | null> {
    const job = await this.jobs.find(jobId);
    if (!job) return null;
    return (await canRead(this.grants, callerClientId, { ownerClientId: job.ownerClientId, grantedBy: [{ analysisId: job.id }] })) ? job : null;
  }
}
