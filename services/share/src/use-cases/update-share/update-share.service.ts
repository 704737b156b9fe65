import type { Conflict, NotFound, Result } from '@obp/core';
import { expirationOrDefault, type Share } from '../../domain/share';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeOwnedShare } from '../change-owned-share';

export class UpdateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly lists: ShareLists,
    private readonly events: ShareEvents,
  ) {}

  /** Sets the expiration (null or absent: one day from now); the owner's list counts the share under its new day of expiry. */
  async execute(cmd: { ownerClientId: string; shareId: string; expirationDateUtc: Date | null }, now = new Date()): Promise<Result<void, NotFound | Conflict>> {
    let change: { before: Share; after: Share } | undefined;
    const outcome = await changeOwnedShare(this.shares, cmd, (current) => {
      const next = { ...current, expirationDateUtc: expirationOrDefault(cmd.expirationDateUtc, now), updatedAt: now };
      change = { before: current, after: next };
      return { next, events: [this.events.updated(next)], result: true };
    });
    if (outcome.ok && change) await this.lists.recount(change.after.ownerClientId, change.after.listPosition, [change.before.expirationDateUtc, change.after.expirationDateUtc]);
    return outcome;
  }
}
