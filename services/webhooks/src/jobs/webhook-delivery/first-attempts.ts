import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFromHeaders } from '@obp/bus';
import type { JobMetrics } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import { signingKeys, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { afterAttempt, heldByAttemptUnderWay, outcomeOf, type AttemptOutcome, type AttemptResult, type WebhookMessage } from '../../domain/webhook-message';
import type { RetrySchedule } from '../../domain/retry-schedule';
import { signedHeaders } from '../../domain/signature';
import { attemptRecord, type AttemptLog, type DeliveryAttempt } from '../../infrastructure/attempt-log';
import type { MessageStore } from '../../infrastructure/message-store';
import type { MessageSender } from './webhook-delivery.job';
import type { DeliveryMetrics } from './delivery-metrics';
import type { EndpointSlots } from './endpoint-slots';

const tracer = trace.getTracer('@obp/webhooks');

/** A new message and the endpoint it goes to, as read for its run. */
export interface NewDelivery {
  message: WebhookMessage;
  endpoint: WebhookEndpoint;
}

export interface FirstAttemptsOptions {
  messages: MessageStore;
  attempts: AttemptLog;
  sender: MessageSender;
  slots: EndpointSlots;
  metrics: DeliveryMetrics;
  /** The delivery runner's metrics: a first attempt is a run of its message like one the runner makes (`job.runs`, `job.attempts` 1). */
  runs: Pick<JobMetrics, 'ran'>;
  schedule: RetrySchedule;
  /** Records what the run's attempts did to an endpoint (a failure streak starts or ends, 410 disables it): `DeliveryJobs.recordOnEndpoint`. */
  recordOnEndpoint: (endpointId: string, outcome: AttemptOutcome, now: Date, known: WebhookEndpoint) => Promise<void>;
  /**
   * How long a run waits for its first attempts. An attempt still under way then is handed over: its
   * message is recorded held by it (`heldByAttemptUnderWay`) and its answer later, as the stored
   * queue's (`recordHandedOver`); the rest of its lane, and what has not started yet, go to the stored
   * queue. So a receiver that is slow holds the consumer (and the other endpoints' next runs) this
   * long at most.
   */
  waitMs: number;
  /** A handed-over message is held this long past its attempt's start: longer than an attempt can take. */
  handedOverLeaseMs: number;
  /**
   * After one of its attempts was handed over, an endpoint's messages go to the stored queue unsent
   * for this long (`SLOW_ENDPOINT_MS` when not given), as an endpoint's in a failure streak do: a slow
   * receiver then holds up a run once in this while, not every run.
   */
  slowEndpointMs?: number;
  /** Records the answer of a handed-over attempt: `DeliveryJobs.recordHandedOver`. */
  recordHandedOver: (message: WebhookMessage, attempt: FinishedAttempt) => Promise<void>;
  logger: Logger;
}

/** An attempt that has its answer. */
export interface FinishedAttempt {
  result: AttemptResult;
  startedAt: Date;
  endedAt: Date;
}

/** Where one attempt of a run is; read when the run stops waiting. */
interface AttemptTicket {
  /** The POST has started (a slot was free and the run still waited). */
  sending: boolean;
  startedAt: Date | null;
}

/** How long an endpoint that was too slow for a run is left to the stored queue. */
export const SLOW_ENDPOINT_MS = 30_000;

/** The run's wait for its first attempts is over (`waitMs`). */
const CUT_OFF = Symbol('cut off');

/** What a run's first attempts left to the stored queue. */
export interface FirstAttemptsOutcome {
  /** Messages recorded as pending (a failed first attempt, or not attempted): the delivery jobs take them. */
  queued: number;
  attempted: number;
}

/**
 * The first attempts of the new messages of a consumed run, made straight from the run, so that a
 * message that is delivered at once costs the store its share of one insert of messages and one of
 * attempts, not the stored queue's lease, claim and result writes. The consumer owns the run's
 * partition and a resource's events are all on one partition in order, so no other process makes
 * messages of these lanes meanwhile. A lane is attempted here while nothing of it is pending in the
 * store; each lane's messages one after the other, every lane at once, at most `slots.perEndpoint` of
 * one endpoint at a time. The first failure of a lane (or of its endpoint in this run) sends the rest
 * to the stored queue, behind it, as does a lane pending in the store and an endpoint already in a
 * failure streak (so an endpoint that fails holds up a run at most once per streak). Then the run's
 * messages, each in the state its attempt left it, go in one insert and their attempts in another;
 * the caller commits the offsets after that. A crash before it sends the run again: at least once,
 * with the same message ids.
 */
export class FirstAttempts {
  /** Endpoints too slow for a run lately, and until when their messages go to the stored queue unsent. */
  private readonly slowUntil = new Map<string, number>();

  constructor(private readonly options: FirstAttemptsOptions) {}

  async deliver(deliveries: readonly NewDelivery[]): Promise<FirstAttemptsOutcome> {
    const { messages, attempts } = this.options;
    if (deliveries.length === 0) return { queued: 0, attempted: 0 };
    // An endpoint in a failure streak is not attempted here: its pending lanes need not be known.
    const slow = this.slowEndpoints();
    const open = [...new Set(deliveries.filter((d) => d.endpoint.failingSince === null && !slow.has(d.endpoint.id)).map((d) => d.endpoint.id))];
    const [recorded, blocked] = await Promise.all([this.recordedBefore(deliveries), open.length > 0 ? messages.pendingLanesOf(open) : new Set<string>()]);
    const lanes = new Map<string, NewDelivery[]>();
    for (const delivery of deliveries) {
      if (recorded.has(delivery.message.id)) continue;
      const lane = lanes.get(delivery.message.lane);
      if (lane) lane.push(delivery);
      else lanes.set(delivery.message.lane, [delivery]);
    }
    if (lanes.size === 0) return { queued: 0, attempted: 0 };
    const failing = new Set<string>();
    const records: Array<Omit<DeliveryAttempt, 'attemptedDay'>> = [];
    const outcomes = new Map<string, { outcome: AttemptOutcome; at: Date; endpoint: WebhookEndpoint }>();
    const settled: WebhookMessage[] = [];
    const handedOver: Array<{ message: WebhookMessage; attempt: Promise<FinishedAttempt | null> }> = [];
    const wait = cutOffAfter(this.options.waitMs);
    try {
      await Promise.all(
        [...lanes].map(async ([lane, queue]) => {
          let open = !blocked.has(lane);
          for (const { message, endpoint } of queue) {
            if (open && (wait.over || endpoint.failingSince !== null || failing.has(endpoint.id) || slow.has(endpoint.id))) open = false;
            if (!open) {
              settled.push(message);
              continue;
            }
            const ticket: AttemptTicket = { sending: false, startedAt: null };
            const underWay = this.attempt(message, endpoint, failing, wait, ticket);
            const attempt = await Promise.race([underWay, wait.cutOff]);
            if (attempt === CUT_OFF || !attempt) {
              open = false;
              if (attempt === CUT_OFF && ticket.sending) {
                const held = heldByAttemptUnderWay(message, new Date((ticket.startedAt ?? new Date()).getTime() + this.options.handedOverLeaseMs));
                settled.push(held);
                handedOver.push({ message: held, attempt: underWay });
                this.slowUntil.set(endpoint.id, Date.now() + (this.options.slowEndpointMs ?? SLOW_ENDPOINT_MS));
              } else settled.push(message);
              continue;
            }
            const { result, startedAt, endedAt } = attempt;
            const outcome = outcomeOf(result);
            const after = afterAttempt(message, result, endedAt, this.options.schedule);
            settled.push(after);
            records.push(attemptRecord(message, result, startedAt, endedAt, after.status === 'pending' ? after.nextAttemptAt : null));
            this.options.metrics.attempted(outcome, message.trigger);
            this.options.runs.ran(outcome, 1);
            const known = outcomes.get(endpoint.id);
            if (!known || known.outcome === 'succeeded' || outcome === 'gone') outcomes.set(endpoint.id, { outcome, at: endedAt, endpoint });
            if (outcome !== 'succeeded') {
              failing.add(endpoint.id);
              open = false;
            }
          }
        }),
      );
    } finally {
      wait.clear();
    }
    await Promise.all([messages.insertMissing(settled), attempts.recordMany(records)]);
    // Decided on the endpoint as read for the run: written only when its attempts change it.
    // The handed-over answers are recorded from here on, whatever becomes of the rest of the run's work.
    for (const { message, attempt } of handedOver) void this.recordWhenAnswered(message, attempt);
    for (const [endpointId, { outcome, at, endpoint }] of outcomes) await this.options.recordOnEndpoint(endpointId, outcome, at, endpoint);
    return { queued: settled.filter((m) => m.status === 'pending').length, attempted: records.length };
  }

  /** The endpoints whose messages go to the stored queue unsent for now, having been too slow for a run lately. */
  private slowEndpoints(): ReadonlySet<string> {
    const now = Date.now();
    for (const [endpointId, until] of this.slowUntil) if (until <= now) this.slowUntil.delete(endpointId);
    return new Set(this.slowUntil.keys());
  }

  /** A handed-over attempt's answer, recorded once it comes; unrecorded (a stop, the store down), the message's hold lapses and the stored queue attempts it again. */
  private async recordWhenAnswered(message: WebhookMessage, underWay: Promise<FinishedAttempt | null>): Promise<void> {
    try {
      const attempt = await underWay;
      if (!attempt) return;
      this.options.runs.ran(outcomeOf(attempt.result), 1);
      await this.options.recordHandedOver(message, attempt);
    } catch (error) {
      this.options.logger.warn({ err: error, messageId: message.id }, 'answer of a handed-over first attempt not recorded: the stored queue attempts the message again when its hold lapses');
    }
  }

  /**
   * The messages of the run an earlier try recorded (it was cut short before its offsets were
   * committed): they are not sent again. The runs of a partition are recorded in order and the next
   * starts at the committed offset, so what was recorded of it is a prefix: if its first message is
   * not recorded, none is, and one read of one id tells.
   */
  private async recordedBefore(deliveries: readonly NewDelivery[]): Promise<Set<string>> {
    const { messages } = this.options;
    if ((await messages.existing([deliveries[0]!.message.id])).size === 0) return new Set();
    return messages.existing(deliveries.map((d) => d.message.id));
  }

  /** One attempt in one of the endpoint's slots; null when the endpoint failed in this run, or the run stopped waiting, while it waited for the slot. */
  private async attempt(message: WebhookMessage, endpoint: WebhookEndpoint, failing: ReadonlySet<string>, wait: RunWait, ticket: AttemptTicket): Promise<FinishedAttempt | null> {
    const { slots, sender } = this.options;
    await slots.take(endpoint.id);
    try {
      if (failing.has(endpoint.id) || wait.over) return null;
      ticket.sending = true;
      return await tracer.startActiveSpan(
        'webhook deliver',
        { kind: SpanKind.CLIENT, attributes: { 'obp.webhook.id': endpoint.id, 'obp.webhook.message_id': message.id, 'obp.webhook.event_type': message.eventType, 'obp.webhook.first_attempt': true } },
        contextFromHeaders(message.trace),
        async (span) => {
          try {
            const startedAt = new Date();
            ticket.startedAt = startedAt;
            const result = await sender.send(endpoint.url, signedHeaders(signingKeys(endpoint, startedAt), message.id, startedAt, message.body), message.body, NEVER_STOPPED);
            const outcome = outcomeOf(result);
            span.setAttribute('obp.webhook.outcome', outcome);
            if (result.kind === 'answered') span.setAttribute('http.response.status_code', result.status);
            if (outcome !== 'succeeded') span.setStatus({ code: SpanStatusCode.ERROR, message: result.kind === 'answered' ? `answered ${result.status}` : result.error });
            return { result, startedAt, endedAt: new Date() };
          } finally {
            span.end();
          }
        },
      );
    } finally {
      slots.release(endpoint.id);
    }
  }
}

/** The run's wait for its first attempts: `over` (and `cutOff` settled) once `waitMs` passed. */
interface RunWait {
  over: boolean;
  cutOff: Promise<typeof CUT_OFF>;
  clear(): void;
}

function cutOffAfter(waitMs: number): RunWait {
  let timer: NodeJS.Timeout | undefined;
  const wait: RunWait = {
    over: false,
    cutOff: new Promise((resolve) => {
      timer = setTimeout(() => {
        wait.over = true;
        resolve(CUT_OFF);
      }, waitMs);
    }),
    clear: () => clearTimeout(timer),
  };
  return wait;
}

/**
 * An attempt made from a run is never cut short: its answer is recorded with the run, and the run's
 * offsets are committed only after that (a stop waits for the run, up to the attempt's timeout).
 */
const NEVER_STOPPED = new AbortController().signal;
