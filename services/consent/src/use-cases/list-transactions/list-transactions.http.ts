import { pagination, type consentRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { toTransactionDto, type TransactionRepository } from '../../infrastructure/transaction.repository';
import type { ConsentAccess } from '../consent-access';
import { accountNotFound } from '../consent-answers';

/**
 * GET /accounts/{id}/transactions: newest booking first, paged like the share list
 * (`page` 1, `pageSize` 50, at most 500), optionally between `dateFrom` and `dateTo` (inclusive).
 */
export const listTransactionsHttp =
  (access: ConsentAccess, transactions: TransactionRepository): RouteHandler<typeof consentRoutes.listTransactions> =>
  async ({ params, query, caller }) => {
    const { page, pageSize, dateFrom: from, dateTo: to } = query;
    if (from && to && from > to) return validationFailure({ dateFrom: ['The dateFrom must not be after dateTo.'] });
    // The page depends only on the id asked for: it is read beside the access check, and answered only when that allows it.
    const [account, { items, total }] = await Promise.all([
      access.readableAccount(params.id, caller.clientId),
      transactions.page({ accountId: params.id, from, to, skip: (page - 1) * pageSize, limit: pageSize }),
    ]);
    if (!account) return accountNotFound();
    return { status: 200, body: { data: items.map(toTransactionDto), _pagination: pagination(page, pageSize, total) } };
  };
