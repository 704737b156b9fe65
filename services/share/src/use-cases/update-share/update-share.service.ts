import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import { expirationOrDefault } from '../../domain/share';
import type { ShareRepository } from '../../infrastructure/share.repository';

const MAX_ATTEMPTS = 5;

export class UpdateShareService {
  constructor(private readonly shares: ShareRepository, private readonly onEventsWritten: () => void) {}

  /** Sets the expiration (null or absent: one day from now), retrying on a concurrent change. */
  async execute(
    cmd: { ownerClientId: string; shareId: string; expirationDateUtc: Date | null | undefined },
    now = new Date(),
  ): Promise<Result<void, NotFound | Conflict>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.shares.findOwned(cmd.ownerClientId, cmd.shareId);
      if (!current) return err(new NotFound(`Share ${cmd.shareId} was not found.`));
      const applied = await this.shares.update(current, { expirationDateUtc: expirationOrDefault(cmd.expirationDateUtc, now), updatedAt: now });
      if (applied) {
        this.onEventsWritten();
        return ok(undefined);
      }
    }
    return err(new Conflict('The share is being changed concurrently; try again.'));
  }
}
