import type { webhookRoutes } from '@obp/contracts';
import { ValidationFailed } from '@obp/core';
import { validationFailure, type RouteHandler } from '@obp/http';
import { toEndpointDto } from '../../domain/webhook-endpoint';
import { notFoundAnswer } from '../webhook-answers';
import type { UpdateWebhookService } from './update-webhook.service';

/** PUT /webhooks/{id}: 200 with the endpoint as changed. */
export const updateWebhookHttp =
  (service: UpdateWebhookService): RouteHandler<typeof webhookRoutes.updateWebhook> =>
  async ({ params, body, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, id: params.id, changes: body });
    if (result.ok) return { status: 200, body: { data: toEndpointDto(result.value) } };
    return result.error instanceof ValidationFailed ? validationFailure(result.error.errors) : notFoundAnswer(result.error);
  };
