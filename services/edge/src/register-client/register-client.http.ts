import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { edgeRoutes } from '@obp/contracts';
import { sendProblem, type RouteHandler } from '@obp/http';
import type { RegisterClientService } from './register-client.service';

/** Guards admin routes with the operator's admin token (constant-time comparison). */
export const requireAdminToken =
  (adminToken: string | undefined): RequestHandler =>
  (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const digest = (s: string) => createHash('sha256').update(s).digest();
    if (!adminToken || !match || !timingSafeEqual(digest(match[1]!), digest(adminToken))) {
      res.set('WWW-Authenticate', 'Bearer realm="admin"');
      return sendProblem(res, 401, { detail: 'The admin token is missing or wrong.' });
    }
    next();
  };

/** POST /admin/clients: 201 with the client id and its secret (shown this once). */
export const registerClientHttp =
  (service: RegisterClientService): RouteHandler<typeof edgeRoutes.registerClient> =>
  async ({ body }) => {
    const result = await service.execute(body);
    if (result.ok) return { status: 201, body: result.value };
    return { status: 409, problem: { title: 'Conflict', detail: result.error.message } };
  };
