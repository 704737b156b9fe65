import { ConsentData, ownershipHandlers } from '@obp/consent-data';
import { consentEvents, feedbackEvents, feedbackRoutes } from '@obp/contracts';
import { ErasedIds } from '@obp/db';
import { bindRoutes } from '@obp/http';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { ShareGrants } from '@obp/share-grants';
import type { FeedbackConfig } from './config';
import type { FeedbackItem } from './domain/feedback-item';
import { FeedbackEvents, feedbackStoreOptions, type FeedbackStore } from './infrastructure/feedback-store';
import { TransactionAccounts } from './infrastructure/transaction-accounts';
import { consoleHandlers } from './use-cases/console/console.http';
import { EraseFeedbackService } from './use-cases/erase-feedback/erase-feedback.service';
import { decideFeedbackHttp } from './use-cases/decide-feedback/decide-feedback.http';
import { DecideFeedbackService } from './use-cases/decide-feedback/decide-feedback.service';
import { getFeedbackHttp } from './use-cases/get-feedback/get-feedback.http';
import { getReviewItemHttp } from './use-cases/get-review-item/get-review-item.http';
import { listFeedbackHttp } from './use-cases/list-feedback/list-feedback.http';
import { listReviewQueueHttp } from './use-cases/list-review-queue/list-review-queue.http';
import { onConsentDeleted, onConsentForgotten, onConsentTombstone } from './use-cases/on-consent-deleted/on-consent-deleted.handler';
import { onFeedbackChanged } from './use-cases/on-feedback-changed/on-feedback-changed.handler';
import { onFeedbackSubmitted } from './use-cases/on-feedback-submitted/on-feedback-submitted.handler';
import { onTransactionsAdded } from './use-cases/on-transactions-added/on-transactions-added.handler';
import { submitFeedbackHttp } from './use-cases/submit-feedback/submit-feedback.http';
import { SubmitFeedbackService } from './use-cases/submit-feedback/submit-feedback.service';
import { feedbackMigrations } from './migrations';

export const SERVICE_NAME = 'feedback';

export interface FeedbackServiceParts {
  items: FeedbackStore;
  erasure: EraseFeedbackService;
  /** Whose each consent and account is, and which account each transaction belongs to: what feedback may name. */
  consentOwners: ConsentData;
  transactionAccounts: TransactionAccounts;
  shareGrants: ShareGrants;
}

export type FeedbackServiceHandle = RunningService<FeedbackServiceParts>;

/** Categorization feedback: submission by apps, the review queue and decisions, the reviewer console, superseding from its own events, and erasure with consents. */
export const feedbackService: ServiceDefinition<FeedbackConfig, FeedbackServiceParts> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.FEEDBACK_DB_NAME,
  migrations: feedbackMigrations,
  async compose(kit) {
    const items = kit.store<FeedbackItem>(feedbackStoreOptions);
    const events = new FeedbackEvents(kit.events(feedbackEvents));
    const erasedAccounts = new ErasedIds(kit.database, 'erased_accounts');
    await erasedAccounts.ensureIndexes();
    const erasure = new EraseFeedbackService(items, erasedAccounts, events);
    const changed = onFeedbackChanged(items, events);
    kit.subscribe('supersede', feedbackEvents, { 'categorization-feedback.submitted': onFeedbackSubmitted(erasure, changed), 'categorization-feedback.reviewed': changed });
    kit.subscribe('consent-erasure', consentEvents, { 'consent.deleted': onConsentDeleted(erasure) });
    // Whose each account is, and which account each transaction belongs to: feedback names only what the app can see.
    const consentOwners = new ConsentData(kit.db, { historyStart: (now) => now });
    const transactionAccounts = new TransactionAccounts(kit.database);
    for (const component of [consentOwners, transactionAccounts]) await component.ensureIndexes();
    const ownership = ownershipHandlers(consentOwners);
    kit.subscribe('consent-owners', consentEvents, {
      ...ownership,
      'transactions.added': onTransactionsAdded(transactionAccounts),
      'consent.deleted': onConsentForgotten(ownership['consent.deleted']!, transactionAccounts),
      onTombstone: onConsentTombstone(ownership.onTombstone!, transactionAccounts),
    });
    const grants = kit.shareGrants();
    return {
      routes: bindRoutes(feedbackRoutes, {
        submitFeedback: submitFeedbackHttp(new SubmitFeedbackService(items, events, erasedAccounts, { consentOwners, transactionAccounts, grants, grantWaitMs: kit.config.FEEDBACK_GRANT_WAIT_MS })),
        listFeedback: listFeedbackHttp(items),
        getFeedback: getFeedbackHttp(items),
        listReviewQueue: listReviewQueueHttp(items),
        getReviewItem: getReviewItemHttp(items),
        decideFeedback: decideFeedbackHttp(new DecideFeedbackService(items, events)),
        ...consoleHandlers(),
      }),
      expose: { items, erasure, consentOwners, transactionAccounts, shareGrants: grants },
    };
  },
};

export const startFeedbackService = (config: FeedbackConfig, overrides: ServiceOverrides = {}): Promise<FeedbackServiceHandle> => startService(feedbackService, config, overrides);
