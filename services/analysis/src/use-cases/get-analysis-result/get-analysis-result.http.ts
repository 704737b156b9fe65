import type { analysisRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { AnalysisResults } from '../../infrastructure/analysis-results';
import { analysisJobNotFound, noResultYet, resultErased } from '../analysis-answers';
import type { AnalysisJobAccess } from '../analysis-job-access';

/**
 * GET /analysis-jobs/{id}/result: the result of a Completed job; 409 before (or when it failed), 410
 * once an erased consent took it (also when the erasure landed while the job completed).
 */
export const getAnalysisResultHttp =
  (access: AnalysisJobAccess, results: AnalysisResults): RouteHandler<typeof analysisRoutes.getAnalysisJobResult> =>
  async ({ params, caller }) => {
    const job = await access.readable(params.id, caller.clientId);
    if (!job) return analysisJobNotFound(params.id);
    if (job.status !== 'Completed') return noResultYet(job);
    const result = job.resultErasedAt ? null : await results.find(job.id);
    return result ? { status: 200, body: { data: result } } : resultErased(job.id);
  };
