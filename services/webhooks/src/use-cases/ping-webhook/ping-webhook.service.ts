import { randomBytes } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { ok, type NotFound, type Result } from '@obp/core';
import { laneSequenceOf, newMessage } from '../../domain/webhook-message';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { enabledEndpoint, type EndpointDisabled } from '../webhook-errors';

export class PingWebhookService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly wake: () => void,
  ) {}

  /** Queues a signed webhook.ping (a lane of its own: it waits for no other message); returns its id. */
  async execute(cmd: { ownerClientId: string; id: string }, now = new Date()): Promise<Result<string, NotFound | EndpointDisabled>> {
    const endpoint = await enabledEndpoint(this.endpoints, cmd.ownerClientId, cmd.id);
    if (!endpoint.ok) return endpoint;
    const id = `msg_${randomBytes(20).toString('base64url').slice(0, 27)}`;
    await this.messages.insertNew(
      newMessage({ id, endpointId: cmd.id, ownerClientId: cmd.ownerClientId, eventType: 'webhook.ping', resource: `ping:${id}`, laneSequence: laneSequenceOf('0'), occurredAt: now, data: { webhookId: cmd.id }, trigger: 'manual', trace: traceHeaders(), now }),
    );
    this.wake();
    return ok(id);
  }
}
