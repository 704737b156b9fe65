import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { canonicalBody, sendValidationProblem } from '@obp/http';
import { readExpiration, readShareId } from '../share-input';
import { sendShareCommandFailure } from '../share-not-found';
import type { UpdateShareService } from './update-share.service';

/** PUT /shares/{shareId}: 204. An empty body means the default expiration (spec 2.3). */
export const updateShareHttp = (service: UpdateShareService): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const shareId = readShareId(req.params.shareId, errors);
  let expiration: Date | null | undefined;
  if (req.body !== undefined && req.body !== null) {
    const body = canonicalBody(req.body, ['expirationDateUtc'] as const);
    if (!body) errors.add('$', 'The request body must be a JSON object.');
    else expiration = readExpiration(body.expirationDateUtc, errors);
  }
  if (!errors.isEmpty || !shareId) return sendValidationProblem(res, errors.toFailure().errors);
  const result = await service.execute({ ownerClientId: callerClientId(res), shareId, expirationDateUtc: expiration });
  if (result.ok) return void res.status(204).end();
  sendShareCommandFailure(req, res, shareId, result.error);
};
