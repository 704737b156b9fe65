import type { shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { shareConflict, shareNotFound } from '../share-answers';
import type { UpdateShareService } from './update-share.service';

/** PUT /shares/{shareId}: 204. An empty body means the default expiration (spec 2.3). */
export const updateShareHttp =
  (service: UpdateShareService): RouteHandler<typeof shareRoutes.updateShare> =>
  async ({ params, body, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, shareId: params.shareId, expirationDateUtc: body.expirationDateUtc });
    if (result.ok) return { status: 204 };
    return result.error.code === 'NOT_FOUND' ? shareNotFound(params.shareId) : shareConflict();
  };
