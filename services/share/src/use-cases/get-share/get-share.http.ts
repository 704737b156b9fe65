import type { shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { toShareDto } from '../../domain/share';
import type { ShareStore } from '../../infrastructure/share-store';
import { shareNotFound } from '../share-answers';

/** GET /shares/{shareId}: only the owning app sees a share; any other gets the same 404. */
export const getShareHttp =
  (shares: ShareStore): RouteHandler<typeof shareRoutes.getShare> =>
  async ({ params, caller }) => {
    const share = await shares.find(params.shareId);
    if (!share || share.ownerClientId !== caller.clientId) return shareNotFound(params.shareId);
    return { status: 200, body: { data: toShareDto(share) } };
  };
