import { err, ok, type NotFound, type Result } from '@obp/core';
import type { AttemptLog } from '../../infrastructure/attempt-log';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { endpointNotFound } from '../webhook-errors';

export class DeleteWebhookService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly attempts: AttemptLog,
  ) {}

  /** The endpoint goes first (nothing is sent to it from then on), then its messages and attempt log. */
  async execute(cmd: { ownerClientId: string; id: string }): Promise<Result<void, NotFound>> {
    const outcome = await this.endpoints.mutate(cmd.id, (current) => (current.ownerClientId === cmd.ownerClientId ? { remove: true, result: true } : { result: false }));
    if (!outcome.found || !outcome.result) return err(endpointNotFound(cmd.id));
    await this.messages.deleteOfEndpoint(cmd.id);
    await this.attempts.deleteOfEndpoint(cmd.id);
    return ok(undefined);
  }
}
