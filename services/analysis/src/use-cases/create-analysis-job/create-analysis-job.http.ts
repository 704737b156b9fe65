import type { analysisRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { NamesOthersData, type CreateAnalysisJobService } from './create-analysis-job.service';

/** POST /analysis-jobs: 201 `{ id }` with Location (idempotent: the job is made under `newId`); 422 naming another app's consents or accounts. */
export const createAnalysisJobHttp =
  (service: CreateAnalysisJobService): RouteHandler<typeof analysisRoutes.createAnalysisJob> =>
  async ({ body, caller, newId }) => {
    const result = await service.execute({ id: newId, ownerClientId: caller.clientId, body });
    if (!result.ok) return result.error instanceof NamesOthersData ? { status: 422, problem: { detail: result.error.message, errors: result.error.errors } } : validationFailure(result.error.errors);
    const { id } = result.value;
    return { status: 201, body: { id }, headers: { Location: `/analysis-jobs/${id}` } };
  };
