import { pagination, type webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toAttemptDto, type AttemptLog } from '../../infrastructure/attempt-log';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { notFoundAnswer } from '../webhook-answers';
import { ownedEndpoint } from '../webhook-errors';

/** GET /webhooks/{id}/deliveries: the endpoint's attempt log, newest first, with what each attempt sent. */
export const listDeliveriesHttp =
  (endpoints: EndpointStore, attempts: AttemptLog, messages: Pick<MessageStore, 'findMany'>): RouteHandler<typeof webhookRoutes.listWebhookDeliveries> =>
  async ({ params, query, caller }) => {
    const owned = await ownedEndpoint(endpoints, caller.clientId, params.id);
    if (!owned.ok) return notFoundAnswer(owned.error);
    const { items, total } = await attempts.page(params.id, query.page, query.pageSize, new Date(), { status: query.status ?? undefined, eventType: query.eventType ?? undefined });
    const bodies = new Map((await messages.findMany([...new Set(items.map((attempt) => attempt.messageId))])).map((message) => [message.id, message.body]));
    return { status: 200, body: { data: items.map((attempt) => toAttemptDto(attempt, bodies.get(attempt.messageId) ?? null)), _pagination: pagination(query.page, query.pageSize, total) } };
  };
