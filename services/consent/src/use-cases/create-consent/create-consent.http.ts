import type { RequestHandler } from 'express';
import { callerClaims } from '@obp/auth';
import { ValidationFailed } from '@obp/core';
import { sendProblem } from '@obp/http';
import { sendConsentValidationProblem } from '../consent-responses';
import { parseCreateConsentRequest } from './create-consent.request';
import type { CreateConsentService } from './create-consent.service';

/** POST /consents: 201 with `{ consentId, consentUrl }`; 403 for apps without the direct provider flow. */
export const createConsentHttp = (service: CreateConsentService): RequestHandler => async (req, res) => {
  const parsed = parseCreateConsentRequest(req.body);
  if (!parsed.ok) return sendConsentValidationProblem(res, parsed.error.errors);
  const claims = callerClaims(res);
  const result = await service.execute({ clientId: claims.clientId, directProviderFlow: claims.directProviderFlow }, parsed.value);
  if (!result.ok) {
    if (result.error instanceof ValidationFailed) return sendConsentValidationProblem(res, result.error.errors);
    return sendProblem(res, 403, { detail: result.error.message });
  }
  res.location(`/consents/${result.value.consentId}`).status(201).json(result.value);
};
