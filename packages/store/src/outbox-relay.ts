import { envelopeJson, publishEntries, type EventProducer, type OutboxEntry } from '@obp/bus';
import { JobRunner } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import type { OutboxSource, PendingEvents } from './aggregate-store';
import { OutboxMetrics } from './outbox-metrics';

/** Events per send, as JSON: well under the broker's 1 MiB record batch. */
const MAX_SEND_BYTES = 256 * 1024;

export interface OutboxRelayOptions {
  store: OutboxSource;
  producer: Pick<EventProducer, 'sendBatch'>;
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
   * The batch's events in as few sends as fit the broker's limits (each document's events in order, on its
   * key's partition; a document holding more than one send takes several, one after the other); after each
   * send the documents it completed are cleared together (`clearPublishedPage`: a few commands, not a read and
   * a write each). A failed send is counted on its first document and ends the pass (the runner backs off); one the
   * broker refuses for its messages (an event over its size limit) holds only its documents back, after the rest of
   * the batch is published.
   */
  private async publishBatch(batch: PendingEvents[]): Promise<void> {
    const { store } = this.options;
    const held = new Set<string>();
    let refusal: unknown = null;
    for (const send of sendsOf(batch)) {
      if (held.has(send.firstId)) continue;
      try {
        await this.publish(send);
      } catch (error) {
        if (!refusedForItsMessages(error)) throw error;
        // The broker refuses these messages, and will again: their documents wait (counted failing, logged) while the
        // rest of the batch goes out. Ending the pass here would hold every document behind them for good.
        refusal ??= error;
        held.add(send.firstId);
        for (const doc of send.completes) held.add(doc._id);
        continue;
      }
      if (send.completes.length > 0) await store.clearPublishedPage(send.completes);
    }
    if (refusal !== null) throw refusal;
  }

  pendingCount(): Promise<number> {
    return this.options.store.pendingCount();
  }

  /** One send; a failure is counted on the first entry of the first document it carries events of. */
  private async publish({ entries, firstId }: Send): Promise<void> {
    const { store, producer, logger } = this.options;
    if (entries.length === 0) return;
    try {
      const written = await publishEntries(producer, entries);
      for (const { topicName, partition } of written) this.options.onWritten?.(topicName, partition);
    } catch (error) {
      const attempts = await store.recordPublishFailure(firstId, error as Error).catch(() => 0);
      if (attempts >= this.failingAfterAttempts) logger.error({ store: store.name, aggregateId: firstId, eventId: entries[0]?.eventId, attempts }, 'outbox entry keeps failing to publish');
      throw error;
    }
  }
}

/** Broker answers that refuse a send for what its messages are (too large, malformed), not for the broker's state. */
const MESSAGE_REFUSALS = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD', 'CORRUPT_MESSAGE']);

function refusedForItsMessages(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && MESSAGE_REFUSALS.has(type);
}

/** When the oldest event of the documents was written; null when they hold none. */
function oldestEntryOf(docs: PendingEvents[]): Date | null {
  let oldest: Date | null = null;
  for (const doc of docs) for (const entry of doc.outbox) if (oldest === null || entry.createdAt < oldest) oldest = entry.createdAt;
  return oldest;
}

/** Events sent in one request, and the documents whose last events they are. */
export interface Send {
  entries: OutboxEntry[];
  /** The document of the first entry: a failed send is counted on it. */
  firstId: string;
  /** Documents every event of which is published once this send is (cleared after it). */
  completes: PendingEvents[];
}

const sizeOf = (entry: OutboxEntry): number => envelopeJson(entry.envelope).length + entry.key.length;

/**
 * Splits documents into sends of at most `maxBytes` of events. A document's events go in order, in one send
 * where they fit; a document holding more (a fetch of thousands of transactions) goes alone, in consecutive
 * sends of its events, and is cleared after the last (a crash in between publishes the earlier ones again,
 * which consumers drop by event id). The broker takes a partition's messages of one request as one record
 * batch, refused above `message.max.bytes` (1 MiB by default); after a refused batch the idempotent
 * producer's sequence is out of step, so sends must stay well under it.
 */
export function sendsOf(docs: PendingEvents[], maxBytes = MAX_SEND_BYTES): Send[] {
  const sends: Send[] = [];
  let current: PendingEvents[] = [];
  let bytes = 0;
  const flush = () => {
    if (current.length > 0) sends.push({ entries: current.flatMap((doc) => doc.outbox), firstId: current[0]!._id, completes: current });
    current = [];
    bytes = 0;
  };
  for (const doc of docs) {
    const sizes = doc.outbox.map(sizeOf);
    const size = sizes.reduce((sum, n) => sum + n, 0);
    if (size > maxBytes) {
      flush();
      let part: OutboxEntry[] = [];
      let partBytes = 0;
      doc.outbox.forEach((entry, i) => {
        if (part.length > 0 && partBytes + sizes[i]! > maxBytes) {
          sends.push({ entries: part, firstId: doc._id, completes: [] });
          part = [];
          partBytes = 0;
        }
        part.push(entry);
        partBytes += sizes[i]!;
      });
      sends.push({ entries: part, firstId: doc._id, completes: [doc] });
      continue;
    }
    if (current.length > 0 && bytes + size > maxBytes) flush();
    current.push(doc);
    bytes += size;
  }
  flush();
  return sends;
}
