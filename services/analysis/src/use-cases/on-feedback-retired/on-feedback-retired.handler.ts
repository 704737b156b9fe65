import type { TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { FeedbackRules } from '../../infrastructure/feedback-rules';

/** `categorization-feedback.retired`: a newer accepted item about the same transaction replaced the item's rule. */
export const onFeedbackRetired =
  (rules: FeedbackRules): TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.retired'> =>
  async (item, event) => {
    const retiredAt = [...item.history].reverse().find((entry) => entry.event === 'retired')?.at ?? event.occurredAt;
    await rules.retire(item.id, new Date(retiredAt));
  };
