import type { consentRoutes } from '@obp/contracts';
import { ValidationFailed } from '@obp/core';
import { validationFailure, type RouteHandler } from '@obp/http';
import { BankConsentRefused, ProviderUnavailable, type CreateConsentService } from './create-consent.service';

/** POST /consents: 201 with `{ consentId, consentUrl }`; 403 for apps without the direct provider flow; 502 when an XS2A bank refuses or does not answer. Idempotent: the consent is made under `newId`. */
export const createConsentHttp =
  (service: CreateConsentService): RouteHandler<typeof consentRoutes.createConsent> =>
  async ({ body, caller, newId }) => {
    const result = await service.execute(newId, caller, body);
    if (result.ok) return { status: 201, body: result.value, headers: { Location: `/consents/${result.value.consentId}` } };
    if (result.error instanceof ValidationFailed) return validationFailure(result.error.errors);
    if (result.error instanceof ProviderUnavailable) return { status: 503, problem: { title: 'Service Unavailable', detail: result.error.message } };
    if (result.error instanceof BankConsentRefused) return { status: 502, problem: { title: 'Bad Gateway', detail: result.error.message } };
    return { status: 403, problem: { detail: result.error.message } };
  };
