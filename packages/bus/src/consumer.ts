import { setTimeout as sleep } from 'node:timers/promises';
import { context, SpanKind, SpanStatusCode, trace, type Link, type Span } from '@opentelemetry/api';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { EventProducer } from './renewing-producer';
import type { Connection } from 'mongoose';
import { DEFAULT_EVENT_LOG_TIMING, DeadLetterHeaders, deadLetterReplayTopic, deadLetterTopic, eventLogConfig, LOG_ROLL_KEY, parseEnvelope, type EventEnvelope, type EventLogTiming } from '@obp/contracts';
import { database, dayBucket, deleteOlderThan, ensureCollection, isStoreUnavailable } from '@obp/db';
import type { Logger } from '@obp/telemetry';
import { GroupCatchUp } from './group-catch-up';
import { createProducer, ensureTopics } from './kafka';
import { LogRoller } from './log-roller';
import { contextFromHeaders, traceHeaders } from './trace-headers';

const tracer = trace.getTracer('@obp/bus');

/** Thrown by a handler for a message that can never succeed: it goes to the dead-letter topic at once. */
export class NonRetriableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NonRetriableError';
  }
}

/**
 * Thrown by a handler for a failure that passes (the database is unreachable): retried without a
 * limit, with the back-off capped at `maxDelayMs`, and never dead-lettered. The partition waits
 * meanwhile; when the consumer stops or the group rebalances the retries end and the event is
 * consumed again from its committed offset.
 */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

export interface MessageMeta {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  /** The trace context the message was written in (W3C headers): work it causes later (a batch's, say) continues that trace. */
  trace?: Record<string, string>;
}

export type EventHandler = (event: EventEnvelope, meta: MessageMeta) => Promise<void>;

/**
 * Gets the key of a tombstone (never a `LOG_ROLL_KEY` mark): every earlier message of that key leaves the
 * log at the next compaction. A consumer that lags may find only the tombstone, its key's last event (a
 * `consent.deleted`, a `share.deleted`) compacted away, so a projection removes the key's data here too.
 * Tombstones carry no event id and are not de-duplicated: the handler must be idempotent.
 */
export type TombstoneHandler = (key: string, meta: MessageMeta) => Promise<void>;

/** One message of a batch: an event, or the tombstone of a key (never a `LOG_ROLL_KEY` mark). */
export type BatchItem = { event: EventEnvelope; meta: MessageMeta } | { tombstone: string; meta: MessageMeta };

/**
 * Applies a run of one partition's events and tombstones, in their order, at once (one bulk write).
 * Events this group already processed are left out. It must be idempotent (by the aggregate's version,
 * say): after a crash or a rebalance a run whose offsets were not committed is delivered again, and the
 * events of a run are recorded as processed only after it returns. When it throws a `TransientError`
 * or the store is unreachable the run is retried whole; any other failure applies the run's messages
 * one at a time through it (a run of one), each with the retries and dead letter of a single message:
 * a poison message is dead-lettered alone and the others are applied.
 */
export type BatchHandler = (items: BatchItem[]) => Promise<void>;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface IdempotentConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  /** The consuming service's own database: processed event ids are kept there. */
  db: Connection;
  logger: Logger;
  /** Applies one event; required unless `applyBatch` is given. */
  handle?: EventHandler;
  /** Tombstones of the consumed topics; without it (and without `applyBatch`) they are skipped. */
  onTombstone?: TombstoneHandler;
  /**
   * Applies each fetched run of a partition's messages at once, in place of `handle` and `onTombstone`
   * (which, when given, are then unused): see `BatchHandler`.
   */
  applyBatch?: BatchHandler;
  /** Most messages in one run: read per processed-id query, handed to `applyBatch` at once. Default 500. */
  maxBatchSize?: number;
  /**
   * Default true. False for an `applyBatch` handler that tells by itself what it applied already (its
   * writes keyed by event id): the events' ids are then neither read nor recorded as processed, which
   * spares a run one read and one insert of as many records as it has events.
   */
  recordsProcessed?: boolean;
  retry?: Partial<RetryPolicy>;
  fromBeginning?: boolean;
  partitionsConsumedConcurrently?: number;
  /**
   * Processed event ids older than this are purged (hourly). Offsets are committed after each
   * message, so only a redelivery within this window needs the record. Default 7 days.
   */
  processedRetentionMs?: number;
  /** How the dead-letter topic's log is kept (`eventLogConfig`); default `DEFAULT_EVENT_LOG_TIMING`. */
  eventLog?: EventLogTiming;
  /**
   * How long a fetch waits at the broker while there is nothing to read (a message ends it at once): how
   * often an idle consumer asks, and how long its stop may wait for the fetch under way. Default 5 s.
   */
  fetchMaxWaitMs?: number;
  /**
   * How long the broker keeps a member that stopped heartbeating (a crashed process) before it hands the
   * member's partitions to the others: they wait that long for them. Default 30 s; 6 s is the broker's least.
   * A member heartbeats after each fetch, so the fetch wait is held to a third of it.
   */
  sessionTimeoutMs?: number;
}

