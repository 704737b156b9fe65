import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { KafkaJSDeleteGroupsError, type Consumer, type Kafka } from 'kafkajs';
import type { Logger } from '@obp/telemetry';

export interface KeyBroadcastOptions {
  kafka: Kafka;
  topic: string;
  /** The group id is `<groupPrefix>.<host>-<pid>-<random>`: one group per process, so every process gets every message. */
  groupPrefix: string;
  logger: Logger;
  /** Called with each message's key (null when it has none); must not throw (it is caught and logged if it does). */
  onKey: (key: string | null) => void;
  /**
   * Called when messages may have been missed: whenever the consumer (re)joins its group (after a
   * crash, a lost connection or a rebalance it resumes where kafkajs last committed, or at the newest
   * offset) and when it crashes. A cache evicts everything then. Must not throw.
   */
  onGap?: () => void;
  /**
   * How long a fetch waits at the broker while there is nothing to read (a message ends the wait at once): how long the
   * first fetch holds readiness back, how often an idle listener asks, and how long a stop waits. 2 s unless given.
   */
  fetchMaxWaitMs?: number;
}

/** One `start()`'s consumer and what its events told: a superseded run can never change the state of the current one. */
interface Run {
  consumer: Consumer;
  connected: boolean;
  joined: boolean;
  /**
   * The first fetch after joining has returned, so the start offsets are resolved: kafkajs resolves
   * "latest" lazily in that fetch, after GROUP_JOIN, and a message produced in between would be skipped.
   */
  positioned: boolean;
  /** `consumer.run()` was called, so JoinGroup may have created the group in the broker. */
  joinRequested: boolean;
  /** Settles when the `start()` of this run returns or throws. */
  started: Promise<void>;
}

/**
 * Hands every process the key of every message of one topic from now on, e.g. to evict entries of
 * an in-process cache that another replica changed. Each instance consumes in a group of its own
 * (a group shared by the replicas would split the partitions among them), needs no offsets kept,
 * and deletes its group when stopped so the groups of stopped processes do not pile up in the
 * broker. Starts, stops and reports readiness like `IdempotentConsumer`.
 */
export class KeyBroadcast {
  readonly groupId: string;
  private run: Run | undefined;
  /** The release of the last run stopped. */
  private stopped: Promise<void> = Promise.resolve();

  constructor(private readonly options: KeyBroadcastOptions) {
    this.groupId = `${options.groupPrefix}.${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  get isConnected(): boolean {
    return this.run?.connected ?? false;
  }

  /** Connected, a member of its group with partitions assigned, and positioned on them: what readiness reports. */
  get isReady(): boolean {
    const run = this.run;
    return run !== undefined && run.connected && run.joined && run.positioned;
  }

  async start(): Promise<void> {
    // Synchronous up to the first await, so a `stop()` right after this call finds the run to stop.
    const previousStopped = this.stop();
    const { kafka, topic, logger } = this.options;
    const consumer = kafka.consumer({
      groupId: this.groupId,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: this.options.fetchMaxWaitMs ?? 2_000,
      allowAutoTopicCreation: false,
    });
    let settle!: () => void;
    const started = new Promise<void>((resolve) => (settle = resolve));
    const run: Run = { consumer, connected: false, joined: false, positioned: false, joinRequested: false, started };
    this.run = run;
    consumer.on(consumer.events.CONNECT, () => (run.connected = true));
    consumer.on(consumer.events.DISCONNECT, () => (run.connected = false));
    consumer.on(consumer.events.GROUP_JOIN, () => {
      run.joined = true;
      run.positioned = false;
      this.gap();
    });
    consumer.on(consumer.events.FETCH, () => (run.positioned = run.joined));
    consumer.on(consumer.events.STOP, () => (run.joined = false));
    consumer.on(consumer.events.CRASH, (e) => {
      run.connected = false;
      run.joined = false;
      logger.error({ err: e.payload.error, groupId: this.groupId, restart: e.payload.restart }, 'key broadcast consumer crashed');
      this.gap();
    });
    // A `stop()` meanwhile waits for the step under way (kafkajs does not cope with a disconnect
    // during a join), then releases the run; the start just gives up at its next step.
    try {
      await previousStopped;
      if (this.run !== run) return;
      await consumer.connect();
      if (this.run !== run) return;
      run.connected = true;
      await consumer.subscribe({ topics: [topic], fromBeginning: false });
      if (this.run !== run) return;
      run.joinRequested = true;
      await consumer.run({ eachMessage: async ({ message }) => this.deliver(message.key?.toString('utf8') ?? null) });
    } finally {
      settle();
    }
  }

  /** Idempotent (a second call waits for the first). Disconnects, then deletes the group, best effort: a failure is logged, never thrown. */
  stop(): Promise<void> {
    const run = this.run;
    if (run) {
      this.run = undefined;
      this.stopped = this.release(run);
    }
    return this.stopped;
  }

  private async release(run: Run): Promise<void> {
    await run.started;
    try {
      await run.consumer.disconnect();
    } finally {
      run.connected = false;
      run.joined = false;
      run.positioned = false;
    }
    if (run.joinRequested) await this.deleteGroup();
  }

  private gap(): void {
    try {
      this.options.onGap?.();
    } catch (error) {
      this.options.logger.error({ err: error, groupId: this.groupId, topic: this.options.topic }, 'key broadcast gap handler failed');
    }
  }

  private deliver(key: string | null): void {
    try {
      this.options.onKey(key);
    } catch (error) {
      this.options.logger.error({ err: error, groupId: this.groupId, topic: this.options.topic, key }, 'key broadcast handler failed');
    }
  }

  private async deleteGroup(): Promise<void> {
    const admin = this.options.kafka.admin();
    try {
      await admin.connect();
      await admin.deleteGroups([this.groupId]);
    } catch (error) {
      // Never created: the join did not get that far.
      if (error instanceof KafkaJSDeleteGroupsError && error.groups.every((g) => g.error?.type === 'GROUP_ID_NOT_FOUND')) return;
      this.options.logger.warn({ err: error, groupId: this.groupId }, 'deleting the key broadcast consumer group failed');
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}
