import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { queryBoolean, queryInt32, sendValidationProblem, INT32_MAX } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareRepository } from '../../infrastructure/share.repository';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/**
 * GET /shares: the calling app's own shares, oldest first (rule 2), paged (defaults page 1,
 * size 50; rule 3), optionally only expired or only unexpired ones.
 */
export const listSharesHttp = (shares: ShareRepository): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const query = req.query as Record<string, unknown>;
  const isExpired = queryBoolean(query, 'isExpired', errors);
  const page = queryInt32(query, 'page', errors, { default: DEFAULT_PAGE, min: 1, max: INT32_MAX });
  const pageSize = queryInt32(query, 'pageSize', errors, { default: DEFAULT_PAGE_SIZE, min: 1, max: MAX_PAGE_SIZE });
  if (!errors.isEmpty) return sendValidationProblem(res, errors.toFailure().errors);

  const { items, total } = await shares.list({ ownerClientId: callerClientId(res), isExpired, now: new Date(), skip: (page - 1) * pageSize, limit: pageSize });
  res.json({
    data: items.map(toShareDto),
    _pagination: { page, size: pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize) },
  });
};
