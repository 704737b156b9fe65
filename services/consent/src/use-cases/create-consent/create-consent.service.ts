import { randomBytes } from 'node:crypto';
import { err, ExceptionBase, ok, ValidationFailed, type Result } from '@obp/core';
import type { Consent } from '../../domain/consent';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { ProviderRegistry } from '../../providers/provider-registry';
import type { ProviderError } from '../../providers/bank-provider';
import { makeBankConsent } from '../../providers/xs2a/bank-consent';
import { isRegisteredRedirect, type CreateConsentBody } from '@obp/contracts';

export class DirectProviderFlowNotAllowed extends ExceptionBase {
  readonly code = 'DIRECT_PROVIDER_FLOW_NOT_ALLOWED';
}

/** The bank (an XS2A provider) refused, or did not answer, the consent request. */
export class BankConsentRefused extends ExceptionBase {
  readonly code = 'BANK_CONSENT_REFUSED';
}

/** The provider is configured for the deployment but cannot be used on this instance (a key file it cannot read). */
export class ProviderUnavailable extends ExceptionBase {
  readonly code = 'PROVIDER_UNAVAILABLE';
}

/**
 * What an app is told of a bank this instance cannot offer: that it is temporarily unavailable. The setting and the file
 * go to the log, the readiness report and the metric only (a file path is the operator's business).
 */
export const providerUnavailable = (providerKey: string): ProviderUnavailable =>
  new ProviderUnavailable(`The provider '${providerKey}' is temporarily unavailable; try again later.`);

/** The bank's consent could not be made: a psuId the bank's approach needs is the app's request to fix (400), anything else the bank's (502). */
export const bankConsentFailure = (error: ProviderError): ValidationFailed | BankConsentRefused =>
  error.code === 'PSU_ID_REQUIRED' ? new ValidationFailed({ psuId: [error.message] }) : new BankConsentRefused(error.message);

/** How long the bank is given to make its consent while the app waits for the answer. */
/** Below the edge's 30 s wait for an upstream (UPSTREAM_TIMEOUT_MS), so the app gets this service's answer. */
const BANK_CONSENT_TIMEOUT_MS = 20_000;

export interface CreateConsentSettings {
  publicBaseUrl: string;
  validityDays: number;
}

export interface CreatedConsent {
  consentId: string;
  /** Null for a statement-upload consent: the user grants nothing at a bank. */
  consentUrl: string | null;
}

/** Creates a consent waiting for the user, and the provider page where the user decides; a statement-upload consent waits for files instead. */
export class CreateConsentService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly providers: ProviderRegistry,
    private readonly events: ConsentEvents,
    private readonly settings: CreateConsentSettings,
  ) {}

  /** Creates the consent under `id`; a retry of the request gives the same id and answers with the consent its first attempt made. */
  async execute(
    id: string,
    caller: { clientId: string; directProviderFlow: boolean; redirectUrls: readonly string[] },
    request: CreateConsentBody,
  ): Promise<Result<CreatedConsent, DirectProviderFlowNotAllowed | ValidationFailed | BankConsentRefused | ProviderUnavailable>> {
    if (!caller.directProviderFlow) return err(new DirectProviderFlowNotAllowed('This app is not registered for the direct provider flow, so it cannot create consents.'));
    const provider = this.providers.find(request.providerKey);
    if (!provider && this.providers.unavailable(request.providerKey)) return err(providerUnavailable(request.providerKey));
    if (!provider) return err(new ValidationFailed({ providerKey: [`The provider '${request.providerKey}' does not exist; GET /providers lists the providers.`] }));
    if (request.redirectUrl === undefined && provider.kind === 'bank') return err(new ValidationFailed({ redirectUrl: ['The redirectUrl field is required.'] }));
    if (request.syncMode === 'Daily' && provider.kind === 'statement-upload') {
      return err(new ValidationFailed({ syncMode: ['A statement-upload consent gets its data only from the files the app uploads: there is no bank to sync with daily.'] }));
    }
    if (request.redirectUrl !== undefined && !isRegisteredRedirect(request.redirectUrl, caller.redirectUrls)) {
      const registered = caller.redirectUrls.length > 0 ? `this app registered ${caller.redirectUrls.join(', ')}` : 'this app has registered none';
      return err(new ValidationFailed({ redirectUrl: [`The redirectUrl must be on one of the app’s registered redirect URLs (at the same scheme, host and port, at the path or below it); ${registered}.`] }));
    }
    if (!provider.info.countryCodes.includes(request.countryCode)) {
      return err(new ValidationFailed({ countryCode: [`The provider '${provider.info.key}' does not serve country '${request.countryCode}'; it serves ${provider.info.countryCodes.join(', ')}.`] }));
    }

    const atBank = provider.kind === 'bank' ? provider.bankConsent : undefined;
    if (atBank && !request.psuIpAddress) return err(new ValidationFailed({ psuIpAddress: [`The psuIpAddress field is required for '${provider.info.key}': the bank is told the user's IP address when the consent is made.`] }));

    const now = new Date();
    const validityDays = atBank ? atBank.validityDays : this.settings.validityDays;
    const created: Consent = {
      id,
      ownerClientId: caller.clientId,
      providerKey: provider.info.key,
      countryCode: request.countryCode,
      userId: request.userId,
      externalUserId: request.externalUserId,
      redirectUrl: request.redirectUrl ?? null,
      syncMode: request.syncMode,
      // Nothing to authorise: the consent waits for its first statement file.
      status: provider.kind === 'statement-upload' ? 'Authenticated' : 'Initialized',
      dateRequested: now,
      dateStatusUpdated: now,
      dateExpire: new Date(now.getTime() + validityDays * 86_400_000),
      dateTransactionsUpdated: null,
      errors: [],
      consecutiveFailures: 0,
      authorizationState: randomBytes(24).toString('base64url'),
      fetch: null,
      accountIds: [],
      transactionEventKeys: [],
    };
    // A consent erased since its first attempt made it is answered as this attempt would have made it.
    const consent = (await this.consents.insertIfAbsent(created, [this.events.created(created)])) ? created : ((await this.consents.find(id)) ?? created);
    if (atBank) {
      const bankConsent = await makeBankConsent(this.consents, atBank, consent, { publicBaseUrl: this.settings.publicBaseUrl, psuIpAddress: request.psuIpAddress!, psuId: request.psuId }, AbortSignal.timeout(BANK_CONSENT_TIMEOUT_MS));
      if (!bankConsent.ok) return err(bankConsentFailure(bankConsent.error));
      return ok({ consentId: consent.id, consentUrl: bankConsent.value.consentUrl });
    }
    const consentUrl = provider.kind === 'bank' ? provider.authorizationUrl({ consentId: consent.id, state: consent.authorizationState, publicBaseUrl: this.settings.publicBaseUrl }) : null;
    return ok({ consentId: consent.id, consentUrl });
  }
}
