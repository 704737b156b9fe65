import { err, ok, ValidationFailed, type Result } from '@obp/core';
import type { CreateWebhookBody } from '@obp/contracts';
import { newEndpoint, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { secretOf } from '../../domain/signature';
import { targetUrlProblem, type TargetPolicy } from '../../domain/target-address';
import type { EndpointStore } from '../../infrastructure/endpoint-store';

/** A URL the schema accepted that this deployment still refuses (production: https, public addresses). */
export function urlPolicyFailure(url: string, policy: TargetPolicy): ValidationFailed | null {
  const problem = targetUrlProblem(new URL(url), policy);
  return problem ? new ValidationFailed({ url: [`The url field ${problem}.`] }) : null;
}

export class CreateWebhookService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly policy: TargetPolicy,
  ) {}

  /**
   * The new endpoint and its secret (shown this once), made under `id`. A retry of the request gives
   * the same id: it answers with the endpoint its first attempt made, secret included.
   */
  async execute(id: string, ownerClientId: string, request: CreateWebhookBody, now = new Date()): Promise<Result<{ endpoint: WebhookEndpoint; secret: string }, ValidationFailed>> {
    const refused = urlPolicyFailure(request.url, this.policy);
    if (refused) return err(refused);
    const created = newEndpoint({ id, ownerClientId, url: request.url, description: request.description ?? null, events: request.events }, now);
    // An endpoint deleted since its first attempt made it is answered as this attempt would have made it.
    const endpoint = (await this.endpoints.insertIfAbsent(created)) ? created : ((await this.endpoints.find(id)) ?? created);
    return ok({ endpoint, secret: secretOf(endpoint.keys[0]!.key) });
  }
}
