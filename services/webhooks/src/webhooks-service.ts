import { analysisEvents, feedbackEvents, consentEvents, shareEvents, webhookRoutes } from '@obp/contracts';
import { ErasedIds } from '@obp/db';
import { bindRoutes } from '@obp/http';
import { JobMetrics, JobRunner } from '@obp/jobs';
import type { Versioned } from '@obp/store';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { WebhooksConfig } from './config';
import { DeliveryJobs } from './jobs/webhook-delivery/webhook-delivery.job';
import { DeliveryMetrics } from './jobs/webhook-delivery/delivery-metrics';
import { FirstAttempts } from './jobs/webhook-delivery/first-attempts';
import type { WebhookEndpoint } from './domain/webhook-endpoint';
import type { WebhookMessage } from './domain/webhook-message';
import { AttemptLog } from './infrastructure/attempt-log';
import { endpointStoreOptions, type EndpointStore } from './infrastructure/endpoint-store';
import { HttpSender } from './infrastructure/http-sender';
import { MessageStore } from './infrastructure/message-store';
import { webhooksMigrations } from './migrations';
import { createWebhookHttp } from './use-cases/create-webhook/create-webhook.http';
import { CreateWebhookService } from './use-cases/create-webhook/create-webhook.service';
import { deleteWebhookHttp } from './use-cases/delete-webhook/delete-webhook.http';
import { DeleteWebhookService } from './use-cases/delete-webhook/delete-webhook.service';
import { EraseMessagesService } from './use-cases/erase-messages/erase-messages.service';
import { getWebhookHttp } from './use-cases/get-webhook/get-webhook.http';
import { listDeliveriesHttp } from './use-cases/list-deliveries/list-deliveries.http';
import { listWebhooksHttp } from './use-cases/list-webhooks/list-webhooks.http';
import { onAnalysisJobFinished } from './use-cases/on-analysis-job-finished/on-analysis-job-finished.handler';
import { onConsentDeleted, onConsentTombstone } from './use-cases/on-consent-deleted/on-consent-deleted.handler';
import { onFeedbackErased, onFeedbackTombstone } from './use-cases/on-feedback-erased/on-feedback-erased.handler';
import { onFeedbackReviewed } from './use-cases/on-feedback-reviewed/on-feedback-reviewed.handler';
import { onConsentStatusUpdated } from './use-cases/on-consent-status-updated/on-consent-status-updated.handler';
import { onConsentExpiring } from './use-cases/on-consent-expiring/on-consent-expiring.handler';
import { onShareEvents } from './use-cases/on-share-changed/on-share-events.handler';
import { onTransactionsFetched } from './use-cases/on-transactions-fetched/on-transactions-fetched.handler';
import { pingWebhookHttp } from './use-cases/ping-webhook/ping-webhook.http';
import { PingWebhookService } from './use-cases/ping-webhook/ping-webhook.service';
import { PublishEventService } from './use-cases/publish-event/publish-event.service';
import { retriedUntilApplied } from './use-cases/publish-event/retried-until-applied';
import { redeliverHttp } from './use-cases/redeliver/redeliver.http';
import { RedeliverService } from './use-cases/redeliver/redeliver.service';
import { replayHttp } from './use-cases/replay/replay.http';
import { ReplayService } from './use-cases/replay/replay.service';
import { rotateSecretHttp } from './use-cases/rotate-secret/rotate-secret.http';
import { RotateSecretService } from './use-cases/rotate-secret/rotate-secret.service';
import { updateWebhookHttp } from './use-cases/update-webhook/update-webhook.http';
import { UpdateWebhookService } from './use-cases/update-webhook/update-webhook.service';

/** The delivery runner's name in the job metrics: the stored queue's runs and the first attempts made from consumed runs. */
const DELIVERY_RUNNER = 'webhook delivery';

export const SERVICE_NAME = 'webhooks';

export interface WebhooksServiceParts {
  endpoints: EndpointStore;
  messages: MessageStore;
  attempts: AttemptLog;
  deliveryRunner: JobRunner<Versioned<WebhookMessage>>;
}

export type WebhooksServiceHandle = RunningService<WebhooksServiceParts>;

