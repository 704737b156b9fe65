import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { parseGuid, sendProblem } from '@obp/http';
import { sendConsentNotFound, sendConsentValidationProblem } from '../consent-responses';
import { RefreshLimitReached, type RefreshConsentService } from './refresh-consent.service';

/** POST /consents/{id}/refresh: 202, the fetch runs in the background; 429 with Retry-After past the limit. */
export const refreshConsentHttp = (service: RefreshConsentService): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendConsentValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  const result = await service.execute(id, callerClientId(res));
  if (result.ok) {
    res.location(`/consents/${id}`).status(202).end();
    return;
  }
  const error = result.error;
  if (error instanceof RefreshLimitReached) {
    res.set('Retry-After', String(Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000))));
    return sendProblem(res, 429, { detail: error.message });
  }
  if (error.code === 'CONFLICT') return sendProblem(res, 409, { detail: error.message });
  sendConsentNotFound(res);
};
