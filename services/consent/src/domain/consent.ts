import { backoffDelayMs, nextAttemptAt } from '@obp/jobs';
import type { ConsentDto, ConsentErrorDto, ConsentStatus, ConsentStatusChangeDto, SyncMode } from '@obp/contracts';

/** Consecutive fetch failures after which a consent stops retrying and shows `Error`. */
export const MAX_CONSECUTIVE_FAILURES = 20;
/** Fetch errors kept on a consent, newest last. */
export const MAX_KEPT_ERRORS = 50;
/** Status changes kept on the consent (the latest; older ones drop off). */
export const MAX_STATUS_HISTORY = 50;

/** A change of the consent's status, recorded in the write that made it. */
export interface StatusChange {
  status: ConsentStatus;
  at: Date;
}

/** A background fetch of accounts and transactions, requested by approval, refresh or the daily sync. */
export interface PendingFetch {
  /** Stable across retries and restarts: transactions stored by this fetch carry it. */
  id: string;
  requestedAt: Date;
  /** Not to be tried before this instant (back-off after a failure). */
  notBefore: Date;
  /** A worker holds the fetch until then; a crashed worker's lease simply runs out. */
  leaseUntil: Date | null;
  /** A refresh arrived while this fetch was running: fetch once more afterwards. */
  again: boolean;
  /** Trace context of the request that asked for the fetch, so the fetch joins its trace. */
  trace?: Record<string, string>;
  /** How many times a worker claimed this fetch: the next claim is for one more (see ClaimLedger). */
  claims?: number;
}

/** The consent an XS2A bank made for a platform consent (docs/providers.md). */
export interface BankConsentRef {
  /** The bank's `consentId`. */
  id: string;
  approach: 'redirect' | 'decoupled';
  /** Where the user authorises (the bank's `scaRedirect`); null for the decoupled approach. */
  consentUrl: string | null;
  /** The authorisation's status link, polled for the decoupled approach. */
  scaStatusLink: string | null;
  /** The decoupled approach's next poll: not before then. */
  nextPollAt?: Date | null;
  polls?: number;
  /** When the bank said it is valid (absent on consents granted before this was recorded: their status's date). */
  grantedAt?: Date;
  /** `consent.expiring` was written for this bank consent (once per bank consent; a re-authorisation's new one has not). */
  expiringAnnounced?: boolean;
}

/**
 * A re-authorisation under way (`POST /consents/{id}/reauthorise`): a new consent at the bank for the same platform
 * consent, beside the current one (which keeps serving fetches until the new one is valid).
 */
export interface BankConsentRenewal extends BankConsentRef {
  /** The secret its callback link carries (not the consent's first one, which the app's user may still hold). */
  state: string;
  requestedAt: Date;
  /** The `validUntil` the new bank consent was asked for: the consent's `dateExpire` once it is valid. */
  validUntil: Date;
}

export interface DecidedRenewal {
  id: string;
  state: string;
  outcome: 'approved' | 'rejected';
}

