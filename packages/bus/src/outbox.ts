import { randomUUID } from 'node:crypto';
import { context, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import type { Producer } from 'kafkajs';
import type { Collection, Document } from 'mongodb';
import type { EventEnvelope } from '@obp/contracts';
import type { Logger } from '@obp/telemetry';
import { contextFromHeaders, traceHeaders } from './trace-headers';

const tracer = trace.getTracer('@obp/bus');

/**
 * An event waiting in its aggregate's document until the relay has published it. It is written
 * in the same single-document write as the state change it describes, so the two cannot diverge
 * (the local store has no multi-document transactions).
 */
export interface OutboxEntry {
  eventId: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
  /** Trace context of the request that caused the event, so publish and consume join its trace. */
  traceHeaders: Record<string, string>;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** Published with a null value: on a compacted topic it erases every earlier message of `key`. */
  tombstone?: boolean;
}

/** Fields an aggregate document carries to take part in the outbox. */
export interface OutboxDocument {
  _id: string;
  version: number;
  outbox: OutboxEntry[];
  hasOutbox: boolean;
  /** Set on a deleted aggregate whose deletion event is not yet published; removed after. */
  deletedAt?: Date | null;
}

export function newOutboxEntry<T>(args: {
  topic: string;
  key: string;
  type: string;
  ownerClientId: string;
  data: T;
  version?: number;
  now?: Date;
}): OutboxEntry {
  const now = args.now ?? new Date();
  const eventId = randomUUID();
  return {
    eventId,
    topic: args.topic,
    key: args.key,
    envelope: {
      id: eventId,
      type: args.type,
      version: args.version ?? 1,
      occurredAt: now.toISOString(),
      ownerClientId: args.ownerClientId,
      data: args.data,
    },
    traceHeaders: traceHeaders(),
    attempts: 0,
    lastError: null,
    createdAt: now,
  };
}

/**
 * A tombstone for `key` on a compacted topic: once compacted, no earlier message of that key is
 * left in the log. Consumers never see it as an event.
 */
export function newTombstoneEntry(args: { topic: string; key: string; ownerClientId: string; now?: Date }): OutboxEntry {
  return { ...newOutboxEntry({ ...args, type: 'tombstone', data: null }), tombstone: true };
}

/** The update parts that append events to an aggregate's outbox within its state write. */
export function appendToOutbox(entries: OutboxEntry[]) {
  return { push: { outbox: { $each: entries } }, set: { hasOutbox: true } };
}

export interface OutboxRelayOptions {
  name: string;
  collection: Collection<Document>;
  producer: Producer;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** An entry that failed this many times is reported as failed (it is still retried). */
  failedAfterAttempts?: number;
  /** Serialises writes per document with the service's own writers (see KeyedMutex in @obp/db). */
  lock?: { run<T>(key: string, task: () => Promise<T>): Promise<T> };
}

/**
 * Publishes outbox entries in order, then removes them from their document with a write that
 * only succeeds if the document did not change meanwhile (optimistic `version` check), retrying
 * on conflict. A crash between publish and removal republishes on restart; consumers de-duplicate
 * by event id, so every event is applied exactly once.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeRequested = false;
  private consecutiveFailures = 0;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly failedAfterAttempts: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
    this.failedAfterAttempts = options.failedAfterAttempts ?? 10;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish soon: called after a write that appended to an outbox. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Documents that still hold unpublished events: for tests and operators. */
  async pendingCount(): Promise<number> {
    return this.options.collection.countDocuments({ hasOutbox: true });
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    let published = 0;
    try {
      published = await this.publishBatch();
      this.consecutiveFailures = 0;
    } catch (error) {
      this.consecutiveFailures++;
      this.options.logger.warn({ err: error, relay: this.options.name, failures: this.consecutiveFailures }, 'outbox relay failed; will retry');
    }
    if (this.stopped) return;
    const backoff = Math.min(this.pollIntervalMs * 2 ** Math.min(this.consecutiveFailures, 6), 30_000);
    const more = published >= this.batchSize || this.wakeRequested;
    this.wakeRequested = false;
    this.schedule(this.consecutiveFailures > 0 ? backoff : more ? 0 : this.pollIntervalMs);
  }

  /** One pass over documents with pending entries; returns how many events were published. */
  async publishBatch(): Promise<number> {
    const docs = (await this.options.collection
      .find({ hasOutbox: true })
      .limit(this.batchSize)
      .toArray()) as unknown as OutboxDocument[];
    let published = 0;
    for (const doc of docs) published += await this.publishDocument(doc);
    return published;
  }

  private async publishDocument(doc: OutboxDocument): Promise<number> {
    const entries = doc.outbox ?? [];
    if (entries.length > 0) {
      try {
        await this.send(entries);
      } catch (error) {
        await this.recordFailure(doc, error as Error);
        throw error;
      }
    }
    await this.removePublished(doc, new Set(entries.map((e) => e.eventId)));
    return entries.length;
  }

  private async send(entries: OutboxEntry[]): Promise<void> {
    const spans = entries.map((entry) =>
      tracer.startSpan(
        `${entry.topic} publish`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.operation.type': 'send',
            'messaging.operation.name': 'publish',
            'messaging.destination.name': entry.topic,
            'messaging.message.id': entry.eventId,
            'messaging.kafka.message.key': entry.key,
            'obp.event.type': entry.envelope.type,
          },
        },
        contextFromHeaders(entry.traceHeaders),
      ),
    );
    const byTopic = new Map<string, Array<{ key: string; value: string | null; headers: Record<string, string> }>>();
    entries.forEach((entry, i) => {
      const ctx: Context = trace.setSpan(context.active(), spans[i]!);
      const list = byTopic.get(entry.topic) ?? [];
      list.push({
        key: entry.key,
        value: entry.tombstone ? null : JSON.stringify(entry.envelope),
        headers: { ...traceHeaders(ctx), 'event-id': entry.eventId, 'event-type': entry.envelope.type },
      });
      byTopic.set(entry.topic, list);
    });
    try {
      await this.options.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      spans.forEach((s) => s.end());
    } catch (error) {
      spans.forEach((s) => {
        s.recordException(error as Error);
        s.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        s.end();
      });
      throw error;
    }
  }

  private lockDocument<T>(id: string, task: () => Promise<T>): Promise<T> {
    const lock = this.options.lock;
    return lock ? lock.run(`${this.options.collection.collectionName}:${id}`, task) : task();
  }

  private async removePublished(first: OutboxDocument, published: Set<string>): Promise<void> {
    await this.lockDocument(first._id, () => this.removePublishedLocked(first, published));
  }

  private async removePublishedLocked(first: OutboxDocument, published: Set<string>): Promise<void> {
    let doc: OutboxDocument | null = first;
    for (let attempt = 0; doc && attempt < 20; attempt++) {
      const remaining = (doc.outbox ?? []).filter((e) => !published.has(e.eventId));
      if (doc.deletedAt && remaining.length === 0) {
        const res = await this.options.collection.deleteOne({ _id: doc._id, version: doc.version } as Document);
        if (res.deletedCount === 1) return;
      } else {
        const res = await this.options.collection.updateOne({ _id: doc._id, version: doc.version } as Document, {
          $set: { outbox: remaining, hasOutbox: remaining.length > 0 },
        });
        if (res.matchedCount === 1) return;
      }
      doc = (await this.options.collection.findOne({ _id: doc._id } as Document)) as unknown as OutboxDocument | null;
    }
    if (doc) throw new Error(`could not clear the outbox of ${doc._id} after repeated write conflicts`);
  }

  private async recordFailure(doc: OutboxDocument, error: Error): Promise<void> {
    const outbox = doc.outbox.map((e, i) => (i === 0 ? { ...e, attempts: e.attempts + 1, lastError: error.message } : e));
    const attempts = outbox[0]?.attempts ?? 0;
    if (attempts >= this.failedAfterAttempts) {
      this.options.logger.error({ relay: this.options.name, aggregateId: doc._id, eventId: outbox[0]?.eventId, attempts }, 'outbox entry keeps failing to publish');
    }
    await this.lockDocument(doc._id, () => this.options.collection.updateOne({ _id: doc._id, version: doc.version } as Document, { $set: { outbox } })).catch(
      () => undefined,
    );
  }
}
