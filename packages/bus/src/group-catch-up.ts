import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin, Kafka } from 'kafkajs';

/** Offsets by topic and partition. */
export type TopicOffsets = Map<string, Map<number, number>>;

export interface GroupCatchUpOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  /** How often the group's committed offsets are asked for while it has not caught up. Default 50 ms. */
  pollMs?: number;
}

/**
 * Whether a consumer group has caught up with its topics as they stood at a moment: what a projection
 * built by the group needs before it may say that something it does not hold was never published.
 * `endOffsets()` takes the topics' end offsets at that moment; `caughtUpTo(ends)` waits until the group's
 * committed offsets reach them on every partition. Groups commit an offset only after the messages before
 * it are applied (`IdempotentConsumer` does), so every message written before the moment is then applied,
 * whichever member of the group (replica) holds the partition. A partition with nothing left to read
 * (its end at its start) counts as caught up while the group has committed nothing on it.
 */
export class GroupCatchUp {
  private admin: Promise<Admin> | undefined;
  /** `admin` once it connected. */
  private ready: Promise<Admin> | undefined;

  constructor(private readonly options: GroupCatchUpOptions) {}

  /** The end offset (the next to be written) of each partition of the group's topics, now. */
  async endOffsets(): Promise<TopicOffsets> {
    return highs(await this.partitionBounds());
  }

  /**
   * True once the group has committed at least `ends` on every partition; false when it has not within
   * `timeoutMs`, or the broker cannot be asked meanwhile (what the group applied is then not known).
   */
  async caughtUpTo(ends: TopicOffsets, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const bounds = await this.withDeadline(this.partitionBounds(), deadline);
    return bounds !== null && this.committedUpTo(ends, bounds, deadline, signal);
  }

  /** `caughtUpTo` the end offsets the topics have now; false also when those cannot be read within `timeoutMs`. */
  async caughtUp({ timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const bounds = await this.withDeadline(this.partitionBounds(), deadline);
    return bounds !== null && this.committedUpTo(highs(bounds), bounds, deadline, signal);
  }

  private async committedUpTo(ends: TopicOffsets, bounds: PartitionBounds, deadline: number, signal: AbortSignal | undefined): Promise<boolean> {
    const pollMs = this.options.pollMs ?? 50;
    for (;;) {
      const committed = await this.withDeadline(this.committedOffsets(), deadline);
      if (!committed) return false;
      if (reached(ends, bounds, committed)) return true;
      if (signal?.aborted || Date.now() + pollMs >= deadline) return false;
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Disconnects its admin client; one still connecting (to a broker that cannot be reached) is disconnected once connected, unawaited. */
  async stop(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    const disconnected = admin?.then((a) => a.disconnect()).catch(() => undefined);
    if (this.ready === admin) await disconnected;
  }

  /** The result, or null when it failed or was not there by the deadline (the request goes on unawaited). */
  private async withDeadline<T>(work: Promise<T>, deadline: number): Promise<T | null> {
    const left = deadline - Date.now();
    if (left <= 0) {
      work.catch(() => undefined);
      return null;
    }
    const timeout = new AbortController();
    try {
      return await Promise.race([work, sleep(left, null, { signal: timeout.signal })]);
    } catch {
      // A broker that cannot be reached: connect anew next time.
      await this.stop();
      return null;
    } finally {
      timeout.abort();
    }
  }

  private connected(): Promise<Admin> {
    if (this.admin) return this.admin;
    const admin = this.options.kafka.admin();
    const connecting = admin.connect().then(() => admin);
    this.admin = connecting;
    void connecting.then(() => {
      if (this.admin === connecting) this.ready = connecting;
    }, () => undefined);
    return connecting;
  }

  private async partitionBounds(): Promise<PartitionBounds> {
    const admin = await this.connected();
    const bounds: PartitionBounds = new Map();
    for (const topic of this.options.topics) {
      bounds.set(topic, new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, { low: Number(p.low), high: Number(p.high) }])));
    }
    return bounds;
  }

  private async committedOffsets(): Promise<TopicOffsets> {
    const admin = await this.connected();
    const offsets = await admin.fetchOffsets({ groupId: this.options.groupId, topics: this.options.topics });
    return new Map(offsets.map(({ topic, partitions }) => [topic, new Map(partitions.map(({ partition, offset }) => [partition, Number(offset)]))]));
  }
}

/** The first and the next offset of each partition, by topic. */
type PartitionBounds = Map<string, Map<number, { low: number; high: number }>>;

const highs = (bounds: PartitionBounds): TopicOffsets => new Map([...bounds].map(([topic, partitions]) => [topic, new Map([...partitions].map(([p, { high }]) => [p, high]))]));

/** Whether `committed` reaches `ends` on every partition (-1: nothing committed, enough where nothing is left to read). */
function reached(ends: TopicOffsets, bounds: PartitionBounds, committed: TopicOffsets): boolean {
  for (const [topic, partitions] of ends) {
    for (const [partition, end] of partitions) {
      const offset = committed.get(topic)?.get(partition) ?? -1;
      const low = bounds.get(topic)?.get(partition)?.low ?? 0;
      if (offset >= 0 ? offset < end : end > low) return false;
    }
  }
  return true;
}
