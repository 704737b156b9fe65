import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { consentNotFound } from '../consent-answers';
import type { EraseConsentService } from './erase-consent.service';

/** DELETE /consents/{id}: 204 once the consent and its data are erased here; other services follow by event. */
export const deleteConsentHttp =
  (service: EraseConsentService): RouteHandler<typeof consentRoutes.deleteConsent> =>
  async ({ params, caller }) => ((await service.execute(params.id, caller.clientId)) ? { status: 204 } : consentNotFound());
