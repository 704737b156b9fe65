import { randomUUID } from 'node:crypto';
import type { CategorizationFeedbackBody } from '@obp/contracts';
import { newFeedbackItem } from '../../domain/feedback-item';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

/** Queues an item for review, with its `submitted` event in the same write (older items about the transaction are superseded from that event). */
export class SubmitFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly events: FeedbackEvents,
  ) {}

  async execute(ownerClientId: string, body: CategorizationFeedbackBody, now = new Date()): Promise<string> {
    const item = newFeedbackItem(randomUUID(), ownerClientId, body, now);
    await this.items.insert(item, [this.events.submitted(item)]);
    return item.id;
  }
}
