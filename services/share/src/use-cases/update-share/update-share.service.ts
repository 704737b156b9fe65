import type { Conflict, NotFound, Result } from '@obp/core';
import { expirationOrDefault } from '../../domain/share';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeOwnedShare } from '../change-owned-share';

export class UpdateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  /** Sets the expiration (null or absent: one day from now). */
  execute(cmd: { ownerClientId: string; shareId: string; expirationDateUtc: Date | null }, now = new Date()): Promise<Result<void, NotFound | Conflict>> {
    return changeOwnedShare(this.shares, cmd, (current) => {
      const next = { ...current, expirationDateUtc: expirationOrDefault(cmd.expirationDateUtc, now), updatedAt: now };
      return { next, events: [this.events.updated(next)], result: true };
    });
  }
}
