import type { webhookRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { notFoundAnswer } from '../webhook-answers';
import type { RotateSecretService } from './rotate-secret.service';

/** POST /webhooks/{id}/rotate-secret: 200 with the new secret (shown once). */
export const rotateSecretHttp =
  (service: RotateSecretService): RouteHandler<typeof webhookRoutes.rotateWebhookSecret> =>
  async ({ params, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id });
    if (!result.ok) return notFoundAnswer(result.error);
    return { status: 200, body: { data: { secret: result.value.secret, previousSecretExpiresAt: result.value.previousSecretExpiresAt.toISOString() } } };
  };
