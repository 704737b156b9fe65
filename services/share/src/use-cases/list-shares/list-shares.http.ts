import { pagination, type shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareStore } from '../../infrastructure/share-store';

/**
 * GET /shares: the calling app's own shares, oldest first (rule 2: in the order they were made), paged (defaults
 * page 1, size 50; rule 3), optionally only expired or only unexpired ones. Unfiltered, a page is read from the
 * chunks of the app's list it spans and the total from the list's counts (share-lists.ts); filtered by expiry,
 * which moves with time, through the owner's index, and counted there.
 */
export const listSharesHttp =
  (shares: ShareStore, lists: ShareLists): RouteHandler<typeof shareRoutes.listShares> =>
  async ({ query, caller }) => {
    const skip = (query.page - 1) * query.pageSize;
    if (query.isExpired === null || query.isExpired === undefined) {
      const { items, total } = await lists.page(caller.clientId, skip, query.pageSize);
      return { status: 200, body: { data: items.map(toShareDto), _pagination: pagination(query.page, query.pageSize, total) } };
    }
    const now = new Date();
    const filter = { ownerClientId: caller.clientId, expirationDateUtc: query.isExpired ? { $lte: now } : { $gt: now } };
    const [items, total] = await Promise.all([shares.findMany(filter, { sort: { listPosition: 1 }, skip, limit: query.pageSize }), shares.count(filter)]);
    return { status: 200, body: { data: items.map(toShareDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
