import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { parseGuid, sendProblem, sendValidationProblem } from '@obp/http';
import type { GetSequencingService } from './get-sequencing.service';

const notFound = (what: string): string => `The ${what} does not exist, has no data yet, or is not accessible to this app.`;

/** GET /consents/{id}/sequencing: `{ data: SequencingResult }` (spec 2.6). */
export const getConsentSequencingHttp = (service: GetSequencingService): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  const result = await service.forConsent(id, callerClientId(res));
  if (!result) return sendProblem(res, 404, { detail: notFound('consent') });
  res.json({ data: result });
};

/** GET /users/{id}/sequencing: one result over every consent of the user the caller may read. */
export const getUserSequencingHttp = (service: GetSequencingService): RequestHandler => async (req, res) => {
  const id = parseGuid(req.params.id);
  if (!id) return sendValidationProblem(res, { id: [`The value '${String(req.params.id)}' is not a valid GUID.`] });
  const result = await service.forUser(id, callerClientId(res));
  if (!result) return sendProblem(res, 404, { detail: notFound('user') });
  res.json({ data: result });
};
