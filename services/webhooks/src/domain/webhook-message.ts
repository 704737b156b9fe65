import { createHash } from 'node:crypto';
import { dayBucket } from '@obp/db';
import type { WebhookDeliveryTrigger, WebhookEventType } from '@obp/contracts';
import { retryAfterMs, retryDelayMs, type RetrySchedule } from './retry-schedule';

export type MessageStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One event for one endpoint: what is delivered, with the same `webhook-id` (`id`) in every attempt
 * and redelivery. Messages of one endpoint and resource form a lane, delivered one at a time in
 * `laneSequence` order.
 */
export interface WebhookMessage {
  id: string;
  endpointId: string;
  ownerClientId: string;
  eventType: WebhookEventType;
  /** `<endpointId>|<resource>`: a later message of the lane waits while an earlier one is pending. */
  lane: string;
  /** `laneSequenceOf` the event's offset: the message's place in its lane. */
  laneSequence: string;
  /** The exact body sent, `{ type, timestamp, data }`. */
  body: string;
  status: MessageStatus;
  /** What the next attempt is: the schedule's, an app's redelivery, or a replay. */
  trigger: WebhookDeliveryTrigger;
  /** Times it was queued again (redeliver, replay): an attempt claimed before a re-queue leaves it pending for another. */
  requeues: number;
  /** Failed attempts since the message was last queued: its place in the retry schedule. */
  failedAttempts: number;
  nextAttemptAt: Date;
  /** Epoch of the last claim (see ClaimLedger) and until when the claimant holds it. */
  claims: number;
  leaseUntil: Date | null;
  lastError: string | null;
  /** Trace context of the event that caused the message. */
  trace: Record<string, string>;
  createdAt: Date;
  /** `dayBucket(createdAt)`: replay and purge read by day through an index. */
  createdDay: string;
  updatedAt: Date;
}

/** The message id of an event for an endpoint: the same however often the event is consumed. */
export function messageIdFor(endpointId: string, eventId: string): string {
  return `msg_${createHash('sha256').update(`${endpointId}:${eventId}`).digest('base64url').slice(0, 27)}`;
}

/**
 * A resource's events are keyed by its aggregate, so they are on one partition of their topic, in
 * the order they happened: the event's offset there orders its messages whichever process consumed
 * it and whatever its clock said (as long as the topic's partition count does not change while
 * messages are pending). Zero-padded (an offset has at most 19 digits), so the strings sort as the numbers.
 */
export const laneSequenceOf = (offset: string): string => offset.padStart(20, '0');

export function newMessage(args: {
  id: string;
  endpointId: string;
  ownerClientId: string;
  eventType: WebhookEventType;
  resource: string;
  laneSequence: string;
  occurredAt: Date;
  data: unknown;
  trigger: WebhookDeliveryTrigger;
  trace: Record<string, string>;
  now: Date;
}): WebhookMessage {
  const { now } = args;
  return {
    id: args.id,
    endpointId: args.endpointId,
    ownerClientId: args.ownerClientId,
    eventType: args.eventType,
    lane: `${args.endpointId}|${args.resource}`,
    laneSequence: args.laneSequence,
    body: JSON.stringify({ type: args.eventType, timestamp: args.occurredAt.toISOString(), data: args.data }),
    status: 'pending',
    trigger: args.trigger,
    requeues: 0,
    failedAttempts: 0,
    nextAttemptAt: now,
    claims: 0,
    leaseUntil: null,
    lastError: null,
    trace: args.trace,
    createdAt: now,
    createdDay: dayBucket(now),
    updatedAt: now,
  };
}

/** The fields naming what the event is about: an erasure of it drops the event's messages. */
const SUBJECT_FIELDS = ['consentId', 'feedbackId'] as const;
/** The lists naming what a resource refers to (a share's consents and accounts). */
const REFERENCE_FIELDS = ['consentIds', 'accountIds'] as const;

/**
 * The consents, accounts and feedback items an event's data names: when one of them is erased, the
 * message goes with it, as the event leaves the compacted topic.
 */
export function erasureIdsOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const ids = [...SUBJECT_FIELDS.map((f) => record[f]), ...REFERENCE_FIELDS.flatMap((f) => (Array.isArray(record[f]) ? (record[f] as unknown[]) : []))];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/**
 * The event's data as a message may carry it once `erased` ids are known: null when the event is about
 * an erased consent or feedback item; otherwise without the erased ids in its lists (a share outlives
 * the erasure of a consent it named, and its later events are still the app's to hear).
 */
export function withoutErased(data: unknown, erased: ReadonlySet<string>): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (SUBJECT_FIELDS.some((f) => typeof record[f] === 'string' && erased.has(record[f] as string))) return null;
  const stripped = { ...record };
  for (const f of REFERENCE_FIELDS) if (Array.isArray(record[f])) stripped[f] = (record[f] as unknown[]).filter((id) => !(typeof id === 'string' && erased.has(id)));
  return stripped;
}

/** The ids `erasureIdsOf` finds in the message's body. */
export const erasureIdsOfMessage = (m: Pick<WebhookMessage, 'body'>): string[] => erasureIdsOf((JSON.parse(m.body) as { data?: unknown }).data);

