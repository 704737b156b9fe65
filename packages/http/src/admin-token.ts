import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sendProblem } from './problem';

/** Guards admin routes with the operator's admin token (constant-time comparison); without a token configured, every admin request is refused. */
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
