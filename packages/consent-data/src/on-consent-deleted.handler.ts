import type { TombstoneHandler } from '@obp/bus';
import { erasedConsentOfTombstone, type ConsentDeletedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';

/** Everything of the consent goes; erasing it again changes nothing. */
export const eraseConsent =
  ({ consents, accounts, historyMonths, resultSlots }: ConsentDataCollections) =>
  async (consentId: string): Promise<void> => {
    // The result slot first: from here on no cached result is read, and a computation racing with
    // this erasure finds no slot to write into (results are only ever written into an existing slot).
    await resultSlots.deleteOne({ _id: consentId });
    await historyMonths.deleteByConsent(consentId);
    await accounts.deleteMany({ consentId });
    await consents.deleteOne({ _id: consentId });
  };

/** `consent.deleted`: everything of the consent goes. */
export const onConsentDeleted = (collections: ConsentDataCollections) => {
  const erase = eraseConsent(collections);
  return ({ consentId }: ConsentDeletedData): Promise<void> => erase(consentId);
};

/**
 * The tombstone of a consent's own key, which follows `consent.deleted`: the consent is erased as on
 * that event, for a consumer that lagged past its compaction (and again, to no effect, for one that did not).
 */
export const onConsentTombstone = (collections: ConsentDataCollections): TombstoneHandler => {
  const erase = eraseConsent(collections);
  return async (key) => {
    const consentId = erasedConsentOfTombstone(key);
    if (consentId !== null) await erase(consentId);
  };
};
