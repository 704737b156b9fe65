import type { Producer } from 'kafkajs';
import { publishEntries } from '@obp/bus';
import { JobRunner } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import type { OutboxSource, PendingEvents } from './aggregate-store';

/** Documents cleared at once after a batch was published (each is its own write). */
const CLEARING_CONCURRENCY = 16;

export interface OutboxRelayOptions {
  store: OutboxSource;
  producer: Producer;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** An entry that failed this many times is reported as failing (it is still retried). */
  failingAfterAttempts?: number;
}

/**
 * Publishes each aggregate's pending events in order, then removes them from its document. A
 * crash between publish and removal republishes on restart; consumers de-duplicate by event id,
 * so every event is applied exactly once. Scheduled by the job runner: woken by the store after
 * every write with events, polled as a fallback, backing off while the broker is unreachable.
 */
export class OutboxRelay {
  /** Its one job is "publish what is pending": a batch of documents, one after the other, in one read. */
  readonly runner: JobRunner<PendingEvents[]>;
  private readonly failingAfterAttempts: number;
  private readonly batchSize: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.failingAfterAttempts = options.failingAfterAttempts ?? 10;
    this.batchSize = options.batchSize ?? 100;
    this.runner = new JobRunner<PendingEvents[]>({
      name: `${options.store.name} outbox`,
      logger: options.logger,
      pollIntervalMs: options.pollIntervalMs ?? 30_000,
      // While the broker is unreachable: retried from half a second, doubling up to 30 s.
      failedPassBackoff: { baseMs: Math.min(500, options.pollIntervalMs ?? 500), maxMs: 30_000 },
      source: {
        due: async () => {
          const batch = await options.store.withPendingEvents(this.batchSize);
          return batch.length > 0 ? [batch] : [];
        },
        key: () => 'pending',
        run: (batch) => this.publishBatch(batch),
      },
    });
    options.store.onEventsWritten(() => this.runner.kick());
  }

  start(): void {
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Publishes what is pending now, up to a batch; returns how many documents were published. */
  async publishPending(): Promise<number> {
    const batch = await this.options.store.withPendingEvents(this.batchSize);
    await this.publishBatch(batch);
    return batch.length;
  }

  /**
   * The batch's events in one send (each document's in order, on its key's partition), then each
   * document cleared, several at once. When the send fails, the documents are sent one by one, so
   * the failure is counted on the one that fails (those sent before it may go twice: consumers
   * de-duplicate by event id).
   */
  private async publishBatch(batch: PendingEvents[]): Promise<void> {
    const entries = batch.flatMap((doc) => doc.outbox);
    if (entries.length > 0) {
      try {
        await publishEntries(this.options.producer, entries);
      } catch {
        for (const doc of batch) await this.publish(doc);
        return;
      }
    }
    const { store } = this.options;
    for (let i = 0; i < batch.length; i += CLEARING_CONCURRENCY) {
      await Promise.all(batch.slice(i, i + CLEARING_CONCURRENCY).map((doc) => store.clearPublished(doc._id, new Set(doc.outbox.map((e) => e.eventId)))));
    }
  }

  pendingCount(): Promise<number> {
    return this.options.store.pendingCount();
  }

  private async publish(doc: PendingEvents): Promise<void> {
    const { store, producer, logger } = this.options;
    if (doc.outbox.length > 0) {
      try {
        await publishEntries(producer, doc.outbox);
      } catch (error) {
        const attempts = await store.recordPublishFailure(doc._id, error as Error).catch(() => 0);
        if (attempts >= this.failingAfterAttempts) logger.error({ store: store.name, aggregateId: doc._id, eventId: doc.outbox[0]?.eventId, attempts }, 'outbox entry keeps failing to publish');
        throw error;
      }
    }
    await store.clearPublished(doc._id, new Set(doc.outbox.map((e) => e.eventId)));
  }
}
