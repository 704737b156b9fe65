import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { notFoundAnswer } from '../webhook-answers';
import type { DeleteWebhookService } from './delete-webhook.service';

/** DELETE /webhooks/{id}: 204. */
export const deleteWebhookHttp =
  (service: DeleteWebhookService): RouteHandler<typeof webhookRoutes.deleteWebhook> =>
  async ({ params, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id });
    return result.ok ? { status: 204 } : notFoundAnswer(result.error);
  };
