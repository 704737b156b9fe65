import type { feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toFeedbackItemDto } from '../../domain/feedback-item';
import type { FeedbackStore } from '../../infrastructure/feedback-store';
import { feedbackNotFound } from '../feedback-answers';

/** GET /v2/categorization-feedback/{id}: one item of the calling app; another app's is a 404. */
export const getFeedbackHttp =
  (items: FeedbackStore): RouteHandler<typeof feedbackRoutes.getFeedback> =>
  async ({ params, caller }) => {
    const item = await items.find(params.id);
    return item && item.ownerClientId === caller.clientId ? { status: 200, body: { data: toFeedbackItemDto(item) } } : feedbackNotFound(params.id);
  };
