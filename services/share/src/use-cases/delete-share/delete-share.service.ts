import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import type { ShareRepository } from '../../infrastructure/share.repository';

export class DeleteShareService {
  constructor(private readonly shares: ShareRepository, private readonly onEventsWritten: () => void) {}

  async execute(cmd: { ownerClientId: string; shareId: string }, now = new Date()): Promise<Result<void, NotFound | Conflict>> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.shares.findOwned(cmd.ownerClientId, cmd.shareId);
      if (!current) return err(new NotFound(`Share ${cmd.shareId} was not found.`));
      if (await this.shares.markDeleted(current, now)) {
        this.onEventsWritten();
        return ok(undefined);
      }
    }
    return err(new Conflict('The share is being changed concurrently; try again.'));
  }
}
