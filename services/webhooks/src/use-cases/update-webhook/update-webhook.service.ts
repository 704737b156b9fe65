import { err, NotFound, ok, type Result, type ValidationFailed } from '@obp/core';
import type { UpdateWebhookBody } from '@obp/contracts';
import { disable, enable, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import type { TargetPolicy } from '../../domain/target-address';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { urlPolicyFailure } from '../create-webhook/create-webhook.service';
import { endpointNotFound } from '../webhook-errors';

export class UpdateWebhookService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly policy: TargetPolicy,
  ) {}

  /**
   * Applies the fields given. `enabled: true` re-enables a disabled endpoint (its failure streak
   * starts over); `enabled: false` disables it and gives up the messages waiting for it.
   */
  async execute(cmd: { ownerClientId: string; id: string; changes: UpdateWebhookBody }, now = new Date()): Promise<Result<WebhookEndpoint, NotFound | ValidationFailed>> {
    const { changes } = cmd;
    const refused = changes.url === undefined ? null : urlPolicyFailure(changes.url, this.policy);
    if (refused) return err(refused);
    const outcome = await this.endpoints.mutate(cmd.id, (current) => {
      if (current.ownerClientId !== cmd.ownerClientId) return { result: null };
      let next: WebhookEndpoint = {
        ...current,
        url: changes.url ?? current.url,
        events: changes.events ?? current.events,
        description: changes.description === undefined ? current.description : changes.description,
        updatedAt: now,
      };
      if (changes.enabled === true && !current.enabled) next = enable(next, now);
      if (changes.enabled === false && current.enabled) next = disable(next, 'by-app', now);
      return { next, result: next };
    });
    if (!outcome.found || !outcome.result) return err(endpointNotFound(cmd.id));
    if (!outcome.result.enabled) await this.messages.abandonPendingOf(cmd.id, 'the endpoint was disabled (by-app)', now);
    return ok(outcome.result);
  }
}
