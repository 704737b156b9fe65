import { pagination, type shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareStore } from '../../infrastructure/share-store';

/**
 * GET /shares: the calling app's own shares, oldest first (rule 2), paged (defaults page 1,
 * size 50; rule 3), optionally only expired or only unexpired ones.
 */
export const listSharesHttp =
  (shares: ShareStore): RouteHandler<typeof shareRoutes.listShares> =>
  async ({ query, caller }) => {
    const now = new Date();
    const filter = {
      ownerClientId: caller.clientId,
      ...(query.isExpired === true ? { expirationDateUtc: { $lte: now } } : query.isExpired === false ? { expirationDateUtc: { $gt: now } } : {}),
    };
    const [items, total] = await Promise.all([
      shares.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      shares.count(filter),
    ]);
    return { status: 200, body: { data: items.map(toShareDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
