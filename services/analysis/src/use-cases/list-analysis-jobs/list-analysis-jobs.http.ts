import { pagination, type analysisRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toAnalysisJobDto } from '../../domain/analysis-job';
import type { AnalysisJobStore } from '../../infrastructure/analysis-job-store';

/**
 * GET /analysis-jobs: the calling app's own jobs (not those shared with it), oldest first, paged like
 * shares, optionally of one status or one Reference.
 */
export const listAnalysisJobsHttp =
  (jobs: AnalysisJobStore): RouteHandler<typeof analysisRoutes.listAnalysisJobs> =>
  async ({ query, caller }) => {
    const filter = {
      ownerClientId: caller.clientId,
      ...(query.status !== null ? { status: query.status } : {}),
      ...(query.reference !== undefined ? { reference: query.reference } : {}),
    };
    const [items, total] = await Promise.all([
      jobs.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      jobs.count(filter),
    ]);
    return { status: 200, body: { data: items.map(toAnalysisJobDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
