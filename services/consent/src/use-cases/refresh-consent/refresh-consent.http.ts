import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { consentNotFound } from '../consent-answers';
import { RefreshLimitReached, type RefreshConsentService } from './refresh-consent.service';

/** POST /consents/{id}/refresh: 202, the fetch runs in the background; 429 with Retry-After past the limit. */
export const refreshConsentHttp =
  (service: RefreshConsentService): RouteHandler<typeof consentRoutes.refreshConsent> =>
  async ({ params, caller }) => {
    const result = await service.execute(params.id, caller.clientId);
    if (result.ok) return { status: 202, headers: { Location: `/consents/${params.id}` } };
    const error = result.error;
    if (error instanceof RefreshLimitReached) {
      const retryAfter = String(Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000)));
      return { status: 429, problem: { detail: error.message }, headers: { 'Retry-After': retryAfter } };
    }
    if (error.code === 'CONFLICT') return { status: 409, problem: { detail: error.message } };
    return consentNotFound();
  };
