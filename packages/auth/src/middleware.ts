import type { NextFunction, Request, Response } from 'express';
import { sendProblem } from '@obp/http';
import { TokenRejected, type AccessTokenClaims, type TokenVerifier } from './verifier';

declare module 'express-serve-static-core' {
  interface Locals {
    auth?: AccessTokenClaims;
    clientId?: string;
  }
}

/**
 * Requires a valid bearer token carrying `scope`. Missing or invalid token: 401 with
 * `WWW-Authenticate: Bearer` (RFC 6750); valid token without the scope: 403 `insufficient_scope`.
 */
export function requireScope(verify: TokenVerifier, scope: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      res.set('WWW-Authenticate', 'Bearer realm="open-banking"');
      sendProblem(res, 401, { detail: 'A bearer access token is required.' });
      return;
    }
    let claims: AccessTokenClaims;
    try {
      claims = await verify(match[1]!);
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
      // Only the fixed rejection code goes into the header: anything read from the token could hold
      // CR/LF or non-Latin-1 characters, which Node refuses in a header (a 500 instead of a 401).
      res.set('WWW-Authenticate', `Bearer realm="open-banking", error="invalid_token", error_description="${error.code}"`);
      sendProblem(res, 401, { detail: `The access token is invalid: ${error.reason}.` });
      return;
    }
    if (!claims.scopes.includes(scope)) {
      res.set('WWW-Authenticate', `Bearer realm="open-banking", error="insufficient_scope", scope="${scope}"`);
      sendProblem(res, 403, { detail: `The access token lacks the '${scope}' scope.` });
      return;
    }
    res.locals.auth = claims;
    res.locals.clientId = claims.clientId;
    next();
  };
}

/** The verified token of the calling app, set by `requireScope`. */
export function callerClaims(res: Response): AccessTokenClaims {
  const claims = res.locals.auth;
  if (!claims) throw new Error('callerClaims used on a route without requireScope');
  return claims;
}

/** The calling app's client id, set by `requireScope`. */
export function callerClientId(res: Response): string {
  const id = res.locals.clientId;
  if (!id) throw new Error('callerClientId used on a route without requireScope');
  return id;
}
