import type { shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { shareConflict, shareNotFound } from '../share-answers';
import type { DeleteShareService } from './delete-share.service';

/** DELETE /shares/{shareId}: 204; the recipient app loses access at once. */
export const deleteShareHttp =
  (service: DeleteShareService): RouteHandler<typeof shareRoutes.deleteShare> =>
  async ({ params, caller }) => {
    const result = await service.execute({ ownerClientId: caller.clientId, shareId: params.shareId });
    if (result.ok) return { status: 204 };
    return result.error.code === 'NOT_FOUND' ? shareNotFound(params.shareId) : shareConflict();
  };
