import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { failureAnswer } from '../webhook-answers';
import type { PingWebhookService } from './ping-webhook.service';

/** POST /webhooks/{id}/ping: 202 with the message's id (its webhook-id). */
export const pingWebhookHttp =
  (service: PingWebhookService): RouteHandler<typeof webhookRoutes.pingWebhook> =>
  async ({ params, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id });
    return result.ok ? { status: 202, body: { data: { deliveryIds: [result.value] } } } : failureAnswer(result.error);
  };
