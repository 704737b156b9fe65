import { approve, canReauthorise, canRefresh, claimFetch, decline, expiringNoticeDueAt, fetchFailed, fetchSucceeded, invalidate, isFetchDue, MAX_CONSECUTIVE_FAILURES, MAX_STATUS_HISTORY, renewalApproved, renewalFailed, requestFetch, retryDelayMs, statusHistoryOf, type Consent } from './consent';
import { housekeeping } from '../jobs/consent-maintenance/consent-maintenance.job';
import { initializedConsent, t0 } from './consent.fixture';

const at = (ms: number) => new Date(t0.getTime() + ms);

const initialized = (): Consent => initializedConsent();
const retry = { baseMs: 1000, maxMs: 60_000 };
const error = (n: number) => ({ date: at(n).toISOString(), type: 'FetchFailed', message: `failure ${n}`, code: 'PROVIDER_UNAVAILABLE' });

describe('consent lifecycle', () => {
  it('approval authenticates and queues the first fetch; a decline rejects and cannot be refreshed', () => {
    const approved = approve(initialized(), 'f1', at(1));
    expect(approved).toMatchObject({ status: 'Authenticated', dateStatusUpdated: at(1), fetch: { id: 'f1', notBefore: at(1), leaseUntil: null } });
    expect(isFetchDue(approved, at(1))).toBe(true);
    const declined = decline(initialized(), at(1));
    expect(declined.status).toBe('Rejected');
    expect(canRefresh(declined)).toBe(false);
    expect(canRefresh(initialized())).toBe(false);
  });

  it('records each status change with its time in the same change, the latest 50, and nothing when the status stays', () => {
    expect(statusHistoryOf(initialized())).toBeUndefined();
    const updated = fetchSucceeded(claimFetch(approve(initialized(), 'f1', at(1)), at(2), 5000), 'f2', at(3), { accountIds: [], transactionEventKeys: [] });
    expect(statusHistoryOf(updated)).toEqual([
      { status: 'Authenticated', at: at(1).toISOString() },
      { status: 'Updating', at: at(2).toISOString() },
      { status: 'Updated', at: at(3).toISOString() },
    ]);
    expect(invalidate(invalidate(updated, at(4)), at(5)).statusHistory!.map((change) => change.status)).toEqual(['Authenticated', 'Updating', 'Updated', 'Invalidated']);
    let cycling = updated;
    for (let n = 0; n < 40; n++) cycling = fetchSucceeded(claimFetch(cycling, at(10 + 2 * n), 5000), `f${n + 3}`, at(11 + 2 * n), { accountIds: [], transactionEventKeys: [] });
    expect(cycling.statusHistory).toHaveLength(MAX_STATUS_HISTORY);
    expect(cycling.statusHistory!.at(-1)).toEqual({ status: 'Updated', at: at(89) });
  });

  it('a claimed fetch is Updating and not due again until its lease runs out', () => {
    const claimed = claimFetch(approve(initialized(), 'f1', at(0)), at(1), 5000);
    expect(claimed.status).toBe('Updating');
    expect(isFetchDue(claimed, at(4000))).toBe(false);
    expect(isFetchDue(claimed, at(5001))).toBe(true);
  });

  it('a refresh during a running fetch asks it to run once more instead of starting another', () => {
    const claimed = claimFetch(approve(initialized(), 'f1', at(0)), at(1), 5000);
    const refreshed = requestFetch(claimed, 'f2', at(2));
    expect(refreshed.fetch).toMatchObject({ id: 'f1', again: true });
    const done = fetchSucceeded(refreshed, 'f3', at(3), { accountIds: ['a'], transactionEventKeys: ['k'] });
    expect(done).toMatchObject({ status: 'Updated', dateTransactionsUpdated: at(3), fetch: { id: 'f3', again: false }, transactionEventKeys: ['k'] });
    expect(fetchSucceeded(claimed, 'f3', at(3), { accountIds: [], transactionEventKeys: [] }).fetch).toBeNull();
  });

  it('fails with exponential back-off as Failing, and stops as Error at the 20th consecutive failure', () => {
    let c = claimFetch(approve(initialized(), 'f1', at(0)), at(0), 5000);
    for (let n = 1; n < MAX_CONSECUTIVE_FAILURES; n++) {
      c = fetchFailed(c, error(n), at(n), retry);
      expect(c.status).toBe('Failing');
      expect(c.fetch!.notBefore).toEqual(at(n + retryDelayMs(n, retry.baseMs, retry.maxMs)));
      c = claimFetch(c, c.fetch!.notBefore, 5000);
    }
    c = fetchFailed(c, error(20), at(20), retry);
    expect(c).toMatchObject({ status: 'Error', consecutiveFailures: 20, fetch: null });
    expect(c.errors.map((e) => e.message)).toEqual(Array.from({ length: 20 }, (_, i) => `failure ${i + 1}`));
    expect(canRefresh(c)).toBe(true);
  });

  it('back-off doubles from the base and is capped', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000, 60_000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000, 60_000)).toBe(60_000);
  });
});

