import type { feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { NamesOthersData, type SubmitFeedbackService } from './submit-feedback.service';

/**
 * POST /v2/categorization-feedback: 202 `{ data: { id } }` with Location; idempotent, the item is made under `newId`;
 * 400 on `accountId` for an erased account; 422 naming the fields that name another app's account or transaction.
 */
export const submitFeedbackHttp =
  (service: SubmitFeedbackService): RouteHandler<typeof feedbackRoutes.submitFeedback> =>
  async ({ body, caller, newId }) => {
    const result = await service.execute(newId, caller.clientId, body);
    if (!result.ok) {
      if (result.error instanceof NamesOthersData) return { status: 422, problem: { detail: result.error.message, errors: result.error.errors } };
      return { status: 400, problem: { errors: { accountId: [result.error.message] } } };
    }
    const id = result.value;
    return { status: 202, body: { data: { id } }, headers: { Location: `/v2/categorization-feedback/${id}` } };
  };
