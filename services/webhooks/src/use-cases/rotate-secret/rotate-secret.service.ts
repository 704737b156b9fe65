import { err, ok, type NotFound, type Result } from '@obp/core';
import { rotateKey } from '../../domain/webhook-endpoint';
import { secretOf } from '../../domain/signature';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import { endpointNotFound } from '../webhook-errors';

export class RotateSecretService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly graceMs: number,
  ) {}

  /** A new secret; the one it replaces signs beside it until the grace period ends. */
  async execute(cmd: { ownerClientId: string; id: string }, now = new Date()): Promise<Result<{ secret: string; previousSecretExpiresAt: Date }, NotFound>> {
    const outcome = await this.endpoints.mutate(cmd.id, (current) => {
      if (current.ownerClientId !== cmd.ownerClientId) return { result: null };
      const next = rotateKey(current, now, this.graceMs);
      return { next, result: next };
    });
    if (!outcome.found || !outcome.result) return err(endpointNotFound(cmd.id));
    return ok({ secret: secretOf(outcome.result.keys[0]!.key), previousSecretExpiresAt: new Date(now.getTime() + this.graceMs) });
  }
}
