import { pagination, type shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toShareDto, type Share } from '../../domain/share';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareStore } from '../../infrastructure/share-store';

/**
 * GET /shares: the calling app's own shares, oldest first (rule 2: in the order they were made), paged (defaults
 * page 1, size 50; rule 3), optionally only expired or only unexpired ones. Read from the blocks of the app's list
 * the page spans, the total from the list's counts (share-lists.ts); through the owner index (skip and count over
 * all the app's shares) while the list is not built.
 */
export const listSharesHttp =
  (lists: ShareLists, shares: ShareStore): RouteHandler<typeof shareRoutes.listShares> =>
  async ({ query, caller }) => {
    const now = new Date();
    const skip = (query.page - 1) * query.pageSize;
    const expired = query.isExpired ?? null;
    const page = (await lists.page(caller.clientId, expired, now, skip, query.pageSize)) ?? (await byOwnerIndex(shares, caller.clientId, expired, now, skip, query.pageSize));
    return { status: 200, body: { data: page.items.map(toShareDto), _pagination: pagination(query.page, query.pageSize, page.total) } };
  };

async function byOwnerIndex(shares: ShareStore, ownerClientId: string, expired: boolean | null, now: Date, skip: number, limit: number): Promise<{ items: Share[]; total: number }> {
  const filter = {
    ownerClientId,
    ...(expired === true ? { expirationDateUtc: { $lte: now } } : expired === false ? { expirationDateUtc: { $gt: now } } : {}),
  };
  const [items, total] = await Promise.all([shares.findMany(filter, { sort: { createdAt: 1, _id: 1 }, skip, limit }), shares.count(filter)]);
  return { items, total };
}
