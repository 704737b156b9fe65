import type { sequencingRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { GetSequencingService } from './get-sequencing.service';

const notFound = (what: string) => ({ status: 404 as const, problem: { detail: `The ${what} does not exist, has no data yet, or is not accessible to this app.` } });

/** GET /consents/{id}/sequencing: `{ data: SequencingResult }` (spec 2.6). */
export const getConsentSequencingHttp =
  (service: GetSequencingService): RouteHandler<typeof sequencingRoutes.getConsentSequencing> =>
  async ({ params, caller }) => {
    const result = await service.forConsent(params.id, caller.clientId);
    return result ? { status: 200, body: { data: result } } : notFound('consent');
  };

/** GET /users/{id}/sequencing: one result over every consent of the user the caller may read. */
export const getUserSequencingHttp =
  (service: GetSequencingService): RouteHandler<typeof sequencingRoutes.getUserSequencing> =>
  async ({ params, caller }) => {
    const result = await service.forUser(params.id, caller.clientId);
    return result ? { status: 200, body: { data: result } } : notFound('user');
  };
