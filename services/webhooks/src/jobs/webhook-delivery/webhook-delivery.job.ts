import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BatchedLeasedJobs, type BatchedFinish, type BatchedJobContext, type ClaimLedger, type JobContext, type JobQueueView, type JobSource } from '@obp/jobs';
import type { Versioned } from '@obp/store';
import type { Logger } from '@obp/telemetry';
import { afterAttempt as endpointAfterAttempt, signingKeys, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { abandon, afterClaimedAttempt, outcomeOf, type AttemptResult, type WebhookMessage } from '../../domain/webhook-message';
import type { RetrySchedule } from '../../domain/retry-schedule';
import { signedHeaders } from '../../domain/signature';
import { attemptRecord, type AttemptLog } from '../../infrastructure/attempt-log';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import type { DeliveryMetrics } from './delivery-metrics';
import { DeliveryQueue } from './delivery-queue';
import { EndpointSlots } from './endpoint-slots';

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

/** An attempt that has its answer, to be written. */
interface FinishedAttempt {
  result: AttemptResult;
  startedAt: Date;
  endedAt: Date;
}

type Delivery = Versioned<WebhookMessage>;

/**
 * Deliveries as jobs of the job runner, on the batched leased-job protocol of @obp/jobs (claims,
 * renewals and results of many attempts share one write; a worker taken over stores nothing). Which
 * messages are due is `DeliveryQueue`'s (lane heads, endpoint turns, slots); this is the attempt and
 * what its answer does: the message's retry schedule, its attempt record, the endpoint's failure
 * streak. A crash leaves the lease to lapse and the message is attempted again with the same id: at
 * least once. An endpoint is written only when an attempt changes it (a streak starts or ends, it is disabled).
 */
export class DeliveryJobs implements JobSource<Delivery> {
  /** Attempts under way in the process by endpoint, these and the first attempts made while consuming. */
  readonly slots: EndpointSlots;
  private readonly queue: DeliveryQueue;
  private readonly protocol: BatchedLeasedJobs<Delivery, FinishedAttempt, WebhookMessage>;

  constructor(private readonly options: DeliveryJobOptions) {
    this.slots = options.slots ?? new EndpointSlots(options.endpointConcurrency);
    this.queue = new DeliveryQueue({ ...options, slots: this.slots, queueReadPacing: options.queueReadPacing ?? 10 });
    this.protocol = new BatchedLeasedJobs<Delivery, FinishedAttempt, WebhookMessage>({
      claimKey: 'webhook-delivery',
      store: options.messages,
      claims: options.claims,
      leaseMs: options.leaseMs,
      writeBatch: options.writeBatch,
      lease: { read: (m) => (m.status === 'pending' ? { epoch: m.claims, leaseUntil: m.leaseUntil, notBefore: m.nextAttemptAt, trace: m.trace } : null) },
      selection: this.queue,
      span: { name: 'webhook deliver', kind: SpanKind.CLIENT, attributes: (m) => ({ 'obp.webhook.id': m.endpointId, 'obp.webhook.message_id': m.id, 'obp.webhook.event_type': m.eventType }) },
      work: (message, context) => this.attempt(message, context),
      after: (current, claimed, { result, endedAt }) => afterClaimedAttempt(current, claimed, result, endedAt, options.schedule),
      recorded: (lot) => this.recordLot(lot),
    });
  }

  /** A message was written (created or queued again): the queue is read again soon. */
  queued(): void {
    this.queue.queued();
  }

  due(now: Date, limit: number): Promise<Delivery[]> {
    return this.protocol.due(now, limit);
  }

  nextDueAt(): Date | null {
    return this.protocol.nextDueAt();
  }

  queueView(): JobQueueView {
    return this.protocol.queueView();
  }

  key(message: Delivery): string {
    return message.id;
  }

  attemptOf(message: WebhookMessage): number {
    return message.failedAttempts + 1;
  }

  claim(candidate: Delivery, now: Date): Promise<Delivery | null> {
    return this.protocol.claim(candidate, now);
  }

  renew(message: Delivery, now: Date): Promise<boolean> {
    return this.protocol.renew(message, now);
  }

  /** Attempts the message, continuing the trace of the event that caused it; the attempt's outcome, or `not-attempted` (disabled endpoint, stopping). */
  run(message: Delivery, context: JobContext): Promise<string> {
    return this.protocol.run(message, context);
  }

  /**
   * The answer of a first attempt its run handed over (`FirstAttempts`): the message was recorded
   * held by it, as by a claim of ours, so its result is written as one of ours, with the others under way.
   */
  async recordHandedOver(message: WebhookMessage, attempt: FinishedAttempt): Promise<void> {
    await this.protocol.finish(message, attempt);
  }

  private async attempt(message: Delivery, { signal, span, finish, update }: BatchedJobContext<Delivery, FinishedAttempt, WebhookMessage>): Promise<string> {
    const endpoint = await this.queue.endpointOf(message.endpointId);
    if (!endpoint || !endpoint.enabled) {
      await update((current, now) => abandon(current, 'the endpoint is disabled or deleted', now), { end: true });
      this.queue.laneMoved(null);
      return 'not-attempted';
    }
    const startedAt = new Date();
    const result = await this.options.sender.send(endpoint.url, signedHeaders(signingKeys(endpoint, startedAt), message.id, startedAt, message.body), message.body, signal);
    // An answer that came is recorded even while stopping: a 2xx thrown away would be sent again.
    if (signal.aborted && result.kind !== 'answered') {
      // Stopping: the next process attempts it at once (the receiver may see it twice, with one id).
      await update((current) => ({ ...current, leaseUntil: null }));
      return 'not-attempted';
    }
    await finish({ result, startedAt, endedAt: new Date() });
    const outcome = outcomeOf(result);
    span.setAttribute('obp.webhook.outcome', outcome);
    if (result.kind === 'answered') span.setAttribute('http.response.status_code', result.status);
    if (outcome !== 'succeeded') span.setStatus({ code: SpanStatusCode.ERROR, message: result.kind === 'answered' ? `answered ${result.status}` : result.error });
    return outcome;
  }

  /**
   * What a lot of written results keeps beside them: the attempts in one insert, the erasures that ran
   * meanwhile in one read; an endpoint is written only when one of its attempts changes it.
   */
  private async recordLot(lot: ReadonlyArray<BatchedFinish<WebhookMessage, FinishedAttempt>>): Promise<void> {
    const { attempts, messages, metrics } = this.options;
    const records = [];
    for (const { job: message, result: { result, startedAt, endedAt }, found, written } of lot) {
      metrics.attempted(outcomeOf(result), message.trigger);
      this.queue.laneMoved(found ? written : null, message.lane);
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
    for (const { job: message, result: { result, endedAt } } of lot) await this.recordOnEndpoint(message.endpointId, outcomeOf(result), endedAt);
  }

  /**
   * A success ends a failure streak; a 410, or failing for `disableAfterMs`, disables the endpoint
   * and gives up its queue. Decided on the endpoint as last read (or as `known`); written (and decided again on the
   * endpoint as stored) only when that changes it.
   */
  async recordOnEndpoint(endpointId: string, outcome: 'succeeded' | 'failed' | 'gone', now: Date, known = this.queue.endpointsRead.get(endpointId)): Promise<void> {
    if (known && !endpointAfterAttempt(known, outcome, now, this.options.disableAfterMs)) return;
    let stored: WebhookEndpoint | null = null;
    const changed = await this.options.endpoints.mutate(endpointId, (current) => {
      stored = current;
      const next = endpointAfterAttempt(current, outcome, now, this.options.disableAfterMs);
      return next ? { next, result: next } : { result: null };
    });
    if (!changed.found) {
      this.queue.endpointsRead.delete(endpointId);
      return;
    }
    const latest = changed.result ?? stored;
    if (latest) this.queue.endpointsRead.set(endpointId, latest);
    if (!changed.result || changed.result.enabled) return;
    this.options.logger.warn({ webhookId: endpointId, reason: changed.result.disabledReason }, 'webhook endpoint disabled');
    await this.options.messages.abandonPendingOf(endpointId, `the endpoint was disabled (${changed.result.disabledReason})`, now);
  }
}