export interface Consent {
  id: string;
  ownerClientId: string;
  providerKey: string;
  countryCode: string;
  userId: string | null;
  externalUserId: string | null;
  /** Null for a statement-upload consent: no authorisation to come back from. */
  redirectUrl: string | null;
  syncMode: SyncMode | null;
  status: ConsentStatus;
  dateRequested: Date;
  dateStatusUpdated: Date;
  /** The latest status changes, oldest first; absent until the first change (and on consents older than it). */
  statusHistory?: StatusChange[];
  dateExpire: Date;
  dateTransactionsUpdated: Date | null;
  errors: ConsentErrorDto[];
  consecutiveFailures: number;
  /** Secret carried by the authorization page, so only the user who got the consentUrl decides. */
  authorizationState: string;
  fetch: PendingFetch | null;
  accountIds: string[];
  /** Keys of this consent's `transactions.added` messages, tombstoned on erasure. */
  transactionEventKeys: string[];
  /**
   * Statement imports the last import run announced, written with its events: the record that they were announced,
   * until that run's successor has marked them so on the imports themselves (the two are separate writes).
   */
  announcedImportIds?: string[];
  /** Erasure started: the consent is gone for the API while its data is removed. */
  erasedAt?: Date | null;
  /** An XS2A provider's consent at the bank; absent for other providers, and until the bank made it. */
  bankConsent?: BankConsentRef | null;
  /** A new bank consent the user is authorising (re-authorisation); null when none is under way. */
  renewal?: BankConsentRenewal | null;
  /**
   * The last re-authorisation decided, by its callback secret: a callback arriving after a poll decided it (or a reload
   * of the page the bank sent the user to) still takes the user to the app with the outcome.
   */
  decidedRenewal?: DecidedRenewal | null;
  /** Bank consents a re-authorisation replaced, still to be deleted at the bank. */
  retiredBankConsentIds?: string[];
  /** Of those, the ones a deletion was tried for (or whose validity is known): when to try again, and until when. */
  retirements?: BankConsentRetirement[];
}

export interface BankConsentRetirement {
  id: string;
  attempts: number;
  nextAttemptAt: Date;
  /** The bank consent's own validUntil: past it, there is nothing left to delete. */
  until: Date | null;
}

/** Deletions of a replaced bank consent tried before giving up (it then ends at its validUntil). */
export const MAX_RETIREMENT_ATTEMPTS = 8;

/** Attempts at deleting a replaced bank consent back off from 10 s, doubling, to an hour at most. */
const retirementDelayMs = (attempts: number): number => Math.min(3_600_000, 10_000 * 2 ** Math.min(attempts - 1, 20));

/** Whether the replaced bank consent `id` is to be deleted at the bank now (not waiting out a back-off). */
export const retirementDue = (c: Consent, id: string, now: Date): boolean => {
  const tried = c.retirements?.find((r) => r.id === id);
  return !tried || tried.nextAttemptAt <= now;
};

/** The replaced bank consent is deleted at the bank (or given up on): nothing more to do for it. */
export const retirementDone = (c: Consent, id: string): Consent => ({
  ...c,
  retiredBankConsentIds: (c.retiredBankConsentIds ?? []).filter((r) => r !== id),
  retirements: (c.retirements ?? []).filter((r) => r.id !== id),
});

/**
 * The bank did not delete a replaced bank consent: tried again after a back-off, or given up after
 * `MAX_RETIREMENT_ATTEMPTS` or once its validity ended (it ends at the bank by itself).
 */
export function retirementFailed(c: Consent, id: string, now: Date): { next: Consent; givenUp: boolean; attempts: number } {
  const tried = c.retirements?.find((r) => r.id === id);
  const attempts = (tried?.attempts ?? 0) + 1;
  const until = tried?.until ?? null;
  if (attempts >= MAX_RETIREMENT_ATTEMPTS || (until !== null && until <= now)) return { next: retirementDone(c, id), givenUp: true, attempts };
  const retirement: BankConsentRetirement = { id, attempts, nextAttemptAt: new Date(now.getTime() + retirementDelayMs(attempts)), until };
  return { next: { ...c, retirements: [...(c.retirements ?? []).filter((r) => r.id !== id), retirement] }, givenUp: false, attempts };
}

/** The consent's bank is gone (an operator removed it): no re-authorisation to decide, no bank consent to delete there. */
export const bankWorkDropped = (c: Consent): Consent => ({ ...c, renewal: null, retiredBankConsentIds: [], retirements: [] });

/** Statuses in which the user has not (or no longer) granted access. */
const inactive: ReadonlySet<ConsentStatus> = new Set(['Initialized', 'Rejected', 'TimedOut', 'Invalidated']);

export const canRefresh = (c: Consent): boolean => !inactive.has(c.status);

