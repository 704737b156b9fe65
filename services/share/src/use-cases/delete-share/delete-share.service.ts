import type { Conflict, NotFound, Result } from '@obp/core';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';
import { changeOwnedShare } from '../change-owned-share';

export class DeleteShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  /** The recipient app loses access at once; the document goes once share.deleted is published. */
  execute(cmd: { ownerClientId: string; shareId: string }): Promise<Result<void, NotFound | Conflict>> {
    return changeOwnedShare(this.shares, cmd, (current) => ({ remove: true, events: this.events.deleted(current), result: true }));
  }
}
