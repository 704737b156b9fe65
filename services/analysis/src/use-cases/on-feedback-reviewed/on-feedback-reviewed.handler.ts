import type { TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { FeedbackRules } from '../../infrastructure/feedback-rules';

/** `categorization-feedback.reviewed`: an accepted item becomes a rule of its app for later e1 jobs; a rejected one does nothing. */
export const onFeedbackReviewed =
  (rules: FeedbackRules): TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.reviewed'> =>
  async (item, event) => {
    await rules.accept(item, event.ownerClientId);
  };
