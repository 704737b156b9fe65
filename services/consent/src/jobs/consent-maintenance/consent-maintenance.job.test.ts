import { approve, claimFetch, decline, fetchFailed, fetchSucceeded, invalidate, MAX_CONSECUTIVE_FAILURES, requestFetch, timeOut, type Consent } from '../../domain/consent';
import { initializedConsent, t0 } from '../../domain/consent.fixture';
import { housekeeping, housekeepingDueAt } from './consent-maintenance.job';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(t0.getTime() + ms);
const settings = { intervalMs: 60_000, authorizationTimeoutMs: 4 * HOUR, dailySyncAgeMs: DAY, expiringNoticeMs: 7 * DAY };
const bankConsent = { id: 'bank-1', approach: 'redirect' as const, consentUrl: null, scaStatusLink: null };
/** A consent made at an XS2A bank. */
const atBank = (c: Consent): Consent => ({ ...c, bankConsent });

const initialized = (overrides: Partial<Consent> = {}): Consent => initializedConsent({ syncMode: 'Manual', ...overrides });

const nothingAdded = { accountIds: [], transactionEventKeys: [] };
const approved = (c: Consent) => approve(c, 'f1', at(HOUR));
const updating = (c: Consent) => claimFetch(approved(c), at(HOUR), 30_000);
/** Fetched at t0 + 2 h: `Updated`, no fetch pending. */
const updated = (c: Consent) => fetchSucceeded(updating(c), 'f2', at(2 * HOUR), nothingAdded);
const daily = (overrides: Partial<Consent> = {}) => initialized({ syncMode: 'Daily', ...overrides });
const failure = (n: number) => ({ date: at(n).toISOString(), type: 'FetchFailed', message: `failure ${n}`, code: 'PROVIDER_UNAVAILABLE' });

function failedTimes(c: Consent, times: number): Consent {
  let failing = updating(c);
  for (let n = 1; n <= times; n++) {
    failing = fetchFailed(failing, failure(n), at(HOUR + n), { baseMs: 1000, maxMs: 60_000 });
    if (failing.fetch) failing = claimFetch(failing, failing.fetch.notBefore, 30_000);
  }
  return failing;
}

