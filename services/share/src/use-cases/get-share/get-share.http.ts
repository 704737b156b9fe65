import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { sendValidationProblem } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareRepository } from '../../infrastructure/share.repository';
import { readShareId } from '../share-input';
import { sendShareNotFound } from '../share-not-found';

/** GET /shares/{shareId}: only the owning app sees a share; any other gets the same 404. */
export const getShareHttp = (shares: ShareRepository): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const shareId = readShareId(req.params.shareId, errors);
  if (!shareId) return sendValidationProblem(res, errors.toFailure().errors);
  const share = await shares.findOwned(callerClientId(res), shareId);
  if (!share) return sendShareNotFound(req, res, shareId);
  res.json({ data: toShareDto(share) });
};
