import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import { ConcurrencyConflict } from '@obp/store';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

export class DeleteShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
  ) {}

  /** The recipient app loses access at once; the document goes once share.deleted is published. */
  async execute(cmd: { ownerClientId: string; shareId: string }): Promise<Result<void, NotFound | Conflict>> {
    try {
      const outcome = await this.shares.mutate(cmd.shareId, (current) =>
        current.ownerClientId === cmd.ownerClientId ? { remove: true, events: [this.events.deleted(current)], result: true } : { result: false },
      );
      return outcome.found && outcome.result ? ok(undefined) : err(new NotFound(`Share ${cmd.shareId} was not found.`));
    } catch (error) {
      if (error instanceof ConcurrencyConflict) return err(new Conflict('The share is being changed concurrently; try again.'));
      throw error;
    }
  }
}
