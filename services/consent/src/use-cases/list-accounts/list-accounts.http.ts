import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { parseGuid } from '@obp/http';
import { toAccountDto, type AccountRepository } from '../../infrastructure/account.repository';
import type { ConsentAccess } from '../consent-access';
import { sendConsentNotFound, sendConsentValidationProblem } from '../consent-responses';

/** GET /consents/{id}/accounts: `{ data: [...] }`, for the owner or a holder of a share of the consent. */
export const listAccountsHttp = (access: ConsentAccess, accounts: AccountRepository): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendConsentValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  const consent = await access.readableConsent(id, callerClientId(res));
  if (!consent) return sendConsentNotFound(res);
  res.json({ data: (await accounts.listByConsent(consent.id)).map(toAccountDto) });
};
