import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toEndpointDto } from '../../domain/webhook-endpoint';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import { notFoundAnswer } from '../webhook-answers';
import { ownedEndpoint } from '../webhook-errors';

/** GET /webhooks/{id}: the app's own endpoint (without its secret). */
export const getWebhookHttp =
  (endpoints: EndpointStore): RouteHandler<typeof webhookRoutes.getWebhook> =>
  async ({ params, caller }) => {
    const owned = await ownedEndpoint(endpoints, caller.clientId, params.id);
    return owned.ok ? { status: 200, body: { data: toEndpointDto(owned.value) } } : notFoundAnswer(owned.error);
  };
