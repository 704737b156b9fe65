import type { TombstoneHandler, TypedEventHandler } from '@obp/bus';
import { erasedConsentOfTombstone, type consentEvents } from '@obp/contracts';
import type { EraseMessagesService } from '../erase-messages/erase-messages.service';

/** `consent.deleted`: the messages naming the consent or one of its accounts are erased. */
export const onConsentDeleted =
  (erasure: EraseMessagesService): TypedEventHandler<typeof consentEvents, 'consent.deleted'> =>
  async (data) => {
    await erasure.erase([data.consentId, ...data.accountIds], new Date());
  };

/**
 * The tombstone of a consent's own key, which follows `consent.deleted`: for a consumer so far behind
 * that compaction dropped the event, the consent's messages are erased here (its accounts are not
 * known without the event; repeated after the event, it changes nothing).
 */
export const onConsentTombstone =
  (erasure: EraseMessagesService): TombstoneHandler =>
  async (key) => {
    const consentId = erasedConsentOfTombstone(key);
    if (consentId !== null) await erasure.erase([consentId], new Date());
  };
