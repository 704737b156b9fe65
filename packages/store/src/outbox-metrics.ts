import { metrics, type BatchObservableResult } from '@opentelemetry/api';

/** The outbox's name on its series (`outbox` in Prometheus): the aggregate store's collection. */
const OUTBOX = 'outbox';

/**
 * `outbox.backlog` (aggregates with events not yet published, counted through the store's `hasOutbox`
 * index when the metrics are collected) and `outbox.oldest_age` (the oldest pending event the relay's
 * last read of its batch saw; it grows while nothing publishes it).
 */
export class OutboxMetrics {
  private readonly meter = metrics.getMeter('@obp/store');
  private readonly backlog = this.meter.createObservableGauge('outbox.backlog', { description: 'Aggregates whose events are not published yet', unit: '{aggregate}' });
  private readonly oldestAge = this.meter.createObservableGauge('outbox.oldest_age', { description: 'Age of the oldest event not published yet, as of the relay’s last read', unit: 's' });
  private readonly attributes: { [OUTBOX]: string };
  private oldestPending: Date | null = null;
  private observing = false;

  constructor(
    outbox: string,
    private readonly pendingCount: () => Promise<number>,
  ) {
    this.attributes = { [OUTBOX]: outbox };
  }

  /** What the relay's read of pending events found: the creation of the oldest, null when none. */
  seen(oldestPending: Date | null): void {
    this.oldestPending = oldestPending;
  }

  start(): void {
    if (this.observing) return;
    this.meter.addBatchObservableCallback(this.observe, [this.backlog, this.oldestAge]);
    this.observing = true;
  }

  stop(): void {
    this.meter.removeBatchObservableCallback(this.observe, [this.backlog, this.oldestAge]);
    this.observing = false;
  }

  private readonly observe = async (result: BatchObservableResult): Promise<void> => {
    result.observe(this.oldestAge, this.oldestPending ? Math.max(0, (Date.now() - this.oldestPending.getTime()) / 1000) : 0, this.attributes);
    result.observe(this.backlog, await this.pendingCount(), this.attributes);
  };
}
