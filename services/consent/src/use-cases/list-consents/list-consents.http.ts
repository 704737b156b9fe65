import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toConsentDto } from '../../domain/consent';
import type { ConsentRepository } from '../../infrastructure/consent.repository';

/** GET /consents?ConsentId&UserId&ExternalUserId: the calling app's consents, oldest first, as `{ data: [...] }`. */
export const listConsentsHttp =
  (consents: ConsentRepository): RouteHandler<typeof consentRoutes.listConsents> =>
  async ({ query, caller }) => {
    const items = await consents.list({ ownerClientId: caller.clientId, consentId: query.ConsentId, userId: query.UserId, externalUserId: query.ExternalUserId });
    return { status: 200, body: { data: items.map(toConsentDto) } };
  };
