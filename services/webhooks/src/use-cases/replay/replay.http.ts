import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { failureAnswer } from '../webhook-answers';
import type { ReplayService } from './replay.service';

/** POST /webhooks/{id}/replay: 202 with the ids of the messages queued again. */
export const replayHttp =
  (service: ReplayService): RouteHandler<typeof webhookRoutes.replayWebhookDeliveries> =>
  async ({ params, body, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id, since: body.since, onlyFailed: body.onlyFailed ?? false });
    return result.ok ? { status: 202, body: { data: { deliveryIds: result.value } } } : failureAnswer(result.error);
  };
