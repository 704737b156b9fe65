import type { FeedbackDecisionBody } from '@obp/contracts';
import { err, ExceptionBase, NotFound, ok, type Result } from '@obp/core';
import { decide, type FeedbackItem } from '../../domain/feedback-item';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

/** The item was decided or superseded already. */
export class FeedbackNotPending extends ExceptionBase {
  readonly code = 'FEEDBACK_NOT_PENDING';
}

/** A reviewer accepts or rejects a Pending item; the decision and its `reviewed` event are one write. */
export class DecideFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly events: FeedbackEvents,
  ) {}

  async execute(id: string, reviewerClientId: string, body: FeedbackDecisionBody, now = new Date()): Promise<Result<FeedbackItem, NotFound | FeedbackNotPending>> {
    const outcome = await this.items.mutate<Result<FeedbackItem, FeedbackNotPending>>(id, (current) => {
      const decided = decide(current, body.decision, reviewerClientId, body.note, now);
      if ('kind' in decided) return { result: err(new FeedbackNotPending(`Feedback item ${id} is ${decided.status}: only a Pending item can be decided.`)) };
      return { next: decided, events: [this.events.reviewed(decided)], result: ok(decided) };
    });
    return outcome.found ? outcome.result : err(new NotFound(`Feedback item ${id} was not found.`));
  }
}
