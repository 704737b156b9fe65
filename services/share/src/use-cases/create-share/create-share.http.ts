import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { sendValidationProblem } from '@obp/http';
import { parseCreateShareRequest } from './create-share.request';
import type { CreateShareService } from './create-share.service';

/** POST /shares: 200 with the identifier envelope (spec 4.1). */
export const createShareHttp = (service: CreateShareService): RequestHandler => async (req, res) => {
  const parsed = parseCreateShareRequest(req.body, callerClientId(res));
  if (!parsed.ok) return sendValidationProblem(res, parsed.error.errors);
  const id = await service.execute(parsed.value);
  res.location(`/shares/${id}`).status(200).json({ data: id });
};
