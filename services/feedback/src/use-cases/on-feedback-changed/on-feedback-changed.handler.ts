import type { TypedEventHandler } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import { isNewer, replacedBy, type FeedbackItem } from '../../domain/feedback-item';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

type OnFeedbackChanged = TypedEventHandler<typeof feedbackEvents, 'categorization-feedback.submitted' | 'categorization-feedback.reviewed'>;

const newestOf = (items: readonly FeedbackItem[]): FeedbackItem | undefined => items.reduce<FeedbackItem | undefined>((newest, item) => (!newest || isNewer(item, newest) ? item : newest), undefined);

/**
 * An item about a transaction was submitted or decided: among the app's items about that transaction,
 * every Pending one but the newest is superseded by the newest, and every Accepted one older than the
 * newest Accepted is retired by it. Worked out from the stored items, whatever the order the events of
 * several items arrive in, and changing nothing when repeated.
 */
export const onFeedbackChanged =
  (items: FeedbackStore, events: FeedbackEvents, now: () => Date = () => new Date()): OnFeedbackChanged =>
  async (data, event) => {
    const group = await items.findMany({ ownerClientId: event.ownerClientId, transactionId: data.transaction.transactionId });
    const newest = newestOf(group);
    const newestAccepted = newestOf(group.filter((item) => item.status === 'Accepted'));
    for (const item of group) {
      const newer = item.status === 'Pending' ? newest : item.status === 'Accepted' ? newestAccepted : undefined;
      if (!newer || newer.id === item.id) continue;
      await items.mutate(item.id, (current) => {
        const next = replacedBy(current, newer, now());
        return next ? { next, events: [events.replaced(next)], result: undefined } : { result: undefined };
      });
    }
  };
