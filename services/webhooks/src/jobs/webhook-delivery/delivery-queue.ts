import type { DueSelection, JobQueueView } from '@obp/jobs';
import type { Versioned } from '@obp/store';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint';
import { attemptDueAt, isAttemptDue, laneHeads, type WebhookMessage } from '../../domain/webhook-message';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import type { EndpointSlots } from './endpoint-slots';

export interface DeliveryQueueOptions {
  messages: MessageStore;
  endpoints: EndpointStore;
  /** Attempts under way in the process by endpoint: at most `perEndpoint` of one endpoint at once. */
  slots: EndpointSlots;
  /** The queue is read again at least this often while due messages wait; a written message has it read again after a tenth of this. */
  queueRefreshMs: number;
  /** The next read of the queue waits at least this many times as long as the last one took. */
  queueReadPacing: number;
}

/**
 * Which messages are due, and in what order. Only the first pending message of each lane (endpoint
 * and resource) is due, so one resource's messages reach an endpoint in order. Due lane heads are
 * handed out in turn by endpoint, at most `slots.perEndpoint` of one endpoint at once, so a slow
 * receiver does not hold up the others. The endpoints of due messages are read with the queue and kept.
 */
export class DeliveryQueue implements DueSelection<Versioned<WebhookMessage>> {
  /** Due lane heads of the last read of the queue by endpoint, oldest first; the map's order is the order of the turns. */
  private backlog = new Map<string, Array<Versioned<WebhookMessage>>>();
  private nextDue: Date | null = null;
  private readAtMs = 0;
  /** How long the last read of the queue took. */
  private readTookMs = 0;
  private queueWritten = false;
  /** Lanes that had more than one pending message at the last read: delivering their head makes another due. */
  private lanesWithMore = new Set<string>();
  /** Every pending message as the last read of the queue saw them, for the runner's metrics. */
  private queue: JobQueueView = { depth: 0, oldestCreatedAt: null };
  /** Endpoints as the last read of the queue (or the last write of one here) left them. */
  readonly endpointsRead = new Map<string, WebhookEndpoint>();

  constructor(private readonly options: DeliveryQueueOptions) {}

  /** A message was written (created or queued again): the queue is read again soon. */
  queued(): void {
    this.queueWritten = true;
  }

  /**
   * Due lane heads from the last read of the queue, one endpoint after the other. The queue is read
   * again when they are used up, after `queueRefreshMs`, or shortly after a write (reading the whole
   * queue for every ended job would cost the square of a backlog).
   */
  async due(now: Date, limit: number): Promise<Array<Versioned<WebhookMessage>>> {
    if (this.shouldRead(now)) await this.read(now);
    return this.handOut(limit);
  }

  nextDueAt(): Date | null {
    const times: number[] = [];
    if (this.nextDue) times.push(this.nextDue.getTime());
    // Endpoints at their limit wait in the backlog: whatever else was written meanwhile is seen at the next read.
    if (this.backlog.size > 0) times.push(this.readAtMs + this.options.queueRefreshMs);
    if (this.queueWritten) times.push(this.readAtMs + this.options.queueRefreshMs / 10);
    return times.length > 0 ? new Date(Math.ceil(Math.max(Math.min(...times), this.readAtMs + this.readGapMs()))) : null;
  }

  queueView(): JobQueueView {
    return this.queue;
  }

  admit(message: Versioned<WebhookMessage>): boolean {
    return this.options.slots.tryTake(message.endpointId);
  }

  released(message: Versioned<WebhookMessage>): void {
    this.options.slots.release(message.endpointId);
  }

  async endpointOf(id: string): Promise<WebhookEndpoint | null> {
    const known = this.endpointsRead.get(id);
    if (known) return known;
    const read = await this.options.endpoints.find(id);
    if (read) this.endpointsRead.set(id, read);
    return read;
  }

  /**
   * An attempt's result was written: the message is due again at its retry, or its lane's next
   * message (if the last read saw one) is now the head. Either is looked for without waiting for the periodic read (the read
   * that would notice it may be held back by the pacing).
   */
  laneMoved(next: WebhookMessage | null, lane?: string): void {
    if (next?.status === 'pending') {
      if (!this.nextDue || next.nextAttemptAt < this.nextDue) this.nextDue = next.nextAttemptAt;
    } else if (lane === undefined || this.lanesWithMore.has(lane)) {
      // A lane that held only this message at the last read has nothing behind it (what was written here since has woken the read already).
      this.queued();
    }
  }

  private readGapMs(): number {
    return this.options.queueReadPacing * this.readTookMs;
  }

  private shouldRead(now: Date): boolean {
    const sinceRead = now.getTime() - this.readAtMs;
    if (sinceRead < this.readGapMs()) return false;
    const fellDue = this.nextDue !== null && this.nextDue.getTime() <= now.getTime();
    return this.backlog.size === 0 || fellDue || sinceRead >= this.options.queueRefreshMs || (this.queueWritten && sinceRead >= this.options.queueRefreshMs / 10);
  }

  private async read(now: Date): Promise<void> {
    this.queueWritten = false;
    this.readAtMs = now.getTime();
    const started = performance.now();
    const pending = await this.options.messages.pending();
    this.readTookMs = performance.now() - started;
    const heads = laneHeads(pending);
    const lanes = new Set<string>();
    this.lanesWithMore = new Set();
    for (const m of pending) (lanes.has(m.lane) ? this.lanesWithMore : lanes).add(m.lane);
    await this.readEndpoints(heads.filter((head) => isAttemptDue(head, now)).map((head) => head.endpointId));
    let earliest = Infinity;
    for (const head of heads) if (!isAttemptDue(head, now)) earliest = Math.min(earliest, attemptDueAt(head).getTime());
    this.nextDue = earliest === Infinity ? null : new Date(earliest);
    this.backlog = new Map();
    const due = heads.filter((head) => isAttemptDue(head, now)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const head of due) {
      const queue = this.backlog.get(head.endpointId);
      if (queue) queue.push(head);
      else this.backlog.set(head.endpointId, [head]);
    }
    const oldest = pending.reduce<Date | null>((min, m) => (min === null || m.createdAt < min ? m.createdAt : min), null);
    this.queue = { depth: pending.length, oldestCreatedAt: oldest };
  }

  /** Up to `limit` candidates, one endpoint after the other; an endpoint that had its turn goes to the end of the round. */
  private handOut(limit: number): Array<Versioned<WebhookMessage>> {
    const { slots } = this.options;
    const handedOut: Array<Versioned<WebhookMessage>> = [];
    const handedOutOf = new Map<string, number>();
    for (let more = true; more && handedOut.length < limit; ) {
      more = false;
      for (const [endpointId, queue] of [...this.backlog]) {
        if (handedOut.length >= limit) break;
        const taken = handedOutOf.get(endpointId) ?? 0;
        if (slots.held(endpointId) + taken >= slots.perEndpoint) continue;
        handedOut.push(queue.shift()!);
        handedOutOf.set(endpointId, taken + 1);
        this.backlog.delete(endpointId);
        if (queue.length > 0) this.backlog.set(endpointId, queue);
        more = true;
      }
    }
    return handedOut;
  }

  /** The endpoints of due messages, read with the queue: an attempt reads none. */
  private async readEndpoints(ids: readonly string[]): Promise<void> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return;
    const found = new Map((await this.options.endpoints.findMany({ _id: { $in: wanted } })).map((e) => [e.id, e]));
    for (const id of wanted) {
      const endpoint = found.get(id);
      if (endpoint) this.endpointsRead.set(id, endpoint);
      else this.endpointsRead.delete(id);
    }
  }
}
