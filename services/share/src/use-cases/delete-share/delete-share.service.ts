import type { Conflict, NotFound, Result } from '@obp/core';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeListedShare } from '../change-listed-share';

export class DeleteShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
    private readonly lists: ShareLists,
  ) {}

  /** The recipient app loses access at once; the document goes once share.deleted is published. */
  execute(cmd: { ownerClientId: string; shareId: string }): Promise<Result<void, NotFound | Conflict>> {
    return changeListedShare(this.shares, this.lists, cmd, (current) => ({ remove: true, events: this.events.deleted(current), result: true }));
  }
}
