import { err, NotFound, type Conflict, type Result } from '@obp/core';
import { ConcurrencyConflict, type Change } from '@obp/store';
import type { Share } from '../domain/share';
import { blockOf, CHANGE_WINDOW_MS, countDelta, countedOf } from '../domain/share-list';
import type { ShareLists } from '../infrastructure/share-lists';
import type { ShareStore } from '../infrastructure/share-store';
import { changeOwnedShare } from './change-owned-share';

/** The share was read without a list position and got one before the change was written: the change starts again. */
class PositionGiven extends Error {}

/**
 * `changeOwnedShare` for a change that may alter the share's counts in its owner's list: tracked by the list
 * (`ShareLists.track`), which adds what the change did to the share's contribution once written. A share without a
 * position (made before the lists) is counted by the build that gives it one, so its change is not tracked.
 * An attempt that would write after half the change window gives up as a conflict (the mover relies on the bound).
 */
export async function changeListedShare(
  shares: ShareStore,
  lists: ShareLists,
  cmd: { ownerClientId: string; shareId: string },
  change: (current: Share) => Change<Share, boolean>,
): Promise<Result<void, NotFound | Conflict>> {
  for (;;) {
    const seen = await shares.find(cmd.shareId);
    if (!seen || seen.ownerClientId !== cmd.ownerClientId) return err(new NotFound(`Share ${cmd.shareId} was not found.`));
    const position = seen.listPosition ?? null;
    let written: { before: Share; decided: Change<Share, boolean> } | null = null;
    const started = Date.now();
    const guarded = (current: Share): Change<Share, boolean> => {
      if ((current.listPosition ?? null) !== position) throw new PositionGiven();
      if (position !== null && Date.now() - started > CHANGE_WINDOW_MS / 2) throw new ConcurrencyConflict(cmd.shareId);
      const decided = change(current);
      written = { before: current, decided };
      return decided;
    };
    try {
      if (position === null) return await changeOwnedShare(shares, cmd, guarded);
      return await lists.track(cmd.ownerClientId, blockOf(position), async () => {
        const result = await changeOwnedShare(shares, cmd, guarded);
        const done = written as { before: Share; decided: Change<Share, boolean> } | null;
        if (!result.ok || !done || !('next' in done.decided || 'remove' in done.decided)) return { value: result, delta: null };
        return { value: result, delta: countDelta(countedOf(done.before), 'next' in done.decided ? countedOf(done.decided.next) : null) };
      });
    } catch (error) {
      if (!(error instanceof PositionGiven)) throw error;
      shares.forgetCached(cmd.shareId);
    }
  }
}