/**
 * The bank consent's validity (the platform consent's `dateExpire`, which is the `validUntil` it was made with) ends
 * within `noticeMs`, and the app was not told yet: due from `dateExpire - noticeMs` (at the earliest when the bank
 * consent was granted) while the access is granted.
 */
export function expiringNoticeDueAt(c: Consent, noticeMs: number): Date | null {
  if (!c.bankConsent || c.bankConsent.expiringAnnounced || inactive.has(c.status)) return null;
  // Not before the bank consent was granted (a validity shorter than the notice): the maintenance rounds read the
  // consents due since the last round, so a due time before the write that made it due would never be read.
  const grantedAt = (c.bankConsent.grantedAt ?? c.dateStatusUpdated).getTime();
  return new Date(Math.max(c.dateExpire.getTime() - noticeMs, grantedAt));
}

/** The app is told that the access ends soon (`consent.expiring`): recorded on the bank consent, so it is told once. */
export const announceExpiring = (c: Consent): Consent => (c.bankConsent ? { ...c, bankConsent: { ...c.bankConsent, expiringAnnounced: true } } : c);

export const awaitsAuthorization = (c: Consent): boolean => c.status === 'Initialized';

/**
 * Statuses from which a consent at a bank may be re-authorised: every one in which the user had granted access,
 * including `Invalidated` (expired, or ended by the bank: CONSENT_EXPIRED, CONSENT_INVALID, CONSENT_UNKNOWN), as
 * Plaid's update mode and GoCardless' reconfirmation renew a link the user had. Not `Initialized` (the first
 * authorisation is still under way), `Rejected` or `TimedOut` (never granted: a new consent is made).
 */
export const REAUTHORISABLE_STATUSES: readonly ConsentStatus[] = ['Authenticated', 'Updating', 'Updated', 'Failing', 'Error', 'Invalidated'];

export const canReauthorise = (c: Consent): boolean => Boolean(c.bankConsent) && REAUTHORISABLE_STATUSES.includes(c.status);

/**
 * The bank says the re-authorisation's consent is valid: it becomes the consent's bank consent (its validity the
 * consent's), the one it replaces is to be deleted at the bank, and a fetch is queued under it (`Authenticated`, as
 * after the first authorisation); the data the consent holds stays, and the fetch dedupes against it.
 */
export function renewalApproved(c: Consent, fetchId: string, now: Date, trace?: Record<string, string>): Consent {
  const renewal = c.renewal!;
  const { state: _state, requestedAt: _requestedAt, validUntil, ...ref } = renewal;
  return {
    ...approve(c, fetchId, now, trace),
    bankConsent: { ...ref, nextPollAt: null, polls: 0, grantedAt: now },
    renewal: null,
    decidedRenewal: { id: renewal.id, state: renewal.state, outcome: 'approved' },
    dateExpire: validUntil,
    consecutiveFailures: 0,
    retiredBankConsentIds: [...(c.retiredBankConsentIds ?? []), ...(c.bankConsent ? [c.bankConsent.id] : [])],
    retirements: [...(c.retirements ?? []), ...(c.bankConsent ? [{ id: c.bankConsent.id, attempts: 0, nextAttemptAt: now, until: c.dateExpire }] : [])],
  };
}

/** The user refused the re-authorisation (or it timed out): the consent goes on as it was, the failure in `errors`. */
export const renewalFailed = (c: Consent, error: ConsentErrorDto): Consent => ({
  ...c,
  renewal: null,
  decidedRenewal: c.renewal ? { id: c.renewal.id, state: c.renewal.state, outcome: 'rejected' } : (c.decidedRenewal ?? null),
  retiredBankConsentIds: [...(c.retiredBankConsentIds ?? []), ...(c.renewal ? [c.renewal.id] : [])],
  retirements: [...(c.retirements ?? []), ...(c.renewal ? [{ id: c.renewal.id, attempts: 0, nextAttemptAt: new Date(0), until: c.renewal.validUntil }] : [])],
  errors: [...c.errors, error].slice(-MAX_KEPT_ERRORS),
});

