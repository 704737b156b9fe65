import type { TombstoneHandler, TypedEventHandler } from '@obp/bus';
import { erasedConsentOfTombstone, type consentEvents } from '@obp/contracts';
import type { TransactionAccounts } from '../../infrastructure/transaction-accounts';
import type { EraseFeedbackService } from '../erase-feedback/erase-feedback.service';

/** `consent.deleted`: every feedback item about one of the consent's accounts is erased. */
export const onConsentDeleted =
  (erasure: EraseFeedbackService): TypedEventHandler<typeof consentEvents, 'consent.deleted'> =>
  async (data) => {
    await erasure.eraseAccounts(data.accountIds);
  };

/** `consent.deleted` for the projection of whose each account and transaction is: the consent is forgotten, with its transactions' accounts. */
export const onConsentForgotten =
  (ownership: TypedEventHandler<typeof consentEvents, 'consent.deleted'>, transactionAccounts: TransactionAccounts): TypedEventHandler<typeof consentEvents, 'consent.deleted'> =>
  async (data, event, meta) => {
    await ownership(data, event, meta);
    await transactionAccounts.eraseConsent(data.consentId);
  };

/** The tombstone of a consent's key, for a consumer that lagged past the compaction of its `consent.deleted`. */
export const onConsentTombstone =
  (ownership: TombstoneHandler, transactionAccounts: TransactionAccounts): TombstoneHandler =>
  async (key, meta) => {
    await ownership(key, meta);
    const consentId = erasedConsentOfTombstone(key);
    if (consentId !== null) await transactionAccounts.eraseConsent(consentId);
  };