interface ProcessedEvent {
  _id: string;
  groupId: string;
  eventId: string;
  topic: string;
  processedAt: Date;
  /** `dayBucket(processedAt)`: the purge reads by day through an index. */
  processedDay: string;
}

function processedNow(): Pick<ProcessedEvent, 'processedAt' | 'processedDay'> {
  const now = new Date();
  return { processedAt: now, processedDay: dayBucket(now) };
}

const DEAD_LETTERED_KEYS = 'dead_lettered_keys';

/** A key this group dead-lettered: its tombstone on the consumed topic is passed on to the dead-letter topic. */
interface DeadLetteredKey {
  _id: string;
  groupId: string;
  key: string;
  deadLetteredAt: Date;
}

const defaultRetry: RetryPolicy = { attempts: 5, initialDelayMs: 200, maxDelayMs: 5_000 };

const DEFAULT_MAX_BATCH_SIZE = 500;

/** A message's content: a tombstone, an event envelope, or what can never be applied. */
type MessageContent = { tombstone: true } | { event: EventEnvelope } | { unreadable: NonRetriableError };

function contentOf(message: KafkaMessage): MessageContent {
  if (message.value === null) return { tombstone: true };
  let raw: unknown;
  try {
    raw = JSON.parse(message.value.toString('utf8'));
  } catch {
    return { unreadable: new NonRetriableError('message is not valid JSON') };
  }
  const event = parseEnvelope(raw);
  if ('error' in event) return { unreadable: new NonRetriableError(`message is not an event envelope: ${event.error}`) };
  return { event };
}

/**
 * What the consumer knows of a run of messages from one query each, kept current while it handles them:
 * the event ids its group processed, and the keys it dead-lettered.
 */
interface RunState {
  processed: Set<string>;
  deadLettered: Set<string>;
}

/** A header's value as text (kafkajs hands them over as buffers). */
export function headerText(message: Pick<KafkaMessage, 'headers'>, name: string): string | undefined {
  const value = message.headers?.[name];
  return (Array.isArray(value) ? value[0] : value)?.toString();
}

/**
 * Consumes events at least once from Kafka and applies each exactly once: an event id already
 * recorded for this group is skipped. A failing handler is retried with exponential back-off
 * (the partition waits, keeping order); after the last attempt, or at once for a
 * `NonRetriableError` or an unreadable message, the message goes to `<topic>.dlq.<group>` with
 * the error in its headers, and consumption moves on. A `TransientError` is retried without a limit.
 * Tombstones go to `onTombstone` (with the same retries; roll marks are skipped). The dead-letter topic
 * is compacted like the others: a tombstone of a key this group dead-lettered is passed on to it, so an
 * erasure reaches the dead letters too, and so is a later message of that key applied (the key's newer
 * state supersedes the dead letter, which could name what an erasure removed from that state).
 * The group also reads `<topic>.replay.<group>`, where `replay-dead-letters` puts dead letters back: one is
 * applied as from its original topic while its key is still dead-lettered (see `process`).
 *
 * Messages are fetched in batches per partition; the processed ids and dead-lettered keys of up to
 * `maxBatchSize` messages are read in one query each. With `handle`, each event is applied and recorded
 * in turn (an event applied is recorded before the next starts). With `applyBatch`, a run of messages is
 * applied in one call, its event ids recorded in one insert, and its offsets committed after both.
 */