export function toConsentDto(c: Consent): ConsentDto {
  return {
    id: c.id,
    status: c.status,
    dateStatusUpdated: c.dateStatusUpdated.toISOString(),
    dateRequested: c.dateRequested.toISOString(),
    dateExpire: c.dateExpire.toISOString(),
    dateTransactionsUpdated: c.dateTransactionsUpdated?.toISOString() ?? null,
    providerKey: c.providerKey,
    countryCode: c.countryCode,
    userId: c.userId,
    externalUserId: c.externalUserId,
    syncMode: c.syncMode,
    redirectUrl: c.redirectUrl,
    errors: c.errors,
  };
}

const withStatus = (c: Consent, status: ConsentStatus, now: Date): Consent =>
  c.status === status ? c : { ...c, status, dateStatusUpdated: now, statusHistory: [...(c.statusHistory ?? []), { status, at: now }].slice(-MAX_STATUS_HISTORY) };

/** The status changes as GET /consents/{id} shows them; undefined when none is recorded. */
export const statusHistoryOf = (c: Consent): ConsentStatusChangeDto[] | undefined => c.statusHistory?.map(({ status, at }) => ({ status, at: at.toISOString() }));

export const newFetch = (id: string, now: Date): PendingFetch => ({ id, requestedAt: now, notBefore: now, leaseUntil: null, again: false });

/** The user approved at the provider: access granted, the first fetch is due. */
export const approve = (c: Consent, fetchId: string, now: Date, trace?: Record<string, string>): Consent => ({
  ...withStatus(c, 'Authenticated', now),
  fetch: { ...newFetch(fetchId, now), trace },
});

export const decline = (c: Consent, now: Date): Consent => withStatus(c, 'Rejected', now);

export const timeOut = (c: Consent, now: Date): Consent => withStatus(c, 'TimedOut', now);

export const invalidate = (c: Consent, now: Date): Consent => ({ ...withStatus(c, 'Invalidated', now), fetch: null });

/**
 * The bank ended the access (an XS2A bank answering CONSENT_EXPIRED, CONSENT_INVALID or CONSENT_UNKNOWN): the consent
 * is `Invalidated`, the bank's answer recorded in `errors`, and no fetch is tried any more.
 */
export const endedAtBank = (c: Consent, error: ConsentErrorDto, now: Date): Consent => ({
  ...invalidate(c, now),
  errors: [...c.errors, error].slice(-MAX_KEPT_ERRORS),
});

/** A refresh: a fetch is requested, or the running one is asked to run once more. */
export function requestFetch(c: Consent, fetchId: string, now: Date, trace?: Record<string, string>): Consent {
  if (c.fetch) return c.fetch.leaseUntil ? { ...c, fetch: { ...c.fetch, again: true } } : c;
  return { ...c, fetch: { ...newFetch(fetchId, now), trace } };
}

/** When a pending fetch falls due: after its back-off and any worker's lease. */
export const fetchDueAt = (f: PendingFetch): Date => (f.leaseUntil && f.leaseUntil > f.notBefore ? f.leaseUntil : f.notBefore);

export const isFetchDue = (c: Consent, now: Date): boolean => c.fetch !== null && fetchDueAt(c.fetch) <= now;

/** A worker takes the fetch (its `claims`-th claim): `Updating` until it ends. */
export const claimFetch = (c: Consent, now: Date, leaseMs: number, claims = (c.fetch?.claims ?? 0) + 1): Consent => ({
  ...withStatus(c, 'Updating', now),
  fetch: { ...c.fetch!, leaseUntil: new Date(now.getTime() + leaseMs), claims },
});

export function fetchSucceeded(c: Consent, nextFetchId: string, now: Date, added: { accountIds: string[]; transactionEventKeys: string[] }): Consent {
  return {
    ...withStatus(c, 'Updated', now),
    dateTransactionsUpdated: now,
    consecutiveFailures: 0,
    fetch: c.fetch?.again ? newFetch(nextFetchId, now) : null,
    accountIds: added.accountIds,
    transactionEventKeys: [...c.transactionEventKeys, ...added.transactionEventKeys],
  };
}

