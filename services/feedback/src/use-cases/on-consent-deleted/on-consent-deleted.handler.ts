import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import type { EraseFeedbackService } from '../erase-feedback/erase-feedback.service';

/** `consent.deleted`: every feedback item about one of the consent's accounts is erased. */
export const onConsentDeleted =
  (erasure: EraseFeedbackService): TypedEventHandler<typeof consentEvents, 'consent.deleted'> =>
  async (data) => {
    await erasure.eraseAccounts(data.accountIds);
  };
