import type { TombstoneHandler } from '@obp/bus';
import { erasedConsentOfTombstone, type ConsentDeletedData } from '@obp/contracts';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

const without = (ids: string[] | null, drop: readonly string[]) => (ids === null ? null : ids.filter((id) => !drop.includes(id)));

/** Every share naming the consent or one of `accountIds` loses those ids, announced as share.updated. Repeating it changes nothing. */
async function removeFromShares(shares: ShareStore, events: ShareEvents, consentId: string, accountIds: string[]): Promise<void> {
  // Two reads, each through its index (the local store serves no `$or` from an index).
  const byConsent = await shares.ids({ consentIds: consentId });
  const byAccount = accountIds.length > 0 ? await shares.ids({ accountIds: { $in: accountIds } }) : [];
  const naming = [...new Set([...byConsent, ...byAccount])];
  const now = new Date();
  for (const id of naming) {
    await shares.mutate(id, (current) => {
      const next = { ...current, consentIds: without(current.consentIds, [consentId]), accountIds: without(current.accountIds, accountIds), updatedAt: now };
      if (next.consentIds?.length === current.consentIds?.length && next.accountIds?.length === current.accountIds?.length) return { result: undefined };
      return { next, events: [events.updated(next)], result: undefined };
    });
  }
}

/** Erasure of a consent: every share naming the consent or one of its accounts loses those ids. */
export const onConsentDeleted =
  (shares: ShareStore, events: ShareEvents) =>
  (data: ConsentDeletedData): Promise<void> =>
    removeFromShares(shares, events, data.consentId, data.accountIds);

/**
 * The tombstone of a consent's own key, which follows `consent.deleted`: when that event was compacted away
 * before this consumer read it, shares still name the consent, and lose it here. Its accounts are not known
 * without the event: a share naming only accounts of the consent keeps their ids (their data is gone).
 */
export const onConsentTombstone =
  (shares: ShareStore, events: ShareEvents): TombstoneHandler =>
  async (key) => {
    const consentId = erasedConsentOfTombstone(key);
    if (consentId !== null) await removeFromShares(shares, events, consentId, []);
  };
