import { err, NotFound, ok, type Result } from '@obp/core';
import { requeue } from '../../domain/webhook-message';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { enabledEndpoint, type EndpointDisabled } from '../webhook-errors';

export class RedeliverService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly wake: () => void,
  ) {}

  /** Sends the message again with the same webhook-id, whatever became of it (attempted at once, the whole schedule ahead). */
  async execute(cmd: { ownerClientId: string; id: string; deliveryId: string }, now = new Date()): Promise<Result<string, NotFound | EndpointDisabled>> {
    const endpoint = await enabledEndpoint(this.endpoints, cmd.ownerClientId, cmd.id);
    if (!endpoint.ok) return endpoint;
    const outcome = await this.messages.mutate(cmd.deliveryId, (current) => (current.endpointId === cmd.id ? { next: requeue(current, 'manual', now), result: true } : { result: false }));
    if (!outcome.found || !outcome.result) return err(new NotFound(`Delivery ${cmd.deliveryId} of webhook endpoint ${cmd.id} was not found.`));
    this.wake();
    return ok(cmd.deliveryId);
  }
}
