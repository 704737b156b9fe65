import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { parseGuid } from '@obp/http';
import { toConsentDto } from '../../domain/consent';
import type { ConsentAccess } from '../consent-access';
import { sendConsentNotFound, sendConsentValidationProblem } from '../consent-responses';

/** GET /consents/{id}: the single envelope of the consent record, for its owner or a share holder. */
export const getConsentHttp = (access: ConsentAccess): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendConsentValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  const consent = await access.readableConsent(id, callerClientId(res));
  if (!consent) return sendConsentNotFound(res);
  res.json({ data: toConsentDto(consent) });
};
