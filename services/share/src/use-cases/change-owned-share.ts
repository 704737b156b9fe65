import { Conflict, err, NotFound, ok, type Result } from '@obp/core';
import { ConcurrencyConflict, type Change } from '@obp/store';
import type { Share } from '../domain/share';
import type { ShareStore } from '../infrastructure/share-store';

/**
 * Applies `change` to a share its owner asked to change: another app's share, like a missing one,
 * is not found; a share another writer kept changing is a conflict.
 */
export async function changeOwnedShare(
  shares: ShareStore,
  cmd: { ownerClientId: string; shareId: string },
  change: (current: Share) => Change<Share, boolean>,
): Promise<Result<void, NotFound | Conflict>> {
  try {
    const outcome = await shares.mutate(cmd.shareId, (current) => (current.ownerClientId === cmd.ownerClientId ? change(current) : { result: false }));
    return outcome.found && outcome.result ? ok(undefined) : err(new NotFound(`Share ${cmd.shareId} was not found.`));
  } catch (error) {
    if (error instanceof ConcurrencyConflict) return err(new Conflict('The share is being changed concurrently; try again.'));
    throw error;
  }
}
