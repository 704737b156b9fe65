import type { Conflict, NotFound, Result } from '@obp/core';
import { expirationOrDefault } from '../../domain/share';
import { writtenExpired } from '../../domain/share-list';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeListedShare } from '../change-listed-share';

export class UpdateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
    private readonly lists: ShareLists,
  ) {}

  /** Sets the expiration (null or absent: one day from now); a listed share is moved back if it now expires later than now. */
  execute(cmd: { ownerClientId: string; shareId: string; expirationDateUtc: Date | null }, now = new Date()): Promise<Result<void, NotFound | Conflict>> {
    return changeListedShare(this.shares, this.lists, cmd, (current) => {
      const expirationDateUtc = expirationOrDefault(cmd.expirationDateUtc, now);
      const listed = current.listPosition !== null && current.listPosition !== undefined;
      const next = { ...current, expirationDateUtc, updatedAt: now, ...(listed ? { listExpired: writtenExpired(expirationDateUtc, now) } : {}) };
      return { next, events: [this.events.updated(next)], result: true };
    });
  }
}
