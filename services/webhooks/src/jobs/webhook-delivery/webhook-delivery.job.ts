import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFromHeaders } from '@obp/bus';
import type { ClaimLedger, JobContext, JobQueueView, JobSource } from '@obp/jobs';
import type { Versioned } from '@obp/store';
import type { Logger } from '@obp/telemetry';
import { afterAttempt as endpointAfterAttempt, signingKeys, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { abandon, afterClaimedAttempt, attemptDueAt, holdsLease, isAttemptDue, laneHeads, outcomeOf, type AttemptResult, type WebhookMessage } from '../../domain/webhook-message';
import type { RetrySchedule } from '../../domain/retry-schedule';
import { signedHeaders } from '../../domain/signature';
import { attemptRecord, type AttemptLog } from '../../infrastructure/attempt-log';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import type { DeliveryMetrics } from './delivery-metrics';
import { EndpointSlots } from './endpoint-slots';
import { GroupCommit } from './group-commit';

const tracer = trace.getTracer('@obp/webhooks');
const claimKey = (messageId: string) => `webhook-delivery:${messageId}`;

/** Sends one signed message to its endpoint (HttpSender). */
export interface MessageSender {
  send(target: string, headers: Record<string, string>, body: string, stopped: AbortSignal): Promise<AttemptResult>;
}

export interface DeliveryJobOptions {
  messages: MessageStore;
  endpoints: EndpointStore;
  attempts: AttemptLog;
  sender: MessageSender;
  claims: ClaimLedger;
  metrics: DeliveryMetrics;
  logger: Logger;
  schedule: RetrySchedule;
  leaseMs: number;
  disableAfterMs: number;
  /** Attempts of one endpoint under way at once: a receiver that hangs holds no more workers than this. */
  endpointConcurrency: number;
  /** The process's attempts by endpoint, shared with the first attempts made while consuming (of `endpointConcurrency` when not given). */
  slots?: EndpointSlots;
  /** The queue is read again at least this often while due messages wait; a written message has it read again after a tenth of this. */
  queueRefreshMs: number;
  /** At most this many leases, or results, share one write (200 when not given). */
  writeBatch?: number;
  /**
   * The next read of the queue waits at least this many times as long as the last one took (10 when
   * not given): the local store decodes every pending message, so a queue of 20,000 takes seconds to
   * read, and reading it at the pace above would leave no time to deliver.
   */
  queueReadPacing?: number;
}

/**
 * Deliveries as jobs of the job runner. Only the first pending message of each lane (endpoint and
 * resource) is due, so one resource's messages reach an endpoint in order. Due lane heads are handed
 * out in turn by endpoint, at most `endpointConcurrency` of one endpoint at once, so a slow
 * receiver does not hold up the others. A message is claimed exclusively (its lease with the next
 * epoch, then that epoch's unique claim); a crash leaves the lease to lapse and the message is
 * attempted again with the same id: at least once.
 *
 * The store's work is shared by the attempts under way: the leases and claims asked for while a
 * write of them is under way go together in the next (`GroupCommit`), and so do the renewals and
 * the results, with their attempt records and claim releases. Endpoints are read with the queue and kept; an
 * endpoint is written only when an attempt changes it (a failure streak starts or ends, it is disabled).
 */
export class DeliveryJobs implements JobSource<Versioned<WebhookMessage>> {
  /** Due lane heads of the last read of the queue by endpoint, oldest first; the map's order is the order of the turns. */
  private backlog = new Map<string, Array<Versioned<WebhookMessage>>>();
  private nextDue: Date | null = null;
  private readAtMs = 0;
  /** How long the last read of the queue took. */
  private readTookMs = 0;
  private queueWritten = false;
  /** Lanes that had more than one pending message at the last read: delivering their head makes another due. */
  private lanesWithMore = new Set<string>();
  /** Attempts under way here by endpoint, from their claim to the end of their run. */
  private readonly inFlight = new Map<string, number>();
  /** Attempts under way in the process by endpoint, these and the first attempts made while consuming. */
  readonly slots: EndpointSlots;
  private inFlightTotal = 0;
  /** Every pending message as the last read of the queue saw them, for the runner's metrics. */
  private queue: JobQueueView = { depth: 0, oldestCreatedAt: null };
  /** Endpoints as the last read of the queue (or the last write of one here) left them. */
  private readonly endpointsRead = new Map<string, WebhookEndpoint>();
  private readonly leases: GroupCommit<{ candidate: Versioned<WebhookMessage>; now: Date }, Versioned<WebhookMessage> | null>;
  private readonly results: GroupCommit<AttemptDone, WebhookMessage | null>;
  private readonly renewals: GroupCommit<{ id: string; claims: number; leaseUntil: Date }, boolean>;

  constructor(private readonly options: DeliveryJobOptions) {
    this.slots = options.slots ?? new EndpointSlots(options.endpointConcurrency);
    const lot = { maxBatch: options.writeBatch ?? 200, maxParallel: 2 };
    this.leases = new GroupCommit((asked) => this.leaseLot(asked), lot);
    this.results = new GroupCommit((done) => this.recordLot(done), lot);
    this.renewals = new GroupCommit((asked) => this.options.messages.renewMany(asked), lot);
  }

  /** A message was written (created or queued again): the queue is read again soon. */
  queued(): void {
    this.queueWritten = true;
  }

  /**
   * Due lane heads from the last read of the queue, one endpoint after the other. The queue is read
   * again when they are used up, after `queueRefreshMs`, or shortly after a write (reading the whole
   * queue for every ended job would cost the square of a backlog). A candidate that is no longer due
   * is skipped by its claim, which reads the message afresh.
   */
  async due(now: Date, limit: number): Promise<Array<Versioned<WebhookMessage>>> {
    if (this.shouldRead(now)) await this.read(now);
    // The runner asks for its free slots plus its running jobs (a candidate might run already); ours are leased when they run, so only the free slots' worth leaves the backlog.
    return this.handOut(limit - this.inFlightTotal);
  }

  nextDueAt(): Date | null {
    const times: number[] = [];
    if (this.nextDue) times.push(this.nextDue.getTime());
    // Endpoints at their limit wait in the backlog: whatever else was written meanwhile is seen at the next read.
    if (this.backlog.size > 0) times.push(this.readAtMs + this.options.queueRefreshMs);
    if (this.queueWritten) times.push(this.readAtMs + this.options.queueRefreshMs / 10);
    return times.length > 0 ? new Date(Math.ceil(Math.max(Math.min(...times), this.readAtMs + this.readGapMs()))) : null;
  }

  private readGapMs(): number {
    return (this.options.queueReadPacing ?? 10) * this.readTookMs;
  }

  key(message: Versioned<WebhookMessage>): string {
    return message.id;
  }

  attemptOf(message: WebhookMessage): number {
    return message.failedAttempts + 1;
  }

  queueView(): JobQueueView {
    return this.queue;
  }

  async claim(candidate: Versioned<WebhookMessage>, now: Date): Promise<Versioned<WebhookMessage> | null> {
    const { endpointId } = candidate;
    if (!isAttemptDue(candidate, now)) return null;
    if (!this.slots.tryTake(endpointId)) return null;
    this.started(endpointId);
    try {
      const claimed = await this.leases.submit({ candidate, now });
      if (!claimed) this.ended(endpointId);
      return claimed;
    } catch (error) {
      this.ended(endpointId);
      throw error;
    }
  }

  /** Renewed with the other renewals asked for meanwhile, in one write: attempts started together renew together. */
  renew(message: Versioned<WebhookMessage>, now: Date): Promise<boolean> {
    return this.renewals.submit({ id: message.id, claims: message.claims, leaseUntil: new Date(now.getTime() + this.options.leaseMs) });
  }

  /** Attempts the message, continuing the trace of the event that caused it; the attempt's outcome, or `not-attempted` (disabled endpoint, stopping). */
  async run(message: Versioned<WebhookMessage>, { signal }: JobContext): Promise<string> {
    try {
      return await tracer.startActiveSpan(
        'webhook deliver',
        { kind: SpanKind.CLIENT, attributes: { 'obp.webhook.id': message.endpointId, 'obp.webhook.message_id': message.id, 'obp.webhook.event_type': message.eventType } },
        contextFromHeaders(message.trace),
        async (span) => {
          try {
            const result = await this.attempt(message, signal);
            if (result) {
              span.setAttribute('obp.webhook.outcome', outcomeOf(result));
              if (result.kind === 'answered') span.setAttribute('http.response.status_code', result.status);
              if (outcomeOf(result) !== 'succeeded') span.setStatus({ code: SpanStatusCode.ERROR, message: result.kind === 'answered' ? `answered ${result.status}` : result.error });
            }
            return result ? outcomeOf(result) : 'not-attempted';
          } finally {
            span.end();
          }
        },
      );
    } finally {
      this.ended(message.endpointId);
    }
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
    const handedOut: Array<Versioned<WebhookMessage>> = [];
    const handedOutOf = new Map<string, number>();
    for (let more = true; more && handedOut.length < limit; ) {
      more = false;
      for (const [endpointId, queue] of [...this.backlog]) {
        if (handedOut.length >= limit) break;
        const taken = handedOutOf.get(endpointId) ?? 0;
        if (this.slots.held(endpointId) + taken >= this.slots.perEndpoint) continue;
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

  private async endpointOf(id: string): Promise<WebhookEndpoint | null> {
    const known = this.endpointsRead.get(id);
    if (known) return known;
    const read = await this.options.endpoints.find(id);
    if (read) this.endpointsRead.set(id, read);
    return read;
  }

  /** Leases of a lot of candidates in one write, then their claims in one insert: each is won by one claimant. */
  private async leaseLot(asked: ReadonlyArray<{ candidate: Versioned<WebhookMessage>; now: Date }>): Promise<Array<Versioned<WebhookMessage> | null>> {
    const leased = await this.options.messages.leaseMany(
      asked.map(({ candidate, now }) => ({ message: candidate, epoch: candidate.claims + 1, leaseUntil: new Date(now.getTime() + this.options.leaseMs) })),
    );
    const contested = leased.flatMap((message) => (message ? [message] : []));
    const won = await this.options.claims.claimMany(contested.map((m) => ({ jobKey: claimKey(m.id), epoch: m.claims })), asked[0]!.now);
    const winners = new Set(contested.filter((_, i) => won[i]));
    return leased.map((message) => (message && winners.has(message) ? message : null));
  }

  private started(endpointId: string): void {
    this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 0) + 1);
    this.inFlightTotal++;
  }

  private ended(endpointId: string): void {
    const count = this.inFlight.get(endpointId);
    if (count === undefined) return;
    if (count > 1) this.inFlight.set(endpointId, count - 1);
    else this.inFlight.delete(endpointId);
    this.inFlightTotal--;
    this.slots.release(endpointId);
  }

  private async attempt(message: Versioned<WebhookMessage>, stopped: AbortSignal): Promise<AttemptResult | null> {
    const { messages, sender, claims } = this.options;
    const endpoint = await this.endpointOf(message.endpointId);
    if (!endpoint || !endpoint.enabled) {
      await messages.mutate(message.id, (current) => (current.claims === message.claims ? { next: abandon(current, 'the endpoint is disabled or deleted', new Date()), result: undefined } : { result: undefined }));
      await claims.release(claimKey(message.id));
      this.laneMoved(null);
      return null;
    }
    const startedAt = new Date();
    const result = await sender.send(endpoint.url, signedHeaders(signingKeys(endpoint, startedAt), message.id, startedAt, message.body), message.body, stopped);
    // An answer that came is recorded even while stopping: a 2xx thrown away would be sent again.
    if (stopped.aborted && result.kind !== 'answered') {
      // Stopping: the next process attempts it at once (the receiver may see it twice, with one id).
      await messages.mutate(message.id, (current) => (holdsLease(current, message) ? { next: { ...current, leaseUntil: null }, result: undefined } : { result: undefined }));
      return null;
    }
    await this.results.submit({ message, result, startedAt, endedAt: new Date() });
    return result;
  }

  /**
   * The answer of a first attempt its run handed over (`FirstAttempts`): the message was recorded
   * held by it, as by a claim of ours, so its result is written as one of ours, with the others
   * under way.
   */
  async recordHandedOver(message: WebhookMessage, attempt: { result: AttemptResult; startedAt: Date; endedAt: Date }): Promise<void> {
    await this.results.submit({ message, ...attempt });
  }

  /**
   * The results of a lot of attempts: the messages in one read and one write, the attempts in one
   * insert, the erasures that ran meanwhile in one read, the claims released in one delete; an
   * endpoint is written only when one of its attempts changes it.
   */
  private async recordLot(done: readonly AttemptDone[]): Promise<Array<WebhookMessage | null>> {
    const { messages, attempts, claims, metrics, schedule } = this.options;
    const outcomes = await messages.writeEach(
      done.map((d) => d.message.id),
      (current, i) => afterClaimedAttempt(current, done[i]!.message, done[i]!.result, done[i]!.endedAt, schedule),
    );
    const records = [];
    for (const [i, { message, result, startedAt, endedAt }] of done.entries()) {
      const { found, written } = outcomes[i]!;
      const outcome = outcomeOf(result);
      metrics.attempted(outcome, message.trigger);
      this.laneMoved(found ? written : null, message.lane);
      // Erased while it was being sent (its consent or feedback item): no attempt of it is kept either.
      if (!found) continue;
      records.push(attemptRecord(message, result, startedAt, endedAt, written?.status === 'pending' ? written.nextAttemptAt : null));
    }
    await attempts.recordMany(records);
    if (records.length > 0) {
      // Erased between the result's write and the record: the erasure deleted no attempt of them yet, so these go now.
      const still = await messages.existing(records.map((r) => r.messageId));
      const erased = records.filter((r) => !still.has(r.messageId)).map((r) => r.messageId);
      if (erased.length > 0) await attempts.deleteOfMessages(erased);
    }
    for (const { message, result, endedAt } of done) await this.recordOnEndpoint(message.endpointId, outcomeOf(result), endedAt);
    await claims.releaseMany(done.map((d) => claimKey(d.message.id)));
    return outcomes.map((o) => o.written);
  }

  /**
   * An attempt's result was written: the message is due again at its retry, or its lane's next
   * message (if the last read saw one) is now the head. Either is looked for without waiting for the periodic read (the read
   * that would notice it may be held back by the pacing).
   */
  private laneMoved(next: WebhookMessage | null, lane?: string): void {
    if (next?.status === 'pending') {
      if (!this.nextDue || next.nextAttemptAt < this.nextDue) this.nextDue = next.nextAttemptAt;
    } else if (lane === undefined || this.lanesWithMore.has(lane)) {
      // A lane that held only this message at the last read has nothing behind it (what was written here since has woken the read already).
      this.queued();
    }
  }

  /**
   * A success ends a failure streak; a 410, or failing for `disableAfterMs`, disables the endpoint
   * and gives up its queue. Decided on the endpoint as last read (or as `known`); written (and decided again on the
   * endpoint as stored) only when that changes it.
   */
  async recordOnEndpoint(endpointId: string, outcome: 'succeeded' | 'failed' | 'gone', now: Date, known = this.endpointsRead.get(endpointId)): Promise<void> {
    if (known && !endpointAfterAttempt(known, outcome, now, this.options.disableAfterMs)) return;
    let stored: WebhookEndpoint | null = null;
    const changed = await this.options.endpoints.mutate(endpointId, (current) => {
      stored = current;
      const next = endpointAfterAttempt(current, outcome, now, this.options.disableAfterMs);
      return next ? { next, result: next } : { result: null };
    });
    if (!changed.found) {
      this.endpointsRead.delete(endpointId);
      return;
    }
    const latest = changed.result ?? stored;
    if (latest) this.endpointsRead.set(endpointId, latest);
    if (!changed.result || changed.result.enabled) return;
    this.options.logger.warn({ webhookId: endpointId, reason: changed.result.disabledReason }, 'webhook endpoint disabled');
    await this.options.messages.abandonPendingOf(endpointId, `the endpoint was disabled (${changed.result.disabledReason})`, now);
  }
}

/** An attempt that has its result, to be written. */
interface AttemptDone {
  message: WebhookMessage;
  result: AttemptResult;
  startedAt: Date;
  endedAt: Date;
}
