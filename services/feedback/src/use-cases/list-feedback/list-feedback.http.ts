import { pagination, type feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toFeedbackItemDto } from '../../domain/feedback-item';
import type { FeedbackStore } from '../../infrastructure/feedback-store';

/** GET /v2/categorization-feedback: the calling app's own items, oldest first, optionally of one status. */
export const listFeedbackHttp =
  (items: FeedbackStore): RouteHandler<typeof feedbackRoutes.listFeedback> =>
  async ({ query, caller }) => {
    const filter = { ownerClientId: caller.clientId, ...(query.status !== null ? { status: query.status } : {}) };
    const [page, total] = await Promise.all([
      items.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      items.count(filter),
    ]);
    return { status: 200, body: { data: page.map(toFeedbackItemDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
