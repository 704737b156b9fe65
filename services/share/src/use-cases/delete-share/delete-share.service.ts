import type { Conflict, NotFound, Result } from '@obp/core';
import type { Share } from '../../domain/share';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeOwnedShare } from '../change-owned-share';

export class DeleteShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly lists: ShareLists,
    private readonly events: ShareEvents,
  ) {}

  /** The recipient app loses access at once; the document goes once share.deleted is published. */
  async execute(cmd: { ownerClientId: string; shareId: string }): Promise<Result<void, NotFound | Conflict>> {
    let removed: Share | undefined;
    const outcome = await changeOwnedShare(this.shares, cmd, (current) => {
      removed = current;
      return { remove: true, events: this.events.deleted(current), result: true };
    });
    if (outcome.ok && removed) await this.lists.recount(removed.ownerClientId, removed.listPosition, [removed.expirationDateUtc]);
    return outcome;
  }
}
