import type { ConsentDeletedData } from '@obp/contracts';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

const without = (ids: string[] | null, drop: readonly string[]) => (ids === null ? null : ids.filter((id) => !drop.includes(id)));

/**
 * Erasure of a consent: every share naming the consent or one of its accounts loses those ids,
 * announced as share.updated. Repeating it changes nothing.
 */
export const onConsentDeleted =
  (shares: ShareStore, events: ShareEvents) =>
  async (data: ConsentDeletedData): Promise<void> => {
    // Two reads, each through its index (the local store serves no `$or` from an index).
    const byConsent = await shares.ids({ consentIds: data.consentId });
    const byAccount = data.accountIds.length > 0 ? await shares.ids({ accountIds: { $in: data.accountIds } }) : [];
    const naming = [...new Set([...byConsent, ...byAccount])];
    const now = new Date();
    for (const id of naming) {
      await shares.mutate(id, (current) => {
        const next = { ...current, consentIds: without(current.consentIds, [data.consentId]), accountIds: without(current.accountIds, data.accountIds), updatedAt: now };
        if (next.consentIds?.length === current.consentIds?.length && next.accountIds?.length === current.accountIds?.length) return { result: undefined };
        return { next, events: [events.updated(next)], result: undefined };
      });
    }
  };
