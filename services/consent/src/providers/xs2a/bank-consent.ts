import { randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { err, ok, type Result } from '@obp/core';
import type { Logger } from '@obp/telemetry';
import { approve, awaitsAuthorization, decline, type BankConsentRef, type Consent } from '../../domain/consent';
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
    private readonly timeoutMs = 15_000,
  ) {}

  /** One look at every consent whose next poll is due. */
  async pollDue(now: Date): Promise<void> {
    for (const id of await this.consents.awaitingBank()) {
      const consent = await this.consents.find(id);
      if (consent?.bankConsent?.nextPollAt && consent.bankConsent.nextPollAt <= now) await this.check(consent, null);
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
      if (state === 'valid') next = approve(current, randomUUID(), now, traceHeaders());
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
