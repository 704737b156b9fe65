import type { shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { CreateShareService } from './create-share.service';

/** POST /shares: 200 with the identifier envelope (spec 4.1); idempotent, the share is made under `newId`. */
export const createShareHttp =
  (service: CreateShareService): RouteHandler<typeof shareRoutes.createShare> =>
  async ({ body, caller, newId }) => {
    const id = await service.execute(newId, caller.clientId, body);
    return { status: 200, body: { data: id }, headers: { Location: `/shares/${id}` } };
  };
