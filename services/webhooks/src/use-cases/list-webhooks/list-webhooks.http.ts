import { pagination, type webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toEndpointDto } from '../../domain/webhook-endpoint';
import type { EndpointStore } from '../../infrastructure/endpoint-store';

/** GET /webhooks: the calling app's endpoints, oldest first, paged like shares. */
export const listWebhooksHttp =
  (endpoints: EndpointStore): RouteHandler<typeof webhookRoutes.listWebhooks> =>
  async ({ query, caller }) => {
    const filter = { ownerClientId: caller.clientId };
    const [items, total] = await Promise.all([
      endpoints.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      endpoints.count(filter),
    ]);
    return { status: 200, body: { data: items.map(toEndpointDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
