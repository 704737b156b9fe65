import { afterAttempt, afterClaimedAttempt, erasureIdsOf, erasureIdsOfMessage, withoutErased, holdsLease, isAttemptDue, laneHeads, laneSequenceOf, messageIdFor, newMessage, requeue, type AttemptResult, type WebhookMessage } from './webhook-message';

const now = new Date('2030-01-01T00:00:00Z');
const schedule = [5_000, 300_000];
let nextOffset = 0;

function message(resource = 'share:1', at = now, offset = String(nextOffset++)): WebhookMessage {
  return newMessage({
    id: messageIdFor('ep', `${resource}-${offset}-${Math.random()}`),
    endpointId: 'ep',
    ownerClientId: 'app',
    eventType: 'share.created',
    resource,
    laneSequence: laneSequenceOf(offset),
    occurredAt: at,
    data: { id: 1 },
    trigger: 'scheduled',
    trace: {},
    now: at,
  });
}

const ok: AttemptResult = { kind: 'answered', status: 200, retryAfter: null, body: '' };
const serverError: AttemptResult = { kind: 'answered', status: 500, retryAfter: null, body: '' };
/** As a claim leaves it: its epoch and lease. */
const claimed = (m: WebhookMessage): WebhookMessage => ({ ...m, claims: m.claims + 1, leaseUntil: new Date(now.getTime() + 45_000) });

