import type { Producer } from 'kafkajs';
import { publishEntries } from '@obp/bus';
import { JobRunner } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import type { OutboxSource, PendingEvents } from './aggregate-store';
import { OutboxMetrics } from './outbox-metrics';

/** Events per send, as JSON: well under the broker's 1 MiB record batch. */
const MAX_SEND_BYTES = 256 * 1024;

export interface OutboxRelayOptions {
  store: OutboxSource;
  producer: Producer;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** An entry that failed this many times is reported as failing (it is still retried). */
  failingAfterAttempts?: number;
  /** Told each partition a send wrote to (the kit's `LogRoller` rolls them). */
  onWritten?: (topic: string, partition: number) => void;
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
  private readonly metrics: OutboxMetrics;

  constructor(private readonly options: OutboxRelayOptions) {
    this.failingAfterAttempts = options.failingAfterAttempts ?? 10;
    this.batchSize = options.batchSize ?? 100;
    this.metrics = new OutboxMetrics(options.store.name, () => options.store.pendingCount());
    this.runner = new JobRunner<PendingEvents[]>({
      name: `${options.store.name} outbox`,
      logger: options.logger,
      pollIntervalMs: options.pollIntervalMs ?? 30_000,
      // While the broker is unreachable: retried from half a second, doubling up to 30 s.
      failedPassBackoff: { baseMs: Math.min(500, options.pollIntervalMs ?? 500), maxMs: 30_000 },
      source: {
        due: async () => {
          const batch = await options.store.withPendingEvents(this.batchSize);
          this.metrics.seen(oldestEntryOf(batch));
          return batch.length > 0 ? [batch] : [];
        },
        key: () => 'pending',
        run: (batch) => this.publishBatch(batch),
      },
    });
    options.store.onEventsWritten(() => this.runner.kick());
  }

  start(): void {
    this.metrics.start();
    this.runner.start();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    this.metrics.stop();
  }

  /** Publishes what is pending now, up to a batch; returns how many documents were published. */
  async publishPending(): Promise<number> {
    const batch = await this.options.store.withPendingEvents(this.batchSize);
    await this.publishBatch(batch);
    return batch.length;
  }

  /**
   * The batch's events in as few sends as fit the broker's limits (each document's events in one
   * send, in order, on its key's partition); after each send its documents are cleared together
   * (`clearPublishedPage`: a few commands, not a read and a write each). A failed send is counted on its first document and ends the pass (the runner backs off).
   */
  private async publishBatch(batch: PendingEvents[]): Promise<void> {
    const { store } = this.options;
    for (const send of sendsOf(batch)) {
      await this.publish(send);
      await store.clearPublishedPage(send);
    }
  }

  pendingCount(): Promise<number> {
    return this.options.store.pendingCount();
  }

  /** One send of the documents' events; a failure is counted on the first document's first entry. */
  private async publish(docs: PendingEvents[]): Promise<void> {
    const { store, producer, logger } = this.options;
    const entries = docs.flatMap((doc) => doc.outbox);
    if (entries.length === 0) return;
    try {
      const written = await publishEntries(producer, entries);
      for (const { topicName, partition } of written) this.options.onWritten?.(topicName, partition);
    } catch (error) {
      const first = docs.find((doc) => doc.outbox.length > 0)!;
      const attempts = await store.recordPublishFailure(first._id, error as Error).catch(() => 0);
      if (attempts >= this.failingAfterAttempts) logger.error({ store: store.name, aggregateId: first._id, eventId: first.outbox[0]?.eventId, attempts }, 'outbox entry keeps failing to publish');
      throw error;
    }
  }
}

/** When the oldest event of the documents was written; null when they hold none. */
function oldestEntryOf(docs: PendingEvents[]): Date | null {
  let oldest: Date | null = null;
  for (const doc of docs) for (const entry of doc.outbox) if (oldest === null || entry.createdAt < oldest) oldest = entry.createdAt;
  return oldest;
}

/**
 * Splits documents into sends of at most `maxBytes` of events (a document's events are never split;
 * one larger than that goes alone). The broker takes a partition's messages of one request as one
 * record batch, refused above `message.max.bytes` (1 MiB by default); after a refused batch the
 * idempotent producer's sequence is out of step, so sends must stay well under it.
 */
export function sendsOf(docs: PendingEvents[], maxBytes = MAX_SEND_BYTES): PendingEvents[][] {
  const sends: PendingEvents[][] = [];
  let current: PendingEvents[] = [];
  let bytes = 0;
  for (const doc of docs) {
    const size = doc.outbox.reduce((sum, entry) => sum + JSON.stringify(entry.envelope).length + entry.key.length, 0);
    if (current.length > 0 && bytes + size > maxBytes) {
      sends.push(current);
      current = [];
      bytes = 0;
    }
    current.push(doc);
    bytes += size;
  }
  if (current.length > 0) sends.push(current);
  return sends;
}
