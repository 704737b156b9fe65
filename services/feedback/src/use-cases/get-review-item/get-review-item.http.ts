import type { feedbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { counterpartyKey, toFeedbackItemDto } from '../../domain/feedback-item';
import type { FeedbackStore } from '../../infrastructure/feedback-store';
import { feedbackNotFound } from '../feedback-answers';

const RELATED_ITEMS = 20;

/** GET /v2/review/categorization-feedback/{id}: the item in full, its app, and other items about the same counterparty. */
export const getReviewItemHttp =
  (items: FeedbackStore): RouteHandler<typeof feedbackRoutes.getReviewItem> =>
  async ({ params }) => {
    const item = await items.find(params.id);
    if (!item) return feedbackNotFound(params.id);
    const key = counterpartyKey(item.transaction);
    const others = key === null ? [] : (await items.findMany({ counterpartyKey: key }, { sort: { createdAt: -1 }, limit: RELATED_ITEMS + 1 })).filter((other) => other.id !== item.id).slice(0, RELATED_ITEMS);
    return {
      status: 200,
      body: {
        data: {
          item: toFeedbackItemDto(item),
          clientId: item.ownerClientId,
          related: others.map((other) => ({ id: other.id, clientId: other.ownerClientId, status: other.status, target: other.target, createdAt: other.createdAt.toISOString() })),
        },
      },
    };
  };
