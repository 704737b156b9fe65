import type { shareRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { CreateShareService } from './create-share.service';

/** POST /shares: 200 with the identifier envelope (spec 4.1); idempotent, the share is made under `newId`; 422 naming another app's consents or accounts. */
export const createShareHttp =
  (service: CreateShareService): RouteHandler<typeof shareRoutes.createShare> =>
  async ({ body, caller, newId }) => {
    const result = await service.execute(newId, caller.clientId, body);
    if (!result.ok) return { status: 422, problem: { detail: 'The share names consents or accounts of another app.', errors: result.error.errors } };
    const id = result.value;
    return { status: 200, body: { data: id }, headers: { Location: `/shares/${id}` } };
  };
