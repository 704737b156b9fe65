import type { RequestHandler } from 'express';
import { callerClientId } from '@obp/auth';
import { ValidationErrors } from '@obp/core';
import { INT32_MAX, parseDateTime, parseGuid, queryInt32, readQuery } from '@obp/http';
import { toTransactionDto, type TransactionRepository } from '../../infrastructure/transaction.repository';
import type { ConsentAccess } from '../consent-access';
import { sendAccountNotFound, sendConsentValidationProblem } from '../consent-responses';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const optionalDate = (query: Record<string, unknown>, name: string, errors: ValidationErrors): Date | undefined => {
  const raw = readQuery(query, name);
  if (raw === undefined || raw === '') return undefined;
  const date = parseDateTime(raw);
  if (!date) errors.add(name, `The value '${raw}' is not valid for ${name}. It must be an ISO 8601 date or date-time.`);
  return date;
};

/**
 * GET /accounts/{id}/transactions: newest booking first, paged like the share list
 * (`page` 1, `pageSize` 50, at most 500), optionally between `dateFrom` and `dateTo` (inclusive).
 */
export const listTransactionsHttp = (access: ConsentAccess, transactions: TransactionRepository): RequestHandler => async (req, res) => {
  const errors = new ValidationErrors();
  const id = parseGuid(req.params.id);
  if (!id) errors.add('id', `The value '${String(req.params.id)}' is not a valid GUID.`);
  const query = req.query as Record<string, unknown>;
  const page = queryInt32(query, 'page', errors, { default: 1, min: 1, max: INT32_MAX });
  const pageSize = queryInt32(query, 'pageSize', errors, { default: DEFAULT_PAGE_SIZE, min: 1, max: MAX_PAGE_SIZE });
  const from = optionalDate(query, 'dateFrom', errors);
  const to = optionalDate(query, 'dateTo', errors);
  if (from && to && from > to) errors.add('dateFrom', 'The dateFrom must not be after dateTo.');
  if (!errors.isEmpty || !id) return sendConsentValidationProblem(res, errors.toFailure().errors);

  const account = await access.readableAccount(id, callerClientId(res));
  if (!account) return sendAccountNotFound(res);
  const { items, total } = await transactions.page({ accountId: account.id, from, to, skip: (page - 1) * pageSize, limit: pageSize });
  res.json({
    data: items.map(toTransactionDto),
    _pagination: { page, size: pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize) },
  });
};
