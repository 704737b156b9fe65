import type { OutboxSource } from './aggregate-store';

export interface OutboxBacklogOptions {
  /** The service's outboxes (its aggregate stores). */
  sources: readonly OutboxSource[];
  /** Aggregates with unpublished events the service may hold: at this many it refuses writes that add more. */
  limit: number;
  /** How often the backlog is counted in the store (between counts, each write with events adds one). */
  countEveryMs: number;
}

/**
 * A service's unpublished events, for admission: writes that add events are refused while the backlog is
 * at its limit, so it stays bounded however far the relay falls behind (the store or broker slower than
 * the writes). The backlog is counted in the store every `countEveryMs` (one `count` through the `hasOutbox`
 * index per outbox); between counts every write with events adds one, so the figure never lags the writes
 * of this process: it overstates (a write to an aggregate already pending) until the next count corrects it.
 * Other replicas' writes are seen at the next count.
 */
export class OutboxBacklog {
  private counted = 0;
  private writtenSinceCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private counting: Promise<void> | undefined;

  constructor(private readonly options: OutboxBacklogOptions) {
    for (const source of options.sources) source.onEventsWritten(() => this.writtenSinceCount++);
  }

  /** Aggregates with unpublished events: as last counted, plus this process's writes with events since. */
  get size(): number {
    return this.counted + this.writtenSinceCount;
  }

  /** At the limit: writes that add events must wait (requests admitted just before may still add theirs). */
  get full(): boolean {
    return this.size >= this.options.limit;
  }

  get limit(): number {
    return this.options.limit;
  }

  start(): void {
    if (this.timer) return;
    const loop = () => {
      this.counting = this.count().finally(() => {
        this.counting = undefined;
        if (this.timer) this.timer = setTimeout(loop, this.options.countEveryMs).unref();
      });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.counting;
  }

  /** Counts the backlog in the store now; a count that fails keeps the last figure (the writes since still add to it). */
  async count(): Promise<void> {
    const writtenBefore = this.writtenSinceCount;
    try {
      const counts = await Promise.all(this.options.sources.map((source) => source.pendingCount()));
      this.counted = counts.reduce((sum, n) => sum + n, 0);
      // Writes made while counting may be missing from the count: they stay added.
      this.writtenSinceCount -= writtenBefore;
    } catch {
      // The store is unreachable: the writes fail too (503), nothing to decide here.
    }
  }
}
