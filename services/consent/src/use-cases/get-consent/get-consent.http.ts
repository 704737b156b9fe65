import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { statusHistoryOf, toConsentDto } from '../../domain/consent';
import type { ConsentAccess } from '../consent-access';
import { consentNotFound } from '../consent-answers';

/** GET /consents/{id}: the single envelope of the consent record with its status history, for its owner or a share holder. */
export const getConsentHttp =
  (access: ConsentAccess): RouteHandler<typeof consentRoutes.getConsent> =>
  async ({ params, caller }) => {
    const consent = await access.readableConsent(params.id, caller.clientId);
    if (!consent) return consentNotFound();
    const statusHistory = statusHistoryOf(consent);
    return { status: 200, body: { data: { ...toConsentDto(consent), ...(statusHistory ? { statusHistory } : {}) } } };
  };
