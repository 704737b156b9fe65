import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import { ConcurrencyConflict } from '@obp/store';
import { expirationOrDefault } from '../../domain/share';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

export class UpdateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  /** Sets the expiration (null or absent: one day from now). */
  async execute(cmd: { ownerClientId: string; shareId: string; expirationDateUtc: Date | null }, now = new Date()): Promise<Result<void, NotFound | Conflict>> {
    try {
      const outcome = await this.shares.mutate(cmd.shareId, (current) => {
        if (current.ownerClientId !== cmd.ownerClientId) return { result: false };
        const next = { ...current, expirationDateUtc: expirationOrDefault(cmd.expirationDateUtc, now), updatedAt: now };
        return { next, events: [this.events.updated(next)], result: true };
      });
      return outcome.found && outcome.result ? ok(undefined) : err(new NotFound(`Share ${cmd.shareId} was not found.`));
    } catch (error) {
      if (error instanceof ConcurrencyConflict) return err(new Conflict('The share is being changed concurrently; try again.'));
      throw error;
    }
  }
}
