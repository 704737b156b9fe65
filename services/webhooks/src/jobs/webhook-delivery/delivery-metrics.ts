import { metrics } from '@opentelemetry/api';
import type { AttemptOutcome } from '../../domain/webhook-message';

const meter = metrics.getMeter('@obp/webhooks');

/**
 * Delivery attempts by outcome and trigger, through the OpenTelemetry metrics API (no-ops until a
 * meter provider is registered). The queue's depth and age are the job runner's (`job.queue.*` of
 * `webhook delivery`), from the delivery jobs' last read of the queue.
 */
export class DeliveryMetrics {
  private readonly attempts = meter.createCounter('webhook.delivery.attempts', { description: 'Delivery attempts by outcome (succeeded, failed, gone) and trigger' });

  attempted(outcome: AttemptOutcome, trigger: string): void {
    this.attempts.add(1, { outcome, trigger });
  }
}
