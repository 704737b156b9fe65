import { pagination, type shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareLists } from '../../infrastructure/share-lists';

/**
 * GET /shares: the calling app's own shares, oldest first (rule 2: in the order they were made), paged (defaults
 * page 1, size 50; rule 3), optionally only expired or only unexpired ones: read from the chunks of the app's list
 * the page spans, the total from the list's counts (share-lists.ts).
 */
export const listSharesHttp =
  (lists: ShareLists): RouteHandler<typeof shareRoutes.listShares> =>
  async ({ query, caller }) => {
    const skip = (query.page - 1) * query.pageSize;
    const { items, total } =
      query.isExpired === null || query.isExpired === undefined
        ? await lists.page(caller.clientId, skip, query.pageSize)
        : await lists.pageByExpiry(caller.clientId, query.isExpired, new Date(), skip, query.pageSize);
    return { status: 200, body: { data: items.map(toShareDto), _pagination: pagination(query.page, query.pageSize, total) } };
  };
