import { ExceptionBase, NotFound, err, ok, type Result } from '@obp/core';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import type { EndpointStore } from '../infrastructure/endpoint-store';

/** The endpoint is disabled: nothing is sent to it until the app enables it again. */
export class EndpointDisabled extends ExceptionBase {
  readonly code = 'ENDPOINT_DISABLED';
}

export const endpointNotFound = (id: string) => new NotFound(`Webhook endpoint ${id} was not found.`);

/** The caller's endpoint; another app's is not found, as a missing one. */
export async function ownedEndpoint(endpoints: EndpointStore, ownerClientId: string, id: string): Promise<Result<WebhookEndpoint, NotFound>> {
  const endpoint = await endpoints.find(id);
  return endpoint && endpoint.ownerClientId === ownerClientId ? ok(endpoint) : err(endpointNotFound(id));
}

/** The caller's endpoint, enabled: messages can be queued for it. */
export async function enabledEndpoint(endpoints: EndpointStore, ownerClientId: string, id: string): Promise<Result<WebhookEndpoint, NotFound | EndpointDisabled>> {
  const owned = await ownedEndpoint(endpoints, ownerClientId, id);
  if (!owned.ok || owned.value.enabled) return owned;
  return err(new EndpointDisabled(`Webhook endpoint ${id} is disabled; enable it first.`));
}
