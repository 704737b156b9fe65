import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { parseGuid } from '@obp/http';
import { sendConsentNotFound, sendConsentValidationProblem } from '../consent-responses';
import type { EraseConsentService } from './erase-consent.service';

/** DELETE /consents/{id}: 204 once the consent and its data are erased here; other services follow by event. */
export const deleteConsentHttp = (service: EraseConsentService): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendConsentValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  if (!(await service.execute(id, callerClientId(res)))) return sendConsentNotFound(res);
  res.status(204).end();
};
