import type { edgeRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { RegisterClientService } from './register-client.service';

/** POST /admin/clients: 201 with the client id and its secret (shown this once). */
export const registerClientHttp =
  (service: RegisterClientService): RouteHandler<typeof edgeRoutes.registerClient> =>
  async ({ body }) => {
    const result = await service.execute(body);
    if (result.ok) return { status: 201, body: result.value };
    return { status: 409, problem: { title: 'Conflict', detail: result.error.message } };
  };