describe('webhook messages', () => {
  it('have the same id for the same endpoint and event, and another for another endpoint', () => {
    expect(messageIdFor('ep', 'event-1')).toBe(messageIdFor('ep', 'event-1'));
    expect(messageIdFor('ep', 'event-1')).not.toBe(messageIdFor('ep2', 'event-1'));
    expect(messageIdFor('ep', 'event-1')).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });

  it('name the consents and accounts their data names, for erasure', () => {
    expect(erasureIdsOf({ consentId: 'c1', userId: 'u1', externalUserId: 'x1', status: 'Valid' })).toEqual(['c1']);
    expect(erasureIdsOf({ id: 's1', consentIds: ['c1', 'c2'], accountIds: ['a1', 'c1'], analysisIds: ['j1'] })).toEqual(['c1', 'c2', 'a1']);
    expect(erasureIdsOf({ id: 's1', consentIds: null, accountIds: null })).toEqual([]);
    expect(erasureIdsOf({ analysisJobId: 'j1', reference: 'consentId' })).toEqual([]);
    expect(erasureIdsOf({ feedbackId: 'f1', transactionId: 't1', status: 'Accepted', note: 'organic' })).toEqual(['f1']);
    expect(erasureIdsOf(null)).toEqual([]);
    expect(erasureIdsOfMessage({ body: JSON.stringify({ type: 'transactions.fetched', timestamp: now.toISOString(), data: { consentId: 'c9' } }) })).toEqual(['c9']);
  });

  it('drop an event about an erased consent or feedback item, and keep a share’s without the erased ids', () => {
    const erased = new Set(['c1', 'a1', 'f1']);
    expect(withoutErased({ consentId: 'c1', userId: 'u1' }, erased)).toBeNull();
    expect(withoutErased({ feedbackId: 'f1', note: 'n' }, erased)).toBeNull();
    expect(withoutErased({ consentId: 'c2', userId: 'u2' }, erased)).toEqual({ consentId: 'c2', userId: 'u2' });
    expect(withoutErased({ id: 's1', consentIds: ['c1', 'c2'], accountIds: ['a1'], analysisIds: null }, erased)).toEqual({ id: 's1', consentIds: ['c2'], accountIds: [], analysisIds: null });
    expect(withoutErased({ id: 's2', consentIds: null, accountIds: null }, erased)).toEqual({ id: 's2', consentIds: null, accountIds: null });
  });

  it('carry the body { type, timestamp, data }', () => {
    expect(JSON.parse(message().body)).toEqual({ type: 'share.created', timestamp: '2030-01-01T00:00:00.000Z', data: { id: 1 } });
  });

  it('let only the first pending message of each lane go', () => {
    const [first, second] = [message('share:1'), message('share:1')];
    const other = message('share:2');
    expect(laneHeads([second, other, first]).map((m) => m.id).sort()).toEqual([first.id, other.id].sort());
  });

  it('take their place in the lane from the offset of their event, whatever the clock said when they were made', () => {
    expect(laneSequenceOf('10') > laneSequenceOf('9')).toBe(true);
    expect(laneSequenceOf('9223372036854775807')).toHaveLength(20);
    const later = message('share:1', now, '10');
    // Made later by a process whose clock is behind: still the earlier event.
    const earlier = message('share:1', new Date(now.getTime() - 3_600_000), '9');
    expect(laneHeads([later, earlier]).map((m) => m.id)).toEqual([earlier.id]);
  });

  it('are delivered after a 2xx', () => {
    const next = afterAttempt(message(), { kind: 'answered', status: 204, retryAfter: null, body: '' }, now, schedule);
    expect(next).toMatchObject({ status: 'succeeded', leaseUntil: null, lastError: null });
  });

  it('are retried on the schedule after a failure or no answer, then given up', () => {
    const once = afterAttempt(message(), { kind: 'answered', status: 500, retryAfter: null, body: 'oops' }, now, schedule, 0.5);
    expect(once).toMatchObject({ status: 'pending', failedAttempts: 1, nextAttemptAt: new Date(now.getTime() + 5_000), lastError: 'answered 500' });
    const twice = afterAttempt(once, { kind: 'no-answer', error: 'ECONNREFUSED' }, now, schedule, 0.5);
    expect(twice).toMatchObject({ status: 'pending', failedAttempts: 2, nextAttemptAt: new Date(now.getTime() + 300_000) });
    expect(afterAttempt(twice, { kind: 'no-answer', error: 'timed out' }, now, schedule)).toMatchObject({ status: 'failed', failedAttempts: 3, lastError: 'timed out' });
  });

  it('wait as long as Retry-After says on 429 and 503, at most a day', () => {
    const tooMany = afterAttempt(message(), { kind: 'answered', status: 429, retryAfter: '60', body: '' }, now, schedule, 0.5);
    expect(tooMany.nextAttemptAt).toEqual(new Date(now.getTime() + 60_000));
    const unavailable = afterAttempt(message(), { kind: 'answered', status: 503, retryAfter: '172800', body: '' }, now, schedule, 0.5);
    expect(unavailable.nextAttemptAt).toEqual(new Date(now.getTime() + 86_400_000));
    const ignored = afterAttempt(message(), { kind: 'answered', status: 500, retryAfter: '60', body: '' }, now, schedule, 0.5);
    expect(ignored.nextAttemptAt).toEqual(new Date(now.getTime() + 5_000));
  });

  it('are given up at once on 410', () => {
    expect(afterAttempt(message(), { kind: 'answered', status: 410, retryAfter: null, body: '' }, now, schedule)).toMatchObject({ status: 'failed', lastError: 'answered 410' });
  });

  it('are due when pending, scheduled and not leased; a redelivery starts the schedule over', () => {
    const failed = { ...message(), status: 'failed' as const, failedAttempts: 3 };
    expect(isAttemptDue(failed, now)).toBe(false);
    const again = requeue(failed, 'manual', now);
    expect(again).toMatchObject({ status: 'pending', trigger: 'manual', failedAttempts: 0 });
    expect(isAttemptDue(again, now)).toBe(true);
    expect(isAttemptDue({ ...again, leaseUntil: new Date(now.getTime() + 1) }, now)).toBe(false);
  });

  it('count their re-queues', () => {
    const delivered = { ...message(), status: 'succeeded' as const };
    expect(requeue(requeue(delivered, 'manual', now), 'replay', now).requeues).toBe(2);
  });

  describe('the result of a claimed attempt', () => {
    it('is written over the message the claim left', () => {
      const attempted = claimed(message());
      expect(afterClaimedAttempt(attempted, attempted, ok, now, schedule)).toMatchObject({ status: 'succeeded', leaseUntil: null });
    });

    it('is not written once another claim took the message over', () => {
      const attempted = claimed(message());
      expect(afterClaimedAttempt(claimed(attempted), attempted, ok, now, schedule)).toBeNull();
    });

    it('does not end a re-queue that came after the claim: the message stays pending, due at once, for another attempt', () => {
      const attempted = claimed(message());
      const redelivered = requeue(attempted, 'manual', new Date(now.getTime() + 1_000));
      const written = afterClaimedAttempt(redelivered, attempted, ok, new Date(now.getTime() + 2_000), schedule);
      expect(written).toMatchObject({ status: 'pending', trigger: 'manual', leaseUntil: null, failedAttempts: 0, nextAttemptAt: new Date(now.getTime() + 1_000) });
      expect(isAttemptDue(written!, new Date(now.getTime() + 2_000))).toBe(true);
    });

    it('leaves a message that was given up meanwhile (its endpoint disabled) given up, also when it failed', () => {
      const attempted = claimed(message());
      const abandoned = { ...attempted, status: 'failed' as const, leaseUntil: null, lastError: 'the endpoint was disabled (by-app)' };
      expect(afterClaimedAttempt(abandoned, attempted, serverError, now, schedule)).toBeNull();
    });
  });

  it('hold their lease while the claim is theirs, no result was written and they were not given up', () => {
    const attempted = claimed(message());
    expect(holdsLease(attempted, attempted)).toBe(true);
    expect(holdsLease(afterAttempt(attempted, serverError, now, schedule), attempted)).toBe(false);
    expect(holdsLease(claimed(attempted), attempted)).toBe(false);
    expect(holdsLease({ ...attempted, status: 'failed' }, attempted)).toBe(false);
  });
});
