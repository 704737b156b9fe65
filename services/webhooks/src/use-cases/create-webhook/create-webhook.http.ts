import type { webhookRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { toEndpointDto } from '../../domain/webhook-endpoint';
import type { CreateWebhookService } from './create-webhook.service';

/** POST /webhooks: 201 with the endpoint and its secret; idempotent, the endpoint is made under `newId`. */
export const createWebhookHttp =
  (service: CreateWebhookService): RouteHandler<typeof webhookRoutes.createWebhook> =>
  async ({ body, caller, newId }) => {
    const result = await service.execute(newId, caller.clientId, body);
    if (!result.ok) return validationFailure(result.error.errors);
    const { endpoint, secret } = result.value;
    return { status: 201, body: { data: { ...toEndpointDto(endpoint), secret } }, headers: { Location: `/webhooks/${endpoint.id}` } };
  };
