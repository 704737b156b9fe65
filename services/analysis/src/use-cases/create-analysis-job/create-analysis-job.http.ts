import type { analysisRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import type { CreateAnalysisJobService } from './create-analysis-job.service';

/** POST /analysis-jobs: 201 `{ id }` with Location; a known Idempotency-Key answers with its job again. */
export const createAnalysisJobHttp =
  (service: CreateAnalysisJobService): RouteHandler<typeof analysisRoutes.createAnalysisJob> =>
  async ({ body, caller, headers }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, body, idempotencyKey: headers['Idempotency-Key'] ?? null });
    if (!result.ok) {
      const error = result.error;
      return error.code === 'VALIDATION_FAILED' ? validationFailure(error.errors) : { status: 422, problem: { title: 'Idempotency-Key reused', detail: error.message } };
    }
    const { id, replayed } = result.value;
    return { status: 201, body: { id }, headers: { Location: `/analysis-jobs/${id}`, 'Idempotent-Replayed': replayed ? 'true' : undefined } };
  };
