import type { ConsentDeletedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';

/** `consent.deleted`: everything of the consent goes. */
export const onConsentDeleted =
  ({ consents, accounts, historyMonths, resultSlots }: ConsentDataCollections) =>
  async ({ consentId }: ConsentDeletedData): Promise<void> => {
    // The result slot first: from here on no cached result is read, and a computation racing with
    // this erasure finds no slot to write into (results are only ever written into an existing slot).
    await resultSlots.deleteOne({ _id: consentId });
    await historyMonths.collection.deleteMany({ consentId });
    await accounts.deleteMany({ consentId });
    await consents.deleteOne({ _id: consentId });
  };
