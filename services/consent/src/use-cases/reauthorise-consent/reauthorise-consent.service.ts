import { err, ExceptionBase, ok, type Result, type ValidationFailed } from '@obp/core';
import type { ReauthoriseConsentBody } from '@obp/contracts';
import { canReauthorise, REAUTHORISABLE_STATUSES } from '../../domain/consent';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { makeRenewal } from '../../providers/xs2a/bank-consent';
import { bankConsentFailure, providerUnavailable, type BankConsentRefused, type ProviderUnavailable } from '../create-consent/create-consent.service';

export class ConsentNotFound extends ExceptionBase {
  readonly code = 'NOT_FOUND';
}

/** Not a consent at an XS2A bank, or not in a status that allows it. */
export class NotReauthorisable extends ExceptionBase {
  readonly code = 'CONFLICT';
}

/** Below the edge's 30 s wait for an upstream, as for the consent's creation. */
const BANK_CONSENT_TIMEOUT_MS = 20_000;

export interface ReauthoriseSettings {
  publicBaseUrl: string;
  authorizationTimeoutMs: number;
}

/** `POST /consents/{id}/reauthorise`: a new consent at the bank for the owner's consent, and where the user authorises it. */
export class ReauthoriseConsentService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly providers: ProviderRegistry,
    private readonly settings: ReauthoriseSettings,
  ) {}

  async execute(consentId: string, callerClientId: string, request: ReauthoriseConsentBody): Promise<Result<{ consentId: string; consentUrl: string | null }, ConsentNotFound | NotReauthorisable | ValidationFailed | BankConsentRefused | ProviderUnavailable>> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.ownerClientId !== callerClientId) return err(new ConsentNotFound('The consent does not exist or is not accessible to this app.'));
    const flow = this.providers.bank(consent.providerKey)?.bankConsent;
    if (!flow && this.providers.unavailable(consent.providerKey)) return err(providerUnavailable(consent.providerKey));
    if (!flow && consent.bankConsent) return err(new NotReauthorisable(`The bank '${consent.providerKey}' is not offered any more (an operator removed it): the consent cannot be re-authorised; make a new consent at a bank GET /providers lists.`));
    if (!flow || !consent.bankConsent) return err(new NotReauthorisable(`The consent is not at an XS2A bank ('${consent.providerKey}'): there is no consent at a bank to renew.`));
    if (!canReauthorise(consent)) {
      return err(new NotReauthorisable(`A consent that is ${consent.status} cannot be re-authorised; it can when ${REAUTHORISABLE_STATUSES.join(', ')}.`));
    }
    const renewal = await makeRenewal(
      this.consents,
      flow,
      consent,
      { publicBaseUrl: this.settings.publicBaseUrl, psuIpAddress: request.psuIpAddress, psuId: request.psuId, authorizationTimeoutMs: this.settings.authorizationTimeoutMs },
      AbortSignal.timeout(BANK_CONSENT_TIMEOUT_MS),
    );
    if (!renewal.ok) return err(renewal.error.code === 'CONSENT_CHANGED' ? new NotReauthorisable(renewal.error.message) : bankConsentFailure(renewal.error));
    return ok({ consentId: consent.id, consentUrl: renewal.value.consentUrl });
  }
}