export const isAttemptDue = (m: Pick<WebhookMessage, 'status' | 'nextAttemptAt' | 'leaseUntil'>, now: Date): boolean =>
  m.status === 'pending' && m.nextAttemptAt.getTime() <= now.getTime() && (m.leaseUntil === null || m.leaseUntil.getTime() <= now.getTime());

/** When a pending message can next be attempted: its schedule, or the end of a lease. */
export const attemptDueAt = (m: Pick<WebhookMessage, 'nextAttemptAt' | 'leaseUntil'>): Date =>
  m.leaseUntil && m.leaseUntil.getTime() > m.nextAttemptAt.getTime() ? m.leaseUntil : m.nextAttemptAt;

/** The first pending message of each lane: the only ones that may be attempted. */
export function laneHeads<M extends Pick<WebhookMessage, 'lane' | 'laneSequence'>>(pending: readonly M[]): M[] {
  const heads = new Map<string, M>();
  for (const m of pending) {
    const head = heads.get(m.lane);
    if (!head || m.laneSequence < head.laneSequence) heads.set(m.lane, m);
  }
  return [...heads.values()];
}

/**
 * Queued again (redelivery or replay): attempted at once, with the whole schedule ahead of it. An
 * attempt under way keeps its lease; its result does not end the re-queue (see `afterClaimedAttempt`).
 */
export function requeue(m: WebhookMessage, trigger: WebhookDeliveryTrigger, now: Date): WebhookMessage {
  return { ...m, status: 'pending', trigger, requeues: m.requeues + 1, failedAttempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now };
}

/** Whether the claim `claimed` still holds the message's lease: no other claim, no result written, not given up. */
export const holdsLease = (current: WebhookMessage, claimed: Pick<WebhookMessage, 'claims'>): boolean =>
  current.claims === claimed.claims && current.status === 'pending' && current.leaseUntil !== null;

/**
 * A new message whose first attempt was still under way when its run was recorded (`FirstAttempts`):
 * held by that attempt, as by a claim of the stored queue (the next epoch), until `leaseUntil`. Its
 * answer is recorded as a claimed attempt's; after a crash the lease lapses and the stored queue
 * attempts it again.
 */
export const heldByAttemptUnderWay = (m: WebhookMessage, leaseUntil: Date): WebhookMessage => ({ ...m, claims: m.claims + 1, leaseUntil });

/** Given up on without an attempt (its endpoint was disabled or deleted). */
export function abandon(m: WebhookMessage, reason: string, now: Date): WebhookMessage {
  return { ...m, status: 'failed', leaseUntil: null, lastError: reason, updatedAt: now };
}

/** What came of one attempt. */
export type AttemptResult =
  | { kind: 'answered'; status: number; retryAfter: string | null; body: string }
  | { kind: 'no-answer'; error: string };

/** The longest a `Retry-After` can park a message: the default schedule's longest wait. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

export type AttemptOutcome = 'succeeded' | 'failed' | 'gone';

export const outcomeOf = (result: AttemptResult): AttemptOutcome =>
  result.kind === 'answered' && result.status >= 200 && result.status < 300 ? 'succeeded' : result.kind === 'answered' && result.status === 410 ? 'gone' : 'failed';

/**
 * The message after an attempt: delivered; given up (410, or the schedule used up); or due again
 * after the schedule's next delay, or after `Retry-After` on 429 and 503 (up to a day).
 */
export function afterAttempt(m: WebhookMessage, result: AttemptResult, now: Date, schedule: RetrySchedule, random: number = Math.random()): WebhookMessage {
  const outcome = outcomeOf(result);
  const base = { ...m, leaseUntil: null, trigger: 'scheduled' as const, updatedAt: now };
  if (outcome === 'succeeded') return { ...base, status: 'succeeded', lastError: null };
  const error = result.kind === 'answered' ? `answered ${result.status}` : result.error;
  if (outcome === 'gone') return { ...base, status: 'failed', lastError: error };
  const failedAttempts = m.failedAttempts + 1;
  const scheduled = retryDelayMs(schedule, failedAttempts, random);
  if (scheduled === null) return { ...base, status: 'failed', failedAttempts, lastError: error };
  const asked = result.kind === 'answered' && (result.status === 429 || result.status === 503) ? retryAfterMs(result.retryAfter, now, MAX_RETRY_AFTER_MS) : null;
  return { ...base, failedAttempts, lastError: error, nextAttemptAt: new Date(now.getTime() + (asked ?? scheduled)) };
}

/**
 * What the result of an attempt of the message as claimed (`claimed`) writes over the message as it
 * is now, or null when it writes nothing: another claim took the message over, or it was given up
 * meanwhile (its endpoint was disabled). Queued again since the claim, it only lets go of the lease:
 * the re-queue's attempt is still to come.
 */
export function afterClaimedAttempt(current: WebhookMessage, claimed: WebhookMessage, result: AttemptResult, now: Date, schedule: RetrySchedule): WebhookMessage | null {
  // The lease too: of two answers of one epoch (a hand-over made twice, by a consumer evicted and its successor), only the first is written.
  if (current.claims !== claimed.claims || (claimed.leaseUntil !== null && current.leaseUntil === null)) return null;
  if (current.requeues !== claimed.requeues) return { ...current, leaseUntil: null, updatedAt: now };
  if (current.status !== 'pending') return null;
  return afterAttempt(current, result, now, schedule);
}
