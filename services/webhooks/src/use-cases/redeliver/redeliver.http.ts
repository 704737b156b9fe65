import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { failureAnswer } from '../webhook-answers';
import type { RedeliverService } from './redeliver.service';

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: 202. */
export const redeliverHttp =
  (service: RedeliverService): RouteHandler<typeof webhookRoutes.redeliverWebhookDelivery> =>
  async ({ params, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id, deliveryId: params.deliveryId });
    return result.ok ? { status: 202, body: { data: { deliveryIds: [result.value] } } } : failureAnswer(result.error);
  };
