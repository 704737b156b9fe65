import { setTimeout as sleep } from 'node:timers/promises';
import type { Kafka } from 'kafkajs';
import type { EventProducer } from './renewing-producer';
import { LOG_ROLL_KEY, type EventLogTiming } from '@obp/contracts';
import type { Logger } from '@obp/telemetry';

export interface LogRollerOptions {
  kafka: Kafka;
  producer: Pick<EventProducer, 'sendBatch'>;
  /** The topics whose partitions that hold records are rolled for a while from the start: they may have been written to just before a restart. */
  topics: ReadonlyArray<{ topic: string; partitions: number }>;
  /** The topics' timing (`eventLogConfig`): marks follow every half `rollMs`, for `lagBoundMs` plus five `rollMs` after a write. */
  timing: EventLogTiming;
  logger: Logger;
}

/**
 * After a partition is written to, appends a `LOG_ROLL_KEY` tombstone to it every half `segment.ms`
 * (r) for the lag bound (L) plus five r. Kafka rolls a partition's active segment only on an append,
 * and the cleaner never compacts the active segment, so without these a partition nobody writes to
 * after an erasure would keep the erased data for good. The erasure's tombstones go only at a clean
 * more than r after the first clean that reached them, and a clean needs segments that are dirty and
 * older than L: marks for L + 5 r after the last write keep such segments coming until then, however
 * late (up to L) the busy cleaner makes its first pass (see `eventLogConfig` in @obp/contracts). Idle
 * partitions get no marks, so the cleaner is not kept busy; the marks supersede each other and go
 * with compaction.
 */
/** How long `stop` waits for the start's look at the partitions (a broker out of reach would hold it for a minute of retries). */
const STOP_WAITS_FOR_START_MS = 2_000;

export class LogRoller {
  /** Rounds of marks left, by `<topic>\0<partition>`, and the write that set them. */
  private readonly pending = new Map<string, { left: number; write: number }>();
  private writes = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private starting: Promise<void> = Promise.resolve();
  private rolling = false;
  private stopped = false;
  private readonly rounds: number;
  /** After the first ten rounds, a mark every this many rounds: five `rollMs`, or half the lag bound if that is less (at least every second round). */
  private readonly tailEvery: number;

  constructor(private readonly options: LogRollerOptions) {
    const { rollMs, lagBoundMs } = options.timing;
    this.tailEvery = Math.max(2, Math.min(10, Math.ceil(lagBoundMs / rollMs)));
    this.rounds = lagBoundMs === 0 ? 10 : 10 + Math.ceil((2 * lagBoundMs) / rollMs) + 2 * this.tailEvery;
  }

  /**
   * The first ten rounds after a write roll the segment it is in (every half `rollMs`). The later ones only have
   * to bring the cleaner a dirty segment now and then after its first pass over the erased data, so they come
   * sparsely: marks on every partition every half roll for the whole lag bound kept the one cleaner thread busy
   * with the marks' partitions (it takes the dirtiest log first), and a partition with much clean data (the
   * consent topic's) got its first pass only after every mark had ended, which left its tombstones for good.
   */
  private isMarkRound(round: number): boolean {
    return round < 10 || (round - 10) % this.tailEvery === 0;
  }

  /** Something was appended to the partition: it is rolled for the next rounds. */
  touched(topic: string, partition: number): void {
    this.pending.set(`${topic}\0${partition}`, { left: this.rounds, write: ++this.writes });
  }

  start(): void {
    if (this.timer) return;
    this.starting = this.touchWrittenBefore();
    this.timer = setInterval(() => {
      // A round still under way (a slow broker) is not doubled: this tick is skipped.
      if (this.rolling) return;
      this.rolling = true;
      this.running = this.roll()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'appending the log roll marks failed; the next round tries again'))
        .finally(() => (this.rolling = false));
    }, Math.max(1, Math.floor(this.options.timing.rollMs / 2)));
    this.timer.unref();
  }

  /**
   * Partitions written to within the marks' window before this start (a restart cut their rounds short)
   * are rolled as if just written: those with a record whose timestamp is inside the window. Others, as
   * every topic of a new deployment or a partition idle for longer, are not, which spares the cleaner.
   * If the broker cannot tell, every partition is rolled.
   */
  private async touchWrittenBefore(): Promise<void> {
    const { kafka, topics, logger, timing } = this.options;
    if (topics.length === 0) return;
    const admin = kafka.admin();
    try {
      await admin.connect();
      const windowStart = Date.now() - this.rounds * (timing.rollMs / 2);
      for (const { topic } of topics) {
        const ends = await admin.fetchTopicOffsets(topic);
        // The first offset at or after the window's start, or the end when nothing is that recent.
        const fromWindow = new Map((await admin.fetchTopicOffsetsByTimestamp(topic, windowStart)).map((p) => [p.partition, BigInt(p.offset)]));
        for (const { partition, high } of ends) if ((fromWindow.get(partition) ?? 0n) < BigInt(high)) this.touched(topic, partition);
      }
    } catch (error) {
      if (this.stopped) return;
      logger.warn({ err: error }, 'reading the partitions written before the start failed; all of them are rolled');
      for (const { topic, partitions } of topics) for (let p = 0; p < partitions; p++) this.touched(topic, p);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  /** One round: a mark on every partition written to lately whose round it is (`isMarkRound`). A round that fails counts for nothing. */
  async roll(): Promise<void> {
    const entries = [...this.pending];
    if (entries.length === 0) return;
    const due = entries.filter(([, { left }]) => this.isMarkRound(this.rounds - left));
    if (due.length > 0) await this.mark(due.map(([id]) => id));
    for (const [id, { left, write }] of entries) {
      // Written to again meanwhile: its rounds start over.
      if (this.pending.get(id)?.write !== write) continue;
      if (left <= 1) this.pending.delete(id);
      else this.pending.set(id, { left: left - 1, write });
    }
  }

  private async mark(due: string[]): Promise<void> {
    const byTopic = new Map<string, number[]>();
    for (const id of due) {
      const [topic, partition] = id.split('\0') as [string, string];
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), Number(partition)]);
    }
    await this.options.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, partitions]) => ({ topic, messages: partitions.map((partition) => ({ partition, key: LOG_ROLL_KEY, value: null })) })),
    });
  }

  /** Stops the rounds and waits for the one under way (its producer is disconnected next), and a little for the start's look. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopped = true;
    await Promise.race([this.starting, sleep(STOP_WAITS_FOR_START_MS, undefined, { ref: false })]);
    await this.running;
  }
}
