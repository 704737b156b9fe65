import type { TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { EraseFeedbackService } from '../erase-feedback/erase-feedback.service';

type OnFeedbackSubmitted = TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.submitted'>;

/**
 * `categorization-feedback.submitted`: an item whose account was erased while it was being submitted
 * (it passed the check just before the erasure recorded the account, and was stored after the erasure
 * looked for items) is erased now; any other goes on to superseding.
 */
export const onFeedbackSubmitted =
  (erasure: EraseFeedbackService, supersede: OnFeedbackSubmitted): OnFeedbackSubmitted =>
  async (data, event, meta) => {
    if (await erasure.eraseIfAccountErased(data)) return;
    await supersede(data, event, meta);
  };
