import type { feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toFeedbackItemDto } from '../../domain/feedback-item';
import { feedbackNotFound } from '../feedback-answers';
import type { DecideFeedbackService } from './decide-feedback.service';

/** POST /v2/review/categorization-feedback/{id}/decision: 200 with the decided item; 409 when it is not Pending. */
export const decideFeedbackHttp =
  (service: DecideFeedbackService): RouteHandler<typeof feedbackRoutes.decideFeedback> =>
  async ({ params, body, caller }) => {
    const result = await service.execute(params.id, caller.clientId, body);
    if (result.ok) return { status: 200, body: { data: toFeedbackItemDto(result.value) } };
    return result.error.code === 'NOT_FOUND' ? feedbackNotFound(params.id) : { status: 409, problem: { title: 'Not pending', detail: result.error.message } };
  };
