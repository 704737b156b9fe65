import type { AccountsUpdatedData } from '@obp/contracts';
import type { ConsentDataCollections } from './collections';
import { markDataChanged } from './mark-data-changed';

/** `accounts.updated`: the consent's own account numbers (transfers between them are neither income nor expense). */
export const onAccountsUpdated =
  (collections: ConsentDataCollections) =>
  async (data: AccountsUpdatedData): Promise<void> => {
    for (const account of data.accounts) {
      await collections.accounts.replaceOne({ _id: account.id }, { consentId: data.consentId, iban: account.iban }, { upsert: true });
    }
    await markDataChanged(collections, data.consentId);
  };
