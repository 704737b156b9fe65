import type { TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { FeedbackRules } from '../../infrastructure/feedback-rules';

/** `categorization-feedback.erased`: the item's account was erased with its consent; its rule (if it was accepted) and its transaction go. */
export const onFeedbackErased =
  (rules: FeedbackRules): TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.erased'> =>
  async (data) => {
    await rules.forget(data.id);
  };