describe('housekeepingDueAt', () => {
  it('an undecided consent is due when its authorization times out, or when it expires if that is sooner', () => {
    expect(housekeepingDueAt(initialized(), settings)).toEqual(at(4 * HOUR));
    expect(housekeepingDueAt(initialized({ dateExpire: at(3 * HOUR) }), settings)).toEqual(at(3 * HOUR));
  });

  it('an active consent is due when it expires', () => {
    expect(housekeepingDueAt(approved(initialized()), settings)).toEqual(at(180 * DAY));
    expect(housekeepingDueAt(updating(daily()), settings)).toEqual(at(180 * DAY));
    expect(housekeepingDueAt(updated(initialized()), settings)).toEqual(at(180 * DAY));
    expect(housekeepingDueAt(failedTimes(daily(), 3), settings)).toEqual(at(180 * DAY));
    expect(housekeepingDueAt(failedTimes(daily(), MAX_CONSECUTIVE_FAILURES), settings)).toEqual(at(180 * DAY));
  });

  it('an Updated Daily consent with no fetch pending is due when its data is a day old, or when it expires if that is sooner', () => {
    expect(housekeepingDueAt(updated(daily()), settings)).toEqual(at(2 * HOUR + DAY));
    expect(housekeepingDueAt(updated(daily({ dateExpire: at(10 * HOUR) })), settings)).toEqual(at(10 * HOUR));
    // With a fetch pending (a refresh), only its expiry is ahead.
    expect(housekeepingDueAt(requestFetch(updated(daily()), 'f3', at(3 * HOUR)), settings)).toEqual(at(180 * DAY));
  });

  it('a consent with access at an XS2A bank is due for consent.expiring the notice before it expires, once', () => {
    expect(housekeepingDueAt(atBank(updated(initialized())), settings)).toEqual(at(173 * DAY));
    expect(housekeeping(atBank(updated(initialized())), at(173 * DAY - 1), settings)).toBeNull();
    const told = housekeeping(atBank(updated(initialized())), at(173 * DAY), settings)!;
    expect(told.bankConsent).toEqual({ ...bankConsent, expiringAnnounced: true });
    expect(told.status).toBe('Updated');
    expect(housekeepingDueAt(told, settings)).toEqual(at(180 * DAY));
    // Still waiting for the user's authorisation: nothing granted to expire.
    expect(housekeepingDueAt(atBank(initialized()), settings)).toEqual(at(4 * HOUR));
    // A validity shorter than the notice: due when the bank consent was granted, not before (a round would not read it).
    const short = { ...updated(initialized({ dateExpire: at(5 * DAY) })), bankConsent: { ...bankConsent, grantedAt: at(HOUR) } };
    expect(housekeepingDueAt(short, settings)).toEqual(at(HOUR));
    expect(housekeeping(short, at(HOUR), settings)?.bankConsent?.expiringAnnounced).toBe(true);
  });

  it('a Rejected, TimedOut or Invalidated consent is never due, also with Daily sync and stale data', () => {
    expect(housekeepingDueAt(decline(daily(), at(HOUR)), settings)).toBeNull();
    expect(housekeepingDueAt(timeOut(daily(), at(4 * HOUR)), settings)).toBeNull();
    expect(housekeepingDueAt(invalidate(updated(daily()), at(180 * DAY)), settings)).toBeNull();
    expect(housekeepingDueAt({ ...updated(daily()), status: 'Invalidated' }, settings)).toBeNull();
  });

  describe('is exactly when housekeeping first changes the consent', () => {
    /** Consents in every status, each with when it was last written (housekeeping never sees it earlier). */
    const samples: Array<{ name: string; consent: Consent; writtenAt: Date }> = [
      { name: 'Initialized', consent: initialized(), writtenAt: t0 },
      { name: 'Initialized, Daily', consent: daily(), writtenAt: t0 },
      { name: 'Initialized, expiring before its authorization times out', consent: initialized({ dateExpire: at(3 * HOUR) }), writtenAt: t0 },
      { name: 'Authenticated', consent: approved(daily()), writtenAt: at(HOUR) },
      { name: 'Updating', consent: updating(daily()), writtenAt: at(HOUR) },
      { name: 'Updated, Manual', consent: updated(initialized()), writtenAt: at(2 * HOUR) },
      { name: 'Updated, no sync mode', consent: updated(initialized({ syncMode: null })), writtenAt: at(2 * HOUR) },
      { name: 'Updated, Daily', consent: updated(daily()), writtenAt: at(2 * HOUR) },
      { name: 'Updated, Daily, expiring within the day', consent: updated(daily({ dateExpire: at(10 * HOUR) })), writtenAt: at(2 * HOUR) },
      { name: 'Updated, Daily, refresh pending', consent: requestFetch(updated(daily()), 'f3', at(3 * HOUR)), writtenAt: at(3 * HOUR) },
      {
        name: 'Updated, Daily, never fetched',
        consent: { ...approved(daily()), status: 'Updated', dateStatusUpdated: at(5 * HOUR), fetch: null },
        writtenAt: at(5 * HOUR),
      },
      { name: 'Failing, Daily', consent: failedTimes(daily(), 3), writtenAt: at(2 * HOUR) },
      { name: 'Error, Daily', consent: failedTimes(daily(), MAX_CONSECUTIVE_FAILURES), writtenAt: at(2 * HOUR) },
      { name: 'Rejected, Daily', consent: decline(daily(), at(HOUR)), writtenAt: at(HOUR) },
      { name: 'TimedOut, Daily', consent: timeOut(daily(), at(4 * HOUR)), writtenAt: at(4 * HOUR) },
      { name: 'Invalidated, Daily', consent: invalidate(updated(daily()), at(180 * DAY)), writtenAt: at(180 * DAY) },
      { name: 'Updated at a bank', consent: atBank(updated(initialized())), writtenAt: at(2 * HOUR) },
      { name: 'Updated, Daily at a bank', consent: atBank(updated(daily())), writtenAt: at(2 * HOUR) },
      { name: 'Failing at a bank', consent: atBank(failedTimes(daily(), 3)), writtenAt: at(2 * HOUR) },
      { name: 'Updated at a bank, told it expires', consent: { ...updated(initialized()), bankConsent: { ...bankConsent, expiringAnnounced: true } }, writtenAt: at(173 * DAY) },
      { name: 'Initialized at a bank', consent: atBank(initialized()), writtenAt: t0 },
      { name: 'Updated at a bank, granted for less than the notice', consent: { ...updated(initialized({ dateExpire: at(5 * DAY) })), bankConsent: { ...bankConsent, grantedAt: at(HOUR) } }, writtenAt: at(2 * HOUR) },
    ];

    /** Every hour for 200 days, and a millisecond either side of each time a rule looks at. */
    function timesAround(c: Consent, writtenAt: Date, dueAt: Date | null): Date[] {
      const edges = [
        writtenAt.getTime(),
        c.dateRequested.getTime() + settings.authorizationTimeoutMs,
        c.dateExpire.getTime(),
        c.dateExpire.getTime() - settings.expiringNoticeMs,
        (c.dateTransactionsUpdated?.getTime() ?? c.dateStatusUpdated.getTime()) + settings.dailySyncAgeMs,
        ...(dueAt ? [dueAt.getTime()] : []),
      ].flatMap((edge) => [edge - 1, edge, edge + 1]);
      const hourly = Array.from({ length: 200 * 24 }, (_, i) => t0.getTime() + i * HOUR);
      return [...edges, ...hourly].map((ms) => new Date(ms));
    }

    it.each(samples)('$name', ({ consent, writtenAt }) => {
      const dueAt = housekeepingDueAt(consent, settings);
      const late: string[] = [];
      const early: string[] = [];
      for (const now of timesAround(consent, writtenAt, dueAt).filter((time) => time >= writtenAt)) {
        const changes = housekeeping(consent, now, settings) !== null;
        const due = dueAt !== null && dueAt <= now;
        // Never late: a round that reads the consents due by `now` finds every one housekeeping would change.
        if (changes && !due) late.push(now.toISOString());
        // Never early: a consent read before it changes would drop out of the rounds' window unchanged.
        if (due && !changes) early.push(now.toISOString());
      }
      expect({ dueAt, late, early }).toEqual({ dueAt, late: [], early: [] });
    });
  });
});
