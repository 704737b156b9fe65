import type { consentRoutes } from '@obp/contracts';
import { ValidationFailed } from '@obp/core';
import { validationFailure, type RouteHandler } from '@obp/http';
import { consentNotFound } from '../consent-answers';
import { BankConsentRefused, ProviderUnavailable } from '../create-consent/create-consent.service';
import { NotReauthorisable, type ReauthoriseConsentService } from './reauthorise-consent.service';

/** POST /consents/{id}/reauthorise: 200 with the new bank consent's `consentUrl`; 404 for another app's; 400 naming psuId when the bank's approach needs it; 409 when not allowed; 502 when the bank refuses. */
export const reauthoriseConsentHttp =
  (service: ReauthoriseConsentService): RouteHandler<typeof consentRoutes.reauthoriseConsent> =>
  async ({ params, body, caller }) => {
    const result = await service.execute(params.id, caller.clientId, body);
    if (result.ok) return { status: 200, body: result.value };
    if (result.error instanceof ValidationFailed) return validationFailure(result.error.errors);
    if (result.error instanceof NotReauthorisable) return { status: 409, problem: { detail: result.error.message } };
    if (result.error instanceof ProviderUnavailable) return { status: 503, problem: { title: 'Service Unavailable', detail: result.error.message } };
    if (result.error instanceof BankConsentRefused) return { status: 502, problem: { title: 'Bad Gateway', detail: result.error.message } };
    return consentNotFound();
  };
