import type { ConsentDeletedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';

/** `consent.deleted`: everything of the consent goes. */
export const onConsentDeleted =
  ({ consents, accounts, transactions }: ConsentDataCollections) =>
  async ({ consentId }: ConsentDeletedData): Promise<void> => {
    await transactions.deleteMany({ consentId });
    await accounts.deleteMany({ consentId });
    await consents.deleteOne({ _id: consentId });
  };
