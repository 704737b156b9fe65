import { NonRetriableError, type MessageMeta } from '@obp/bus';
import type { EventEnvelope, FeedbackItemDto } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

/** categorization-feedback.reviewed: the reviewer's decision, to the endpoints of the app that sent the feedback, in the item's lane. */
export const onFeedbackReviewed =
  (publish: PublishEventService) =>
  async (item: FeedbackItemDto, event: EventEnvelope<FeedbackItemDto, 'categorization-feedback.reviewed'>, meta: MessageMeta): Promise<void> => {
    if ((item.status !== 'Accepted' && item.status !== 'Rejected') || item.reviewedAt === null) {
      throw new NonRetriableError(`categorization-feedback.reviewed of item ${item.id} carries no decision (status ${item.status})`);
    }
    await publish.publish({
      ...fromConsumed(event, meta),
      resource: `categorization-feedback:${item.id}`,
      type: 'categorization-feedback.reviewed',
      data: { feedbackId: item.id, transactionId: item.transaction.transactionId, status: item.status, note: item.reviewNote, reviewedAt: item.reviewedAt },
    });
  };
