import type { appRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { MyAppService } from './my-app.service';

const gone = { status: 404 as const, problem: { detail: 'The app’s registration is gone.' } };

/** GET /apps/me. */
export const getMyAppHttp =
  (service: MyAppService): RouteHandler<typeof appRoutes.getMyApp> =>
  async ({ caller }) => {
    const app = await service.get(caller.clientId);
    return app ? { status: 200, body: { data: app } } : gone;
  };

/** PUT /apps/me: the redirect URLs, checked by the contract as POST /admin/clients checks them. */
export const updateMyAppHttp =
  (service: MyAppService): RouteHandler<typeof appRoutes.updateMyApp> =>
  async ({ caller, body }) => {
    const app = await service.replaceRedirectUrls(caller.clientId, body.redirectUrls);
    return app ? { status: 200, body: { data: app } } : gone;
  };
