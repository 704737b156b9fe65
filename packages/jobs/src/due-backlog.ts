import type { JobQueueView } from './job-metrics';

export interface DueBacklogOptions<J> {
  /** Every pending job (due or not), read from the store. */
  readPending(): Promise<J[]>;
  isDue(job: J, now: Date): boolean;
  /** When a pending job that is not due now becomes due (its back-off, wait or lease ends). */
  dueAt(job: J): Date;
  /** When the job was asked for: the queue's age, and the order due jobs are handed out in. */
  createdAt(job: J): Date;
}

/**
 * The due jobs of a leased-job source, from what the last read of the pending ones left over; read
 * again once that is used up. Every job that ends looks for the next, so reading all pending jobs each
 * time would cost the square of a backlog; a candidate no longer due is skipped by its claim, which
 * reads the job afresh. Also what the runner wakes for (`nextDueAt`) and shows (`queueView`).
 */
export class DueBacklog<J> {
  private nextDue: Date | null = null;
  private backlog: J[] = [];
  private queue: JobQueueView = { depth: 0, oldestCreatedAt: null };

  constructor(private readonly options: DueBacklogOptions<J>) {}

  async due(now: Date, limit: number): Promise<J[]> {
    if (this.backlog.length === 0) {
      const { isDue, dueAt, createdAt } = this.options;
      const pending = await this.options.readPending();
      let earliest = Infinity;
      let oldest: Date | null = null;
      for (const job of pending) {
        if (!isDue(job, now)) earliest = Math.min(earliest, dueAt(job).getTime());
        if (oldest === null || createdAt(job) < oldest) oldest = createdAt(job);
      }
      this.queue = { depth: pending.length, oldestCreatedAt: oldest };
      this.nextDue = earliest === Infinity ? null : new Date(earliest);
      this.backlog = pending.filter((job) => isDue(job, now)).sort((a, b) => createdAt(a).getTime() - createdAt(b).getTime());
    }
    return this.backlog.splice(0, limit);
  }

  /**
   * A job handed out was no longer due when claimed (another worker took it, or it changed): what the last
   * read left over is outdated (new work a kick announced may be missing from it), so it is dropped, and
   * the next look, due at once, reads the pending jobs again.
   */
  outdated(now = new Date()): void {
    this.backlog = [];
    this.nextDue = now;
  }

  /** The earliest pending job not due at the last read: the runner wakes for it. */
  nextDueAt(): Date | null {
    return this.nextDue;
  }

  /** Every pending job as the last read saw them, for the runner's metrics. */
  queueView(): JobQueueView {
    return this.queue;
  }
}