describe('housekeeping', () => {
  const settings = { intervalMs: 1000, authorizationTimeoutMs: 4 * 3_600_000, dailySyncAgeMs: 86_400_000, expiringNoticeMs: 7 * 86_400_000 };

  it('times out an undecided consent after 4 hours, not before', () => {
    expect(housekeeping(initialized(), at(4 * 3_600_000 - 1), settings)).toBeNull();
    expect(housekeeping(initialized(), at(4 * 3_600_000), settings)?.status).toBe('TimedOut');
  });

  it('invalidates an active consent past dateExpire and stops its fetch', () => {
    const updated = fetchSucceeded(claimFetch(approve(initialized(), 'f1', at(0)), at(0), 1000), 'x', at(1), { accountIds: [], transactionEventKeys: [] });
    const expired = housekeeping(updated, at(180 * 86_400_000), settings);
    expect(expired).toMatchObject({ status: 'Invalidated', fetch: null });
    expect(housekeeping(decline(initialized(), at(1)), at(181 * 86_400_000), settings)).toBeNull();
  });

  it('announces an unsent consent.expiring with the invalidation: at 0 days\' notice, and when no round came between the notice and validUntil', () => {
    const atBank = { ...fetchSucceeded(claimFetch(approve(initialized(), 'f1', at(0)), at(0), 1000), 'x', at(1), { accountIds: [], transactionEventKeys: [] }), bankConsent: { id: 'b1', approach: 'redirect' as const, consentUrl: 'https://bank.example/sca', scaStatusLink: null, grantedAt: at(0) } };
    const validUntil = atBank.dateExpire.getTime() - t0.getTime();
    for (const expiringNoticeMs of [0, 7 * 86_400_000]) {
      const expired = housekeeping(atBank, at(validUntil + 60_000), { ...settings, expiringNoticeMs });
      expect(expired).toMatchObject({ status: 'Invalidated', bankConsent: { expiringAnnounced: true } });
    }
    // Announced before: not again.
    const announced = { ...atBank, bankConsent: { ...atBank.bankConsent, expiringAnnounced: true } };
    expect(housekeeping(announced, at(validUntil), settings)).toMatchObject({ status: 'Invalidated', bankConsent: { expiringAnnounced: true } });
  });

  it('queues a fetch for a Daily consent whose data is a day old, and not for a Manual one', () => {
    const updated = fetchSucceeded(claimFetch(approve(initialized(), 'f1', at(0)), at(0), 1000), 'x', at(1), { accountIds: [], transactionEventKeys: [] });
    expect(housekeeping({ ...updated, syncMode: 'Daily' }, at(1 + 86_400_000 - 1), settings)).toBeNull();
    expect(housekeeping({ ...updated, syncMode: 'Daily' }, at(1 + 86_400_000), settings)?.fetch).not.toBeNull();
    expect(housekeeping({ ...updated, syncMode: 'Manual' }, at(1 + 2 * 86_400_000), settings)).toBeNull();
  });
});

describe('re-authorisation at a bank', () => {
  const bankConsent = { id: 'bank-old', approach: 'redirect' as const, consentUrl: 'https://bank.example/sca/old', scaStatusLink: null, expiringAnnounced: true };
  const renewal = { id: 'bank-new', approach: 'redirect' as const, consentUrl: 'https://bank.example/sca/new', scaStatusLink: null, state: 'secret', requestedAt: at(5), validUntil: at(200 * 86_400_000) };
  const ended = { ...invalidate(fetchSucceeded(claimFetch(approve(initialized(), 'f1', at(0)), at(0), 1000), 'x', at(1), { accountIds: ['a1'], transactionEventKeys: ['k1'] }), at(2)), bankConsent };

  it('is allowed once access was granted, Invalidated included; not while the first authorisation runs, nor when never granted', () => {
    expect(canReauthorise(ended)).toBe(true);
    expect(canReauthorise({ ...ended, status: 'Updated' })).toBe(true);
    expect(canReauthorise({ ...ended, status: 'Initialized' })).toBe(false);
    expect(canReauthorise({ ...ended, status: 'Rejected' })).toBe(false);
    expect(canReauthorise({ ...ended, status: 'TimedOut' })).toBe(false);
    expect(canReauthorise({ ...ended, bankConsent: null })).toBe(false);
  });

  it('approved: the new bank consent replaces the old (to be deleted at the bank), the validity moves, a fetch is queued, the data stays', () => {
    const renewed = renewalApproved({ ...ended, renewal }, 'f2', at(10));
    expect(renewed).toMatchObject({ status: 'Authenticated', dateExpire: renewal.validUntil, renewal: null, retiredBankConsentIds: ['bank-old'], accountIds: ['a1'], transactionEventKeys: ['k1'], consecutiveFailures: 0 });
    expect(renewed.bankConsent).toEqual({ id: 'bank-new', approach: 'redirect', consentUrl: 'https://bank.example/sca/new', scaStatusLink: null, nextPollAt: null, polls: 0, grantedAt: at(10) });
    expect(renewed.fetch?.id).toBe('f2');
    // The old consent's notice was sent: the new one is announced again, expiringNoticeMs before its own validUntil.
    const noticeMs = 7 * 86_400_000;
    expect(expiringNoticeDueAt(renewed, noticeMs)).toEqual(new Date(renewal.validUntil.getTime() - noticeMs));
    const settings = { intervalMs: 1000, authorizationTimeoutMs: 4 * 3_600_000, dailySyncAgeMs: 86_400_000, expiringNoticeMs: noticeMs };
    expect(housekeeping(renewed, new Date(renewal.validUntil.getTime() - noticeMs - 1), settings)?.bankConsent?.expiringAnnounced).toBeFalsy();
    expect(housekeeping(renewed, new Date(renewal.validUntil.getTime() - noticeMs), settings)).toMatchObject({ status: 'Authenticated', bankConsent: { id: 'bank-new', expiringAnnounced: true } });
  });

  it('refused: the consent stays as it was, the refusal in errors, the new bank consent to be deleted', () => {
    const error = { date: at(10).toISOString(), type: 'ReauthorisationFailed', code: 'REAUTHORISATION_REJECTED', message: 'refused' };
    const after = renewalFailed({ ...ended, renewal }, error);
    expect(after).toMatchObject({ status: 'Invalidated', bankConsent, renewal: null, retiredBankConsentIds: ['bank-new'] });
    expect(after.errors.at(-1)).toEqual(error);
  });
});