/** Exponential back-off after the n-th consecutive failure, capped. */
export const retryDelayMs = backoffDelayMs;

/**
 * A failed fetch is recorded in `errors`; the consent shows `Failing` and retries with back-off,
 * until the 20th consecutive failure makes it `Error` (no more retries until a refresh).
 */
export function fetchFailed(c: Consent, error: ConsentErrorDto, now: Date, retry: { baseMs: number; maxMs: number }): Consent {
  const failures = c.consecutiveFailures + 1;
  const errors = [...c.errors, error].slice(-MAX_KEPT_ERRORS);
  const retryAt = nextAttemptAt({ ...retry, maxAttempts: MAX_CONSECUTIVE_FAILURES }, failures, now);
  if (!retryAt) return { ...withStatus(c, 'Error', now), consecutiveFailures: failures, errors, fetch: null };
  return { ...withStatus(c, 'Failing', now), consecutiveFailures: failures, errors, fetch: { ...c.fetch!, leaseUntil: null, again: false, notBefore: retryAt } };
}

/**
 * A claimed fetch this instance could not run (its bank became unreadable here): released for another instance, due
 * again after `delayMs`; no failure is counted and nothing is recorded in `errors`.
 */
export const fetchPutBack = (c: Consent, now: Date, delayMs: number): Consent => ({ ...c, fetch: { ...c.fetch!, leaseUntil: null, notBefore: new Date(now.getTime() + delayMs) } });

/** A fetch the bank refused for now (ACCESS_EXCEEDED): recorded as a failure, and not tried again before `retryAt`. */
export function fetchDeferred(c: Consent, error: ConsentErrorDto, now: Date, retry: { baseMs: number; maxMs: number }, retryAt: Date): Consent {
  const failed = fetchFailed(c, error, now, retry);
  if (!failed.fetch) return failed;
  return { ...failed, fetch: { ...failed.fetch, notBefore: failed.fetch.notBefore > retryAt ? failed.fetch.notBefore : retryAt } };
}

/** The consent gets its data from statement files the app uploads (`POST /consents/{id}/statements`). */
export const STATEMENT_UPLOAD = 'statement-upload';
export const takesStatements = (c: Consent): boolean => c.providerKey.toLowerCase() === STATEMENT_UPLOAD;

/**
 * The imports of a run reached the consent: with any completed it is `Updated` with its accounts; with
 * none (every file refused) it returns to what it was before the run, each failure recorded in `errors`.
 */
export function importsAnnounced(
  c: Consent,
  nextFetchId: string,
  now: Date,
  outcome: {
    completed: number;
    failures: ConsentErrorDto[];
    accountIds: string[];
    transactionEventKeys: string[];
    /** Files still wait: fetch again. */ more: boolean;
    /** The imports announced now, and those an earlier run announced that are since marked announced on the imports. */
    announced: { now: string[]; marked: string[] };
  },
): Consent {
  const updated = outcome.completed > 0 || c.dateTransactionsUpdated !== null;
  return {
    ...withStatus(c, updated ? 'Updated' : 'Authenticated', now),
    dateTransactionsUpdated: outcome.completed > 0 ? now : c.dateTransactionsUpdated,
    consecutiveFailures: 0,
    errors: [...c.errors, ...outcome.failures].slice(-MAX_KEPT_ERRORS),
    fetch: c.fetch?.again || outcome.more ? newFetch(nextFetchId, now) : null,
    accountIds: [...new Set([...c.accountIds, ...outcome.accountIds])],
    transactionEventKeys: [...c.transactionEventKeys, ...outcome.transactionEventKeys],
    announcedImportIds: [...(c.announcedImportIds ?? []).filter((id) => !outcome.announced.marked.includes(id)), ...outcome.announced.now],
  };
}
