import { metrics } from '@opentelemetry/api';
import type { AttemptOutcome } from '../domain/webhook-message';

const meter = metrics.getMeter('@obp/webhooks');

/**
 * Delivery outcomes, queue depth and the age of the oldest pending message, through the
 * OpenTelemetry metrics API (no-ops until a meter provider is registered). The gauges report what
 * the delivery runner's last read of the queue saw: no query of their own.
 */
export class DeliveryMetrics {
  private readonly attempts = meter.createCounter('webhook.delivery.attempts', { description: 'Delivery attempts by outcome (succeeded, failed, gone) and trigger' });
  private queue = { depth: 0, oldestCreatedAt: null as Date | null };

  constructor() {
    meter.createObservableGauge('webhook.queue.depth', { description: 'Messages waiting for delivery' }).addCallback((result) => result.observe(this.queue.depth));
    meter
      .createObservableGauge('webhook.queue.oldest_age', { description: 'Age of the oldest message waiting for delivery', unit: 's' })
      .addCallback((result) => result.observe(this.queue.oldestCreatedAt ? (Date.now() - this.queue.oldestCreatedAt.getTime()) / 1000 : 0));
  }

  attempted(outcome: AttemptOutcome, trigger: string): void {
    this.attempts.add(1, { outcome, trigger });
  }

  queueSeen(depth: number, oldestCreatedAt: Date | null): void {
    this.queue = { depth, oldestCreatedAt };
  }
}
