import type { consentRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toAccountDto, type AccountRepository } from '../../infrastructure/account.repository';
import type { ConsentAccess } from '../consent-access';
import { consentNotFound } from '../consent-answers';

/** GET /consents/{id}/accounts: `{ data: [...] }`, for the owner or a holder of a share of the consent. */
export const listAccountsHttp =
  (access: ConsentAccess, accounts: AccountRepository): RouteHandler<typeof consentRoutes.listAccounts> =>
  async ({ params, caller }) => {
    const consent = await access.readableConsent(params.id, caller.clientId);
    if (!consent) return consentNotFound();
    return { status: 200, body: { data: (await accounts.listByConsent(consent.id)).map(toAccountDto) } };
  };
