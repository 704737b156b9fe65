import type { analysisRoutes } from '@obp/contracts';
import { validationFailure, type RouteHandler } from '@obp/http';
import { TooManyTransactions, type EnrichTransactionsService } from './enrich-transactions.service';

/** POST /enrich/transactions: 200 with each transaction enriched in the order sent; 400 naming `transactions[i].field`; 413 over the count limit. */
export const enrichTransactionsHttp =
  (service: EnrichTransactionsService): RouteHandler<typeof analysisRoutes.enrichTransactions> =>
  async ({ body, query, caller }) => {
    const result = await service.execute({ clientId: caller.clientId, body, includeSequences: query.includeSequences ?? false });
    if (!result.ok) return result.error instanceof TooManyTransactions ? { status: 413, problem: { detail: result.error.message } } : validationFailure(result.error.errors);
    return { status: 200, body: { data: result.value } };
  };
