import { pagination, type feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toFeedbackItemDto } from '../../domain/feedback-item';
import type { FeedbackStore } from '../../infrastructure/feedback-store';

/** GET /v2/review/categorization-feedback: every app's items, oldest first, Pending unless another status is asked for. */
export const listReviewQueueHttp =
  (items: FeedbackStore): RouteHandler<typeof feedbackRoutes.listReviewQueue> =>
  async ({ query }) => {
    const filter = {
      status: query.status ?? 'Pending',
      ...(query.engine !== null ? { engine: query.engine } : {}),
      ...(query.category !== undefined ? { categoryPaths: query.category } : {}),
      ...(query.clientId !== undefined ? { ownerClientId: query.clientId } : {}),
    };
    const [page, total] = await Promise.all([
      items.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      items.count(filter),
    ]);
    return { status: 200, body: { data: page.map((item) => ({ ...toFeedbackItemDto(item), clientId: item.ownerClientId })), _pagination: pagination(query.page, query.pageSize, total) } };
  };
