import { pagination, type webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toAttemptDto, type AttemptLog } from '../../infrastructure/attempt-log';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import { notFoundAnswer } from '../webhook-answers';
import { ownedEndpoint } from '../webhook-errors';

/** GET /webhooks/{id}/deliveries: the endpoint's attempt log, newest first. */
export const listDeliveriesHttp =
  (endpoints: EndpointStore, attempts: AttemptLog): RouteHandler<typeof webhookRoutes.listWebhookDeliveries> =>
  async ({ params, query, caller }) => {
    const owned = await ownedEndpoint(endpoints, caller.clientId, params.id);
    if (!owned.ok) return notFoundAnswer(owned.error);
    const { items, total } = await attempts.page(params.id, query.page, query.pageSize);
    return { status: 200, body: { data: items.map(toAttemptDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
