import type { analysisRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toAnalysisJobDto } from '../../domain/analysis-job';
import { analysisJobNotFound } from '../analysis-answers';
import type { AnalysisJobAccess } from '../analysis-job-access';

/** GET /analysis-jobs/{id}: the job and its status, to its owner and to apps it was shared with. */
export const getAnalysisJobHttp =
  (access: AnalysisJobAccess): RouteHandler<typeof analysisRoutes.getAnalysisJob> =>
  async ({ params, caller }) => {
    const job = await access.readable(params.id, caller.clientId);
    return job ? { status: 200, body: { data: toAnalysisJobDto(job) } } : analysisJobNotFound(params.id);
  };