/** Webhook endpoints of apps, and the delivery of their resources' events as signed messages (Standard Webhooks). */
export const webhooksService: ServiceDefinition<WebhooksConfig, WebhooksServiceParts> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.WEBHOOKS_DB_NAME,
  migrations: webhooksMigrations,
  async compose(kit) {
    const { config, logger } = kit;
    const policy = { production: config.NODE_ENV === 'production', loopbackOnly: config.WEBHOOK_LOOPBACK_ONLY };
    const endpoints = kit.store<WebhookEndpoint>(endpointStoreOptions);
    const messages = new MessageStore(kit.database);
    const attempts = new AttemptLog(kit.database, config.WEBHOOK_RETENTION_DAYS);
    const erased = new ErasedIds(kit.database, 'erased_ids');
    for (const repository of [messages, attempts, erased]) await repository.ensureIndexes();
    const erasure = new EraseMessagesService(erased, messages, attempts);
    const claims = await kit.claims();

    const sender = new HttpSender({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, policy, logger });
    const metrics = new DeliveryMetrics();
    const deliveries = new DeliveryJobs({
      messages,
      endpoints,
      attempts,
      sender,
      claims,
      metrics,
      logger,
      schedule: config.WEBHOOK_RETRY_SCHEDULE,
      leaseMs: config.WEBHOOK_LEASE_MS,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
      endpointConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
      queueRefreshMs: config.WEBHOOK_QUEUE_REFRESH_MS,
    });
    const deliveryRunner = kit.worker(
      new JobRunner<Versioned<WebhookMessage>>({
        name: DELIVERY_RUNNER,
        logger,
        concurrency: config.WEBHOOK_CONCURRENCY,
        pollIntervalMs: config.WEBHOOK_POLL_MS,
        leaseMs: config.WEBHOOK_LEASE_MS,
        // An attempt under way when the service stops gets its answer (or its timeout): a 2xx cut off would be sent again.
        drainMs: config.WEBHOOK_TIMEOUT_MS,
        source: deliveries,
      }),
    );
    const wake = () => {
      deliveries.queued();
      deliveryRunner.kick();
    };
    await kit.periodicRound('webhook-purge', config.PURGE_INTERVAL_MS, async (now) => {
      const cutoff = new Date(now.getTime() - config.WEBHOOK_RETENTION_DAYS * 86_400_000);
      await messages.purgeOlderThan(cutoff);
      await attempts.purgeOlderThan(cutoff);
    });

    const firstAttempts = new FirstAttempts({
      messages,
      attempts,
      sender,
      slots: deliveries.slots,
      metrics,
      runs: new JobMetrics(DELIVERY_RUNNER),
      schedule: config.WEBHOOK_RETRY_SCHEDULE,
      recordOnEndpoint: (endpointId, outcome, now, known) => deliveries.recordOnEndpoint(endpointId, outcome, now, known),
      waitMs: config.WEBHOOK_FIRST_ATTEMPT_WAIT_MS,
      handedOverLeaseMs: config.WEBHOOK_TIMEOUT_MS + config.WEBHOOK_LEASE_MS,
      // The lane's next message (or the retry of a failed answer) is due now: the runner looks at once.
      recordHandedOver: async (message, attempt) => {
        await deliveries.recordHandedOver(message, attempt);
        deliveryRunner.kick();
      },
      logger,
    });
    const publish = new PublishEventService(endpoints, messages, erasure, wake, firstAttempts);
    // No event is lost to an outage of the store: only one that can never be applied is dead-lettered.
    // A run sent again finds its recorded messages by their ids (`FirstAttempts`): no processed-event records.
    kit.subscribeRuns('share-events', shareEvents, retriedUntilApplied(onShareEvents(publish)), { recordsProcessed: false });
    kit.subscribe('consent-events', consentEvents, {
      'consent.status.updated': retriedUntilApplied(onConsentStatusUpdated(publish)),
      'consent.expiring': retriedUntilApplied(onConsentExpiring(publish)),
      'transactions.fetched': retriedUntilApplied(onTransactionsFetched(publish)),
      'consent.deleted': retriedUntilApplied(onConsentDeleted(erasure)),
      onTombstone: retriedUntilApplied(onConsentTombstone(erasure)),
    });
    const onAnalysisJob = retriedUntilApplied(onAnalysisJobFinished(publish));
    kit.subscribe('analysis-events', analysisEvents, { 'analysis-job.completed': onAnalysisJob, 'analysis-job.failed': onAnalysisJob });
    kit.subscribe('feedback-events', feedbackEvents, {
      'categorization-feedback.reviewed': retriedUntilApplied(onFeedbackReviewed(publish)),
      'categorization-feedback.erased': retriedUntilApplied(onFeedbackErased(erasure)),
      onTombstone: retriedUntilApplied(onFeedbackTombstone(erasure)),
    });

    return {
      routes: bindRoutes(webhookRoutes, {
        listWebhooks: listWebhooksHttp(endpoints),
        createWebhook: createWebhookHttp(new CreateWebhookService(endpoints, policy)),
        getWebhook: getWebhookHttp(endpoints),
        updateWebhook: updateWebhookHttp(new UpdateWebhookService(endpoints, messages, policy)),
        deleteWebhook: deleteWebhookHttp(new DeleteWebhookService(endpoints, messages, attempts)),
        rotateWebhookSecret: rotateSecretHttp(new RotateSecretService(endpoints, config.WEBHOOK_SECRET_GRACE_MS)),
        pingWebhook: pingWebhookHttp(new PingWebhookService(endpoints, messages, wake)),
        listWebhookDeliveries: listDeliveriesHttp(endpoints, attempts, messages),
        redeliverWebhookDelivery: redeliverHttp(new RedeliverService(endpoints, messages, wake)),
        replayWebhookDeliveries: replayHttp(new ReplayService(endpoints, messages, config.WEBHOOK_RETENTION_DAYS, wake)),
      }),
      expose: { endpoints, messages, attempts, deliveryRunner },
    };
  },
};

export const startWebhooksService = (config: WebhooksConfig, overrides: ServiceOverrides = {}): Promise<WebhooksServiceHandle> => startService(webhooksService, config, overrides);
