import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { sendValidationProblem } from '@obp/http';
import { readShareId } from '../share-input';
import { sendShareCommandFailure } from '../share-not-found';
import type { DeleteShareService } from './delete-share.service';

/** DELETE /shares/{shareId}: 204; the recipient app loses access at once. */
export const deleteShareHttp = (service: DeleteShareService): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const shareId = readShareId(req.params.shareId, errors);
  if (!shareId) return sendValidationProblem(res, errors.toFailure().errors);
  const result = await service.execute({ ownerClientId: callerClientId(res), shareId });
  if (result.ok) return void res.status(204).end();
  sendShareCommandFailure(req, res, shareId, result.error);
};
