import { randomUUID, timingSafeEqual } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { approve, awaitsAuthorization, decline, type Consent, type DecidedRenewal } from '../../domain/consent';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';

export type Decision = 'approve' | 'decline';

export type AuthorizationOutcome =
  | { kind: 'unknown' }
  | { kind: 'decided'; consent: Consent }
  | { kind: 'already-decided'; consent: Consent };

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The user's decision on the provider page: approval starts the first fetch. */
export class AuthorizeConsentService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly events: ConsentEvents,
    private readonly onApproved: () => void,
  ) {}

  /** The consent the page is about, if the link is genuine. */
  async lookup(providerKey: string, consentId: string, state: string): Promise<Consent | null> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.providerKey.toLowerCase() !== providerKey.toLowerCase() || !sameSecret(consent.authorizationState, state)) return null;
    return consent;
  }

  /** The consent whose re-authorisation (`POST /consents/{id}/reauthorise`) the callback link is about, if genuine. */
  async lookupRenewal(providerKey: string, consentId: string, state: string): Promise<{ consent: Consent; decided: DecidedRenewal['outcome'] | null } | null> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.providerKey.toLowerCase() !== providerKey.toLowerCase()) return null;
    if (consent.renewal && sameSecret(consent.renewal.state, state)) return { consent, decided: null };
    // Decided already (a poll came first, the page was reloaded, the bank sent the user back twice).
    if (consent.decidedRenewal && sameSecret(consent.decidedRenewal.state, state)) return { consent, decided: consent.decidedRenewal.outcome };
    return null;
  }

  async decide(providerKey: string, consentId: string, state: string, decision: Decision): Promise<AuthorizationOutcome> {
    if (!(await this.lookup(providerKey, consentId, state))) return { kind: 'unknown' };
    const outcome = await this.consents.mutate<AuthorizationOutcome>(consentId, (current) => {
      if (!awaitsAuthorization(current)) return { result: { kind: 'already-decided', consent: current } };
      const now = new Date();
      const next = decision === 'approve' ? approve(current, randomUUID(), now, traceHeaders()) : decline(current, now);
      return { next, events: this.events.statusChanged(current, next), result: { kind: 'decided', consent: next } };
    });
    if (!outcome.found) return { kind: 'unknown' };
    if (outcome.result.kind === 'decided' && decision === 'approve') this.onApproved();
    return outcome.result;
  }
}