export class IdempotentConsumer {
  private consumer: Consumer | undefined;
  private dlqProducer: EventProducer | undefined;
  private dlqRoller: LogRoller | undefined;
  private readonly retry: RetryPolicy;
  private readonly handle: EventHandler;
  private readonly onTombstone: TombstoneHandler | undefined;
  private readonly processed;
  private readonly deadLettered;
  /** The original topic of each replay topic the group reads. */
  private readonly replaySources = new Map<string, string>();
  private connected = false;
  private joined = false;
  /** Set by `stop()`: a `start()` under way gives up (and releases what it opened) at its next step. */
  private stopping = false;
  private purgeTimer: NodeJS.Timeout | undefined;
  /** Aborted by `stop()`: cuts short the wait before retrying a `TransientError`. */
  private stopSignal = new AbortController();
  private catchUp: GroupCatchUp | undefined;

  constructor(private readonly options: IdempotentConsumerOptions) {
    this.retry = { ...defaultRetry, ...options.retry };
    const { applyBatch, handle } = options;
    if (applyBatch) {
      this.handle = (event, meta) => applyBatch([{ event, meta }]);
      this.onTombstone = (key, meta) => applyBatch([{ tombstone: key, meta }]);
    } else if (handle) {
      this.handle = handle;
      this.onTombstone = options.onTombstone;
    } else {
      throw new Error('IdempotentConsumer needs handle or applyBatch');
    }
    this.processed = options.db.collection<ProcessedEvent>('processed_events');
    this.deadLettered = options.db.collection<DeadLetteredKey>(DEAD_LETTERED_KEYS);
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Connected and a member of its group with partitions assigned: what readiness reports. */
  get isReady(): boolean {
    return this.connected && this.joined;
  }

  /**
   * Whether the group (this consumer and the other members of its group) has applied every message its
   * topics held when asked, within `timeoutMs`: see `GroupCatchUp`. False also when the broker cannot tell.
   */
  caughtUp(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    this.catchUp ??= new GroupCatchUp({ kafka: this.options.kafka, groupId: this.options.groupId, topics: this.options.topics });
    return this.catchUp.caughtUp(options);
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.stopSignal = new AbortController();
    const { kafka, groupId, topics } = this.options;
    const eventLog = this.options.eventLog ?? DEFAULT_EVENT_LOG_TIMING;
    const deadLetterTopics = topics.map((t) => ({ topic: deadLetterTopic(t, groupId), partitions: 1, config: eventLogConfig(eventLog) }));
    const replayTopics = topics.map((t) => ({ topic: deadLetterReplayTopic(t, groupId), partitions: 1, config: eventLogConfig(eventLog) }));
    for (const t of topics) this.replaySources.set(deadLetterReplayTopic(t, groupId), t);
    await ensureTopics(kafka, [...deadLetterTopics, ...replayTopics]);
    if (this.stopping) return;
    this.dlqProducer = createProducer(kafka, this.options.logger);
    await this.dlqProducer.connect();
    if (this.stopping) return this.release();
    this.dlqRoller = new LogRoller({ kafka, producer: this.dlqProducer, topics: [...deadLetterTopics, ...replayTopics], timing: eventLog, logger: this.options.logger });
    this.dlqRoller.start();
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    this.consumer = kafka.consumer({
      groupId,
      sessionTimeout,
      heartbeatInterval: Math.min(3_000, Math.floor(sessionTimeout / 10)),
      maxWaitTimeInMs: Math.min(this.options.fetchMaxWaitMs ?? 5_000, Math.floor(sessionTimeout / 3)),
      allowAutoTopicCreation: false,
    });
    this.consumer.on(this.consumer.events.CONNECT, () => (this.connected = true));
    this.consumer.on(this.consumer.events.DISCONNECT, () => (this.connected = false));
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => (this.joined = true));
    this.consumer.on(this.consumer.events.STOP, () => (this.joined = false));
    this.consumer.on(this.consumer.events.CRASH, (e) => {
      this.connected = false;
      this.joined = false;
      this.options.logger.error({ err: e.payload.error, groupId, restart: e.payload.restart }, 'consumer crashed');
    });
    await this.ensureIndexes();
    await this.consumer.connect();
    if (this.stopping) return this.release();
    this.connected = true;
    this.purgeTimer = setInterval(() => {
      this.purgeProcessed().catch((error: unknown) => this.options.logger.warn({ err: error, groupId }, 'purging processed event ids failed'));
    }, 3_600_000);
    this.purgeTimer.unref();
    await this.consumer.subscribe({ topics: [...topics, ...this.replaySources.keys()], fromBeginning: this.options.fromBeginning ?? true });
    if (this.stopping) return this.release();
    await this.consumer.run({
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      // Offsets are resolved as messages are applied: a stop or rebalance in the middle of a batch commits only those.
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  /**
   * The index the purge of processed-event records reads through; and the collection of dead-lettered
   * keys, read by `_id` for every tombstone, so those reads find its `_id` index from the first.
   */
  async ensureIndexes(): Promise<void> {
    await this.processed.createIndex({ groupId: 1, processedDay: 1 });
    await ensureCollection(database(this.options.db), DEAD_LETTERED_KEYS);
  }

  /** Removes this group's processed-event records older than the retention; returns how many. */
  async purgeProcessed(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - (this.options.processedRetentionMs ?? 7 * 86_400_000));
    return deleteOlderThan(this.processed, { scope: { groupId: this.options.groupId }, dayField: 'processedDay', timeField: 'processedAt' }, cutoff);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    await this.release();
  }

  private async release(): Promise<void> {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    await this.catchUp?.stop();
    await this.dlqRoller?.stop();
    await this.consumer?.disconnect();
    await this.dlqProducer?.disconnect();
    this.connected = false;
    this.joined = false;
  }

  private async onBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const { topic, partition, messages } = batch;
    if (messages.length === 0) {
      if (!batch.isEmpty()) resolveOffset(batch.lastOffset());
      return;
    }
    const live = () => isRunning() && !isStale();
    const size = this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
    const replayed = this.replaySources.has(topic);
    for (let start = 0; start < messages.length; start += size) {
      if (!live()) return;
      const run = messages.slice(start, start + size).map((message) => ({ message, content: contentOf(message) }));
      const state = await this.runState(run.map(({ message, content }) => ('event' in content && !replayed ? { event: content.event, key: message.key } : { key: message.key })));
      if (this.options.applyBatch && !replayed) {
        await this.applyRun(topic, partition, run, state, heartbeat);
        resolveOffset(run.at(-1)!.message.offset);
      } else {
        for (const { message, content } of run) {
          if (!live()) return;
          await this.onMessage(topic, partition, message, content, state, heartbeat);
          resolveOffset(message.offset);
          await commitOffsetsIfNecessary();
        }
      }
      await heartbeat();
      await commitOffsetsIfNecessary();
    }
  }

  /** The processed ids among `run`'s events and the dead-lettered keys among its keys, one query each. */
  private async runState(run: Array<{ event?: EventEnvelope; key: Buffer | null }>): Promise<RunState> {
    const { groupId } = this.options;
    const eventIds = this.options.recordsProcessed === false ? [] : [...new Set(run.flatMap(({ event }) => (event ? [`${groupId}|${event.id}`] : [])))];
    const keys = [...new Set(run.flatMap(({ key }) => (key ? [`${groupId}|${key.toString('utf8')}`] : [])))];
    const [processed, deadLettered] = await Promise.all([
      eventIds.length > 0 ? this.processed.find({ _id: { $in: eventIds } }, { projection: { eventId: 1 } }).toArray() : [],
      keys.length > 0 ? this.deadLettered.find({ _id: { $in: keys } }, { projection: { key: 1 } }).toArray() : [],
    ]);
    return { processed: new Set(processed.map((p) => p.eventId)), deadLettered: new Set(deadLettered.map((d) => d.key)) };
  }

  private metaOf(topic: string, partition: number, message: KafkaMessage): MessageMeta {
    const replayedFrom = this.replaySources.get(topic);
    const key = message.key?.toString('utf8') ?? null;
    // A replayed dead letter is handled as the message it was, where it was.
    const written = traceHeaders(contextFromHeaders(message.headers));
    return replayedFrom
      ? { topic: replayedFrom, partition: Number(headerText(message, DeadLetterHeaders.originalPartition) ?? 0), offset: headerText(message, DeadLetterHeaders.originalOffset) ?? message.offset, key, trace: written }
      : { topic, partition, offset: message.offset, key, trace: written };
  }

  private spanAttributes(topic: string, partition: number) {
    return {
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'messaging.destination.name': topic,
      'messaging.destination.partition.id': String(partition),
      'messaging.consumer.group.name': this.options.groupId,
    };
  }

  /**
   * A run applied through `applyBatch`: its unreadable messages are dead-lettered in place, the stretches of
   * messages between them applied in one call each. One process span per stretch, linked to the trace of each
   * message it applied (a span per message would make a trace of every batch).
   */
  private async applyRun(topic: string, partition: number, run: Array<{ message: KafkaMessage; content: MessageContent }>, state: RunState, heartbeat: () => Promise<void>): Promise<void> {
    let stretch: Array<{ message: KafkaMessage; content: MessageContent }> = [];
    for (const entry of run) {
      if (!('unreadable' in entry.content)) {
        stretch.push(entry);
        continue;
      }
      await this.applyStretch(topic, partition, stretch, state, heartbeat);
      stretch = [];
      await this.onMessage(topic, partition, entry.message, entry.content, state, heartbeat);
    }
    await this.applyStretch(topic, partition, stretch, state, heartbeat);
  }

  private async applyStretch(topic: string, partition: number, stretch: Array<{ message: KafkaMessage; content: MessageContent }>, state: RunState, heartbeat: () => Promise<void>): Promise<void> {
    const applyBatch = this.options.applyBatch!;
    const items: BatchItem[] = [];
    const fresh: EventEnvelope[] = [];
    const links: Link[] = [];
    for (const { message, content } of stretch) {
      const meta = this.metaOf(topic, partition, message);
      if ('tombstone' in content) {
        if (meta.key !== null && meta.key !== LOG_ROLL_KEY) items.push({ tombstone: meta.key, meta });
      } else if ('event' in content && !state.processed.has(content.event.id)) {
        items.push({ event: content.event, meta });
        fresh.push(content.event);
        state.processed.add(content.event.id);
      } else continue;
      const linked = trace.getSpanContext(contextFromHeaders(message.headers));
      if (linked) links.push({ context: linked, attributes: { 'messaging.kafka.offset': Number(message.offset), ...('event' in content ? { 'messaging.message.id': content.event.id } : {}) } });
    }
    if (items.length === 0) return;
    const span = tracer.startSpan(`${topic} process`, {
      kind: SpanKind.CONSUMER,
      root: true,
      links,
      attributes: {
        ...this.spanAttributes(topic, partition),
        'messaging.batch.message_count': items.length,
        'messaging.kafka.offset': Number(stretch[0]!.message.offset),
        'obp.batch.last_offset': Number(stretch.at(-1)!.message.offset),
      },
    });
    let applied: boolean;
    try {
      applied = await context.with(trace.setSpan(context.active(), span), () => this.applyWhole(() => applyBatch(items), span, heartbeat, { topic, partition, items: items.length }));
    } finally {
      span.end();
    }
    if (!applied) {
      // One at a time, each with the retries and dead letter of its own: only a poison message is dead-lettered.
      for (const event of fresh) state.processed.delete(event.id);
      for (const { message, content } of stretch) await this.onMessage(topic, partition, message, content, state, heartbeat);
      return;
    }
    if (fresh.length > 0 && this.options.recordsProcessed !== false) {
      const at = processedNow();
      await this.processed
        .insertMany(
          fresh.map((event) => ({ _id: `${this.options.groupId}|${event.id}`, groupId: this.options.groupId, eventId: event.id, topic, ...at })),
          { ordered: false },
        )
        .catch((error: { code?: number; writeErrors?: Array<{ code?: number }> | { code?: number } }) => {
          const errors = error.writeErrors === undefined ? [error] : Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
          if (errors.some((e) => e.code !== 11000)) throw error;
        });
    }
    // A key this group dead-lettered has a later message applied, or its tombstone: the dead letters go (see `eraseDeadLetters`).
    const erased = new Set<string>();
    for (const item of items) {
      const key = item.meta.key;
      if (key === null || erased.has(key) || !state.deadLettered.has(key)) continue;
      erased.add(key);
      await this.eraseDeadLetters(item.meta, state);
    }
  }

  /**
   * Runs a run's `applyBatch` until it succeeds, retrying while the store is unreachable or it throws a
   * `TransientError`; false on any other failure (the run is then applied one message at a time).
   */
  private async applyWhole(apply: () => Promise<void>, span: Span, heartbeat: () => Promise<void>, what: Record<string, unknown>): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await apply();
        return true;
      } catch (error) {
        const transient = error instanceof TransientError || isStoreUnavailable(error);
        this.options.logger.warn({ err: error, attempt, transient, ...what }, transient ? 'batch handler failed: retried' : 'batch handler failed: its messages are applied one at a time');
        if (!transient) {
          span.recordException(error as Error);
          return false;
        }
        const delay = Math.min(this.retry.initialDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs);
        await sleep(delay, undefined, { signal: this.stopSignal.signal }).catch(() => undefined);
        if (this.stopping) throw error;
        await heartbeat();
      }
    }
  }

  private async onMessage(topic: string, partition: number, message: KafkaMessage, content: MessageContent, state: RunState, heartbeat: () => Promise<void>): Promise<void> {
    const replayedFrom = this.replaySources.get(topic);
    const meta = this.metaOf(topic, partition, message);
    const span = tracer.startSpan(
      `${topic} process`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          ...this.spanAttributes(topic, partition),
          'messaging.kafka.offset': Number(message.offset),
          ...(meta.key ? { 'messaging.kafka.message.key': meta.key } : {}),
          ...(replayedFrom ? { 'obp.replayed_from': replayedFrom } : {}),
        },
      },
      contextFromHeaders(message.headers),
    );
    try {
      await context.with(trace.setSpan(context.active(), span), () => this.process(message, content, meta, span, state, heartbeat, replayedFrom !== undefined));
    } finally {
      span.end();
    }
  }

  /**
   * A replayed dead letter (`replayed`) is applied only while its key is still dead-lettered by this group:
   * a later message of the key applied, or its erasure, superseded it. Its processed-event record (written
   * when it was dead-lettered) does not stop it; the key's record, gone once it is applied, stops a redelivery.
   */
  private async process(message: KafkaMessage, content: MessageContent, meta: MessageMeta, span: Span, state: RunState, heartbeat: () => Promise<void>, replayed: boolean) {
    if ('tombstone' in content) {
      span.setAttribute('obp.tombstone', true);
      const { key } = meta;
      if (key === null || key === LOG_ROLL_KEY) return;
      // On the replay topic only a tombstone whose handler failed is a dead letter; the others erase a replayed copy.
      if (replayed && headerText(message, DeadLetterHeaders.originalTopic) === undefined) return;
      const onTombstone = this.onTombstone;
      if (onTombstone) await this.apply(() => onTombstone(key, meta), message, meta, span, state, heartbeat);
      await this.eraseDeadLetters(meta, state);
      return;
    }
    if ('unreadable' in content) {
      await this.deadLetter(message, meta, content.unreadable, state);
      return;
    }
    const { event } = content;
    span.setAttribute('messaging.message.id', event.id);
    span.setAttribute('obp.event.type', event.type);
    const processedId = `${this.options.groupId}|${event.id}`;
    if (replayed ? !(await this.isDeadLettered(meta.key)) : state.processed.has(event.id)) {
      span.setAttribute('obp.duplicate', true);
      if (replayed && meta.key !== null) await this.eraseReplayedCopy(meta.topic, meta.key);
      return;
    }
    const applied = await this.apply(() => this.handle(event, meta), message, meta, span, state, heartbeat, event.id);
    if (this.options.recordsProcessed !== false) {
      await this.processed
        .insertOne({ _id: processedId, groupId: this.options.groupId, eventId: event.id, topic: meta.topic, ...processedNow() })
        .catch((error: { code?: number }) => {
          if (error.code !== 11000) throw error;
        });
    }
    if (!replayed) state.processed.add(event.id);
    if (applied && meta.key !== null) await this.eraseDeadLetters(meta, state);
  }

  /**
   * Runs `handle` with the retry policy; false when it failed for good and the message was dead-lettered.
   * Throws only when the consumer stops during the retries of a `TransientError` (the message is consumed again).
   */
  private async apply(
    handle: () => Promise<void>,
    message: KafkaMessage,
    meta: MessageMeta,
    span: Span,
    state: RunState,
    heartbeat: () => Promise<void>,
    eventId?: string,
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await handle();
        return true;
      } catch (error) {
        // A store that cannot be reached is no fault of the message: retried until it is back, never dead-lettered.
        const transient = error instanceof TransientError || isStoreUnavailable(error);
        const final = error instanceof NonRetriableError || (!transient && attempt >= this.retry.attempts);
        this.options.logger.warn({ err: error, eventId, attempt, final, ...meta }, 'event handler failed');
        if (final) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          await this.deadLetter(message, meta, error as Error, state);
          return false;
        }
        const delay = Math.min(this.retry.initialDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs);
        if (!transient) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await heartbeat().catch(() => undefined);
          continue;
        }
        await sleep(delay, undefined, { signal: this.stopSignal.signal }).catch(() => undefined);
        // Left uncommitted, the message is consumed again when the consumer runs again (its stop waits for this message).
        if (this.stopping) throw error;
        await heartbeat();
      }
    }
  }

  private async isDeadLettered(key: string | null): Promise<boolean> {
    return key !== null && (await this.deadLettered.findOne({ _id: `${this.options.groupId}|${key}` }, { projection: { _id: 1 } })) !== null;
  }

  /**
   * A tombstone of a key this group dead-lettered, or a later message of that key applied, puts a
   * tombstone of the key on the dead-letter topic and its replay topic, where compaction then drops
   * that key's dead letters and any replayed copy. The record goes only once the tombstones are written.
   */
  private async eraseDeadLetters(meta: MessageMeta, state: RunState): Promise<void> {
    if (meta.key === null || !state.deadLettered.has(meta.key)) return;
    const topics = [deadLetterTopic(meta.topic, this.options.groupId), deadLetterReplayTopic(meta.topic, this.options.groupId)];
    await this.dlqProducer!.sendBatch({ acks: -1, topicMessages: topics.map((topic) => ({ topic, messages: [{ key: meta.key, value: null }] })) });
    for (const topic of topics) this.dlqRoller?.touched(topic, 0);
    await this.deadLettered.deleteOne({ _id: `${this.options.groupId}|${meta.key}` });
    state.deadLettered.delete(meta.key!);
  }

  /** A replayed copy that was not applied (its key was superseded or erased meanwhile) leaves the replay topic too. */
  private async eraseReplayedCopy(sourceTopic: string, key: string): Promise<void> {
    const topic = deadLetterReplayTopic(sourceTopic, this.options.groupId);
    await this.dlqProducer!.send({ topic, acks: -1, messages: [{ key, value: null }] });
    this.dlqRoller?.touched(topic, 0);
  }

  private async deadLetter(message: KafkaMessage, meta: MessageMeta, error: Error, state: RunState): Promise<void> {
    const topic = deadLetterTopic(meta.topic, this.options.groupId);
    this.options.logger.error({ err: error, dlq: topic, ...meta }, 'message sent to the dead-letter topic');
    // Recorded before it is sent: a crash between the two leaves a record (a later tombstone is passed on for nothing), never a dead letter nothing erases.
    // A dead-lettered tombstone is itself a tombstone on the dead-letter topic: it needs no record.
    if (meta.key !== null && message.value !== null) {
      await this.deadLettered.updateOne({ _id: `${this.options.groupId}|${meta.key}` }, { $setOnInsert: { groupId: this.options.groupId, key: meta.key, deadLetteredAt: new Date() } }, { upsert: true });
      state.deadLettered.add(meta.key);
    }
    await this.dlqProducer!.send({
      topic,
      messages: [
        {
          // A compacted topic takes no message without a key: a keyless one is filed under its place.
          key: message.key ?? `~unkeyed/${meta.partition}/${meta.offset}`,
          value: message.value,
          headers: {
            ...message.headers,
            [DeadLetterHeaders.error]: error.message,
            [DeadLetterHeaders.errorType]: error.name,
            [DeadLetterHeaders.originalTopic]: meta.topic,
            [DeadLetterHeaders.originalPartition]: String(meta.partition),
            [DeadLetterHeaders.originalOffset]: meta.offset,
            [DeadLetterHeaders.failedAt]: new Date().toISOString(),
          },
        },
      ],
    });
    this.dlqRoller?.touched(topic, 0);
  }
}
