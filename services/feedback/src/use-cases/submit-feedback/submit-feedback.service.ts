import type { CategorizationFeedbackBody } from '@obp/contracts';
import { newFeedbackItem } from '../../domain/feedback-item';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

/** Queues an item for review, with its `submitted` event in the same write (older items about the transaction are superseded from that event). */
export class SubmitFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly events: FeedbackEvents,
  ) {}

  /** Queues the item under `id` (a retry of the request gives the same id, and leaves the item its first attempt made). */
  async execute(id: string, ownerClientId: string, body: CategorizationFeedbackBody, now = new Date()): Promise<string> {
    const item = newFeedbackItem(id, ownerClientId, body, now);
    await this.items.insertIfAbsent(item, [this.events.submitted(item)]);
    return item.id;
  }
}
