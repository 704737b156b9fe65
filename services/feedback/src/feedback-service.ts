import { feedbackEvents, feedbackRoutes } from '@obp/contracts';
import { bindRoutes } from '@obp/http';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { FeedbackConfig } from './config';
import type { FeedbackItem } from './domain/feedback-item';
import { FeedbackEvents, feedbackStoreOptions, type FeedbackStore } from './infrastructure/feedback-store';
import { consoleHandlers } from './use-cases/console/console.http';
import { decideFeedbackHttp } from './use-cases/decide-feedback/decide-feedback.http';
import { DecideFeedbackService } from './use-cases/decide-feedback/decide-feedback.service';
import { getFeedbackHttp } from './use-cases/get-feedback/get-feedback.http';
import { getReviewItemHttp } from './use-cases/get-review-item/get-review-item.http';
import { listFeedbackHttp } from './use-cases/list-feedback/list-feedback.http';
import { listReviewQueueHttp } from './use-cases/list-review-queue/list-review-queue.http';
import { onFeedbackChanged } from './use-cases/on-feedback-changed/on-feedback-changed.handler';
import { submitFeedbackHttp } from './use-cases/submit-feedback/submit-feedback.http';
import { SubmitFeedbackService } from './use-cases/submit-feedback/submit-feedback.service';

export const SERVICE_NAME = 'feedback';

export interface FeedbackServiceParts {
  items: FeedbackStore;
}

export type FeedbackServiceHandle = RunningService<FeedbackServiceParts>;

/** Categorization feedback: submission by apps, the review queue and decisions, the reviewer console, and superseding from its own events. */
export const feedbackService: ServiceDefinition<FeedbackConfig, FeedbackServiceParts> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.FEEDBACK_DB_NAME,
  async compose(kit) {
    const items = kit.store<FeedbackItem>(feedbackStoreOptions);
    const events = new FeedbackEvents(kit.events(feedbackEvents));
    const changed = onFeedbackChanged(items, events);
    kit.subscribe('supersede', feedbackEvents, { 'categorization-feedback.submitted': changed, 'categorization-feedback.reviewed': changed });
    return {
      routes: bindRoutes(feedbackRoutes, {
        submitFeedback: submitFeedbackHttp(new SubmitFeedbackService(items, events)),
        listFeedback: listFeedbackHttp(items),
        getFeedback: getFeedbackHttp(items),
        listReviewQueue: listReviewQueueHttp(items),
        getReviewItem: getReviewItemHttp(items),
        decideFeedback: decideFeedbackHttp(new DecideFeedbackService(items, events)),
        ...consoleHandlers(),
      }),
      expose: { items },
    };
  },
};

export const startFeedbackService = (config: FeedbackConfig, overrides: ServiceOverrides = {}): Promise<FeedbackServiceHandle> => startService(feedbackService, config, overrides);
