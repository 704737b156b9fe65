import { randomBytes, randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { err, ok, type Result } from '@obp/core';
import type { Logger } from '@obp/telemetry';
import { approve, awaitsAuthorization, bankWorkDropped, canReauthorise, decline, renewalApproved, renewalFailed, retirementDone, retirementDue, retirementFailed, type BankConsentRef, type BankConsentRenewal, type Consent } from '../../domain/consent';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import { ProviderError, type BankConsentFlow, type BankConsentState } from '../bank-provider';
import type { ProviderRegistry } from '../provider-registry';

/**
 * The bank's consent for a platform consent, made once: a retry of the creation finds the one the first attempt made.
 * Two attempts at once may both make one at the bank: the first written is kept, the other deleted at the bank.
 */
export async function makeBankConsent(
  consents: ConsentRepository,
  flow: BankConsentFlow,
  consent: Consent,
  args: { publicBaseUrl: string; psuIpAddress: string; psuId: string | null },
  signal: AbortSignal,
): Promise<Result<BankConsentRef, ProviderError>> {
  if (consent.bankConsent) return ok(consent.bankConsent);
  let made: Awaited<ReturnType<BankConsentFlow['create']>>;
  try {
    made = await flow.create({ consentId: consent.id, state: consent.authorizationState, publicBaseUrl: args.publicBaseUrl, validUntil: consent.dateExpire, psuIpAddress: args.psuIpAddress, psuId: args.psuId }, signal);
  } catch (error) {
    if (error instanceof ProviderError) return err(error);
    if (error instanceof Error && error.name === 'TimeoutError') return err(new ProviderError('PROVIDER_TIMEOUT', 'The bank did not answer the consent request in time.'));
    throw error;
  }
  const ref: BankConsentRef = { id: made.id, approach: made.approach, consentUrl: made.consentUrl, scaStatusLink: made.scaStatusLink, nextPollAt: new Date(Date.now() + (made.approach === 'decoupled' ? 0 : pollDelayMs('redirect', 0))), polls: 0 };
  const written = await consents.mutate<BankConsentRef>(consent.id, (current) => (current.bankConsent ? { result: current.bankConsent } : { next: { ...current, bankConsent: ref }, events: [], result: ref }));
  const kept = written.found ? written.result : ref;
  if (kept.id !== ref.id) await flow.remove(ref.id, AbortSignal.timeout(10_000)).catch(() => undefined);
  return ok(kept);
}

/**
 * A re-authorisation: a new consent at the bank for the same platform consent, valid `validityDays` from now. One under
 * way (and not timed out) is answered again rather than made twice; two requests at once may both make one at the
 * bank: the first written is kept, the other deleted at the bank.
 */
export async function makeRenewal(
  consents: ConsentRepository,
  flow: BankConsentFlow,
  consent: Consent,
  args: { publicBaseUrl: string; psuIpAddress: string; psuId: string | null; authorizationTimeoutMs: number },
  signal: AbortSignal,
): Promise<Result<BankConsentRenewal, ProviderError>> {
  const now = new Date();
  const live = (r: BankConsentRenewal | null | undefined): boolean => Boolean(r) && now.getTime() - r!.requestedAt.getTime() < args.authorizationTimeoutMs;
  if (consent.renewal && live(consent.renewal)) return ok(consent.renewal);
  const state = randomBytes(24).toString('base64url');
  const validUntil = new Date(now.getTime() + flow.validityDays * 86_400_000);
  let made: Awaited<ReturnType<BankConsentFlow['create']>>;
  try {
    made = await flow.create({ consentId: consent.id, state, publicBaseUrl: args.publicBaseUrl, validUntil, psuIpAddress: args.psuIpAddress, psuId: args.psuId }, signal);
  } catch (error) {
    if (error instanceof ProviderError) return err(error);
    if (error instanceof Error && error.name === 'TimeoutError') return err(new ProviderError('PROVIDER_TIMEOUT', 'The bank did not answer the consent request in time.'));
    throw error;
  }
  const renewal: BankConsentRenewal = {
    id: made.id,
    approach: made.approach,
    consentUrl: made.consentUrl,
    scaStatusLink: made.scaStatusLink,
    nextPollAt: new Date(now.getTime() + (made.approach === 'decoupled' ? 0 : pollDelayMs('redirect', 0))),
    polls: 0,
    state,
    requestedAt: now,
    validUntil,
  };
  const written = await consents.mutate<BankConsentRenewal | null>(consent.id, (current) => {
    if (current.renewal && live(current.renewal)) return { result: current.renewal };
    if (!canReauthorise(current)) return { result: null };
    // A renewal that timed out is replaced; its bank consent is deleted with the retired ones.
    const retired = current.renewal ? [...(current.retiredBankConsentIds ?? []), current.renewal.id] : current.retiredBankConsentIds;
    return { next: { ...current, renewal, ...(retired ? { retiredBankConsentIds: retired } : {}) }, events: [], result: renewal };
  });
  const kept = written.found ? written.result : null;
  if (kept?.id !== renewal.id) await flow.remove(renewal.id, AbortSignal.timeout(10_000)).catch(() => undefined);
  return kept ? ok(kept) : err(new ProviderError('CONSENT_CHANGED', 'The consent changed while the bank made the new consent; ask again.'));
}

/** How the user came back from the bank: through `TPP-Redirect-URI` (ok), `TPP-Nok-Redirect-URI` (nok), or not at all (a poll). */
export type ReturnRoute = 'ok' | 'nok' | null;

/**
 * When to ask the bank again: the decoupled approach's user approves in the bank's app, so from 2 s, doubling, at most
 * a minute; a redirect consent is normally decided by the callback, and asked about only if it never comes (from
 * 5 minutes, doubling, at most 15).
 */
export const pollDelayMs = (approach: BankConsentRef['approach'], polls: number): number =>
  approach === 'decoupled' ? Math.min(60_000, 2_000 * 2 ** Math.min(polls, 10)) : Math.min(900_000, 300_000 * 2 ** Math.min(polls, 10));

/**
 * Asks the bank where the user's authorisation stands and decides the consent by the bank's word: `valid` approves it
 * (the first fetch is queued), `rejected` or an ended consent declines it; still pending, a return through the Nok
 * URI declines it, else the next poll is scheduled with back-off. A bank that does not answer leaves it waiting.
 */
export class BankAuthorization {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly events: ConsentEvents,
    private readonly providers: ProviderRegistry,
    private readonly onApproved: () => void,
    private readonly logger: Logger,
    private readonly authorizationTimeoutMs: number,
    private readonly timeoutMs = 15_000,
    /** Whether an operator still has the bank added (the database's word); unset: a bank is never taken as removed. */
    private readonly bankStillAdded: (providerKey: string) => Promise<boolean> = async () => true,
  ) {}

  /** One look at every consent whose next poll is due, and at bank consents a re-authorisation replaced. */
  async pollDue(now: Date): Promise<void> {
    for (const id of await this.consents.awaitingBank()) {
      const consent = await this.consents.find(id);
      if (!consent) continue;
      if ((consent.renewal || consent.retiredBankConsentIds?.length) && (await this.bankRemoved(consent.providerKey))) {
        await this.consents.mutate(id, (current) => ({ next: bankWorkDropped(current), events: [], result: null }));
        this.logger.info({ consentId: id, providerKey: consent.providerKey }, 'the bank was removed: its re-authorisation and the replaced consents to delete there are dropped');
        continue;
      }
      if (awaitsAuthorization(consent) && consent.bankConsent?.nextPollAt && consent.bankConsent.nextPollAt <= now) await this.check(consent, null);
      if (consent.renewal?.nextPollAt && consent.renewal.nextPollAt <= now) await this.checkRenewal(consent, null);
      if (consent.retiredBankConsentIds?.length) await this.retire(consent, now);
    }
  }

  /** Removed by an operator: not offered here, not unreadable here, and no longer in the database. */
  private async bankRemoved(providerKey: string): Promise<boolean> {
    return !this.providers.bank(providerKey) && !this.providers.unavailable(providerKey) && !(await this.bankStillAdded(providerKey));
  }

  /**
   * Where the re-authorisation stands at the bank: `valid` makes its consent the consent's bank consent and queues a
   * fetch; refused (or still pending after a Nok return, or past the authorisation timeout) drops it and records why.
   */
  async checkRenewal(consent: Consent, returned: ReturnRoute): Promise<Consent> {
    const flow = this.providers.bank(consent.providerKey)?.bankConsent;
    const renewal = consent.renewal;
    if (!flow || !renewal) return consent;
    let state: BankConsentState | 'unanswered';
    try {
      state = await flow.state(renewal.id, renewal.scaStatusLink, AbortSignal.timeout(this.timeoutMs));
    } catch (error) {
      this.logger.warn({ err: error, consentId: consent.id }, 'the bank did not say where the re-authorisation stands');
      state = 'unanswered';
    }
    const outcome = await this.consents.mutate<Consent>(consent.id, (current) => {
      if (current.renewal?.id !== renewal.id) return { result: current };
      const now = new Date();
      const failure = (code: string, message: string) => renewalFailed(current, { date: now.toISOString(), type: 'ReauthorisationFailed', code, message });
      let next: Consent;
      if (state === 'valid') next = renewalApproved(current, randomUUID(), now, traceHeaders());
      else if (state === 'rejected' || state === 'ended' || (state === 'pending' && returned === 'nok')) next = failure('REAUTHORISATION_REJECTED', 'The user did not authorise the new consent at the bank; the consent goes on as it was.');
      else if (now.getTime() - renewal.requestedAt.getTime() >= this.authorizationTimeoutMs) next = failure('REAUTHORISATION_TIMED_OUT', 'The user did not authorise the new consent at the bank in time; the consent goes on as it was.');
      else {
        const polls = (renewal.polls ?? 0) + 1;
        next = { ...current, renewal: { ...renewal, polls, nextPollAt: new Date(now.getTime() + pollDelayMs(renewal.approach, polls)) } };
      }
      return { next, events: this.events.statusChanged(current, next), result: next };
    });
    if (!outcome.found) return consent;
    if (outcome.result.bankConsent?.id === renewal.id) {
      this.onApproved();
      await this.retire(outcome.result, new Date());
    }
    return outcome.result;
  }

  /**
   * Deletes at the bank the consents a re-authorisation replaced. One the bank does not delete is tried again after a
   * back-off, and given up after `MAX_RETIREMENT_ATTEMPTS` or once its validity ended (it then ends at the bank).
   */
  private async retire(consent: Consent, now: Date): Promise<void> {
    const flow = this.providers.bank(consent.providerKey)?.bankConsent;
    if (!flow) return;
    for (const id of consent.retiredBankConsentIds ?? []) {
      if (!retirementDue(consent, id, now)) continue;
      let failure: unknown = null;
      try {
        await flow.remove(id, AbortSignal.timeout(this.timeoutMs));
      } catch (error) {
        failure = error;
      }
      const written = await this.consents.mutate<ReturnType<typeof retirementFailed> | null>(consent.id, (current) => {
        if (!current.retiredBankConsentIds?.includes(id)) return { result: null };
        if (!failure) return { next: retirementDone(current, id), events: [], result: null };
        const failed = retirementFailed(current, id, new Date());
        return { next: failed.next, events: [], result: failed };
      });
      const failed = written.found ? written.result : null;
      if (!failed) continue;
      const fields = { err: failure, consentId: consent.id, bankConsentId: id, attempts: failed.attempts };
      if (failed.givenUp) this.logger.warn(fields, 'the bank would not delete a replaced consent: given up (it ends at its validUntil)');
      else this.logger.warn({ ...fields, nextAttemptAt: failed.next.retirements?.find((r) => r.id === id)?.nextAttemptAt }, 'the bank did not delete a replaced consent; tried again after a back-off');
    }
  }

  async check(consent: Consent, returned: ReturnRoute): Promise<Consent> {
    const flow = this.providers.bank(consent.providerKey)?.bankConsent;
    const ref = consent.bankConsent;
    if (!flow || !ref || !awaitsAuthorization(consent)) return consent;
    let state: BankConsentState | 'unanswered';
    try {
      state = await flow.state(ref.id, ref.scaStatusLink, AbortSignal.timeout(this.timeoutMs));
    } catch (error) {
      this.logger.warn({ err: error, consentId: consent.id }, 'the bank did not say where the authorisation stands');
      state = 'unanswered';
    }
    const outcome = await this.consents.mutate<Consent>(consent.id, (current) => {
      if (!awaitsAuthorization(current) || !current.bankConsent) return { result: current };
      const now = new Date();
      let next: Consent;
      if (state === 'valid') next = { ...approve(current, randomUUID(), now, traceHeaders()), bankConsent: { ...current.bankConsent, grantedAt: now } };
      else if (state === 'rejected' || state === 'ended' || (state === 'pending' && returned === 'nok')) next = decline(current, now);
      else {
        const polls = (current.bankConsent.polls ?? 0) + 1;
        next = { ...current, bankConsent: { ...current.bankConsent, polls, nextPollAt: new Date(now.getTime() + pollDelayMs(current.bankConsent.approach, polls)) } };
      }
      return { next, events: this.events.statusChanged(current, next), result: next };
    });
    if (!outcome.found) return consent;
    if (outcome.result.status === 'Authenticated' && consent.status !== 'Authenticated') this.onApproved();
    return outcome.result;
  }
}

/**
 * Refreshes a consent may ask for per rolling day: the platform's limit, and for a bank that limits unattended reads
 * (XS2A `frequencyPerDay`) one fewer than the bank allows, so that with the first fetch or the daily sync a calendar
 * day never holds more reads than the bank allows (any calendar day lies within a rolling day).
 */
export const refreshLimitOf =
  (providers: ProviderRegistry, platformLimit: number) =>
  (consent: Consent): number => {
    const readsPerDay = providers.bank(consent.providerKey)?.bankConsent?.readsPerDay;
    return readsPerDay === undefined ? platformLimit : Math.max(1, Math.min(platformLimit, readsPerDay - 1));
  };
