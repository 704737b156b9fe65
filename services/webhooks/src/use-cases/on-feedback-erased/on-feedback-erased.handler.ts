import type { TombstoneHandler, TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { EraseMessagesService } from '../erase-messages/erase-messages.service';

/**
 * `categorization-feedback.erased` (its account was erased with its consent): the item's messages go,
 * the reviewer's note and the transaction's id with them.
 */
export const onFeedbackErased =
  (erasure: EraseMessagesService): TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.erased'> =>
  async (data) => {
    await erasure.erase([data.id], new Date());
  };

/** The tombstone of an item, which follows its `erased`: for a consumer so far behind that compaction dropped the event. */
export const onFeedbackTombstone =
  (erasure: EraseMessagesService): TombstoneHandler =>
  async (key) => {
    await erasure.erase([key], new Date());
  };
