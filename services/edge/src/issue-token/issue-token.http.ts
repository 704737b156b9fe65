import type { edgeRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { RATE_LIMITED, type TokenRequestLimits } from '../rate-limit/rate-limit.http';
import type { IssueTokenService, TokenRequest } from './issue-token.service';

type Credentials = { usedBasic: boolean; malformed?: boolean; both?: boolean; clientId?: string; clientSecret?: string };

/** Reads client credentials from HTTP Basic (RFC 6749 2.3.1, form-url-decoded parts) or the body. */
function readCredentials(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): Credentials {
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (!basic) return { usedBasic: false, clientId: body.client_id, clientSecret: body.client_secret };
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { usedBasic: true, malformed: true };
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { usedBasic: true, clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)), both: body.client_secret !== undefined };
}

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** POST /connect/token (form-encoded, or JSON for convenience): RFC 6749 responses and errors; 429 past the limits. */
export const issueTokenHttp =
  (service: IssueTokenService, limits: TokenRequestLimits | null): RouteHandler<typeof edgeRoutes.issueToken> =>
  async ({ body, req }) => {
    const credentials = readCredentials(req.get('authorization'), body);
    const refusal = limits && (await limits.refusal(req.ip, credentials.clientId));
    if (refusal) {
      const detail = `Too many token requests; try again after ${refusal.retryAfterSeconds} s.`;
      return { status: 429, problem: { code: RATE_LIMITED, detail }, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } };
    }
    const error = <S extends 400 | 401>(status: S, code: string, description: string) => {
      const challenge: Record<string, string> = status === 401 && credentials.usedBasic ? { 'WWW-Authenticate': 'Basic realm="open-banking", charset="UTF-8"' } : {};
      return { status, body: { error: code, error_description: description }, headers: { ...noStore, ...challenge } };
    };
    if (credentials.malformed) return error(401, 'invalid_client', 'Malformed Basic credentials.');
    if (credentials.both) return error(400, 'invalid_request', 'Use one client authentication method, not both.');
    const request: TokenRequest = { grantType: body.grant_type, clientId: credentials.clientId, clientSecret: credentials.clientSecret, scope: body.scope };
    const result = await service.execute(request);
    if (result.ok) return { status: 200, body: result.value, headers: noStore };
    return result.error.error === 'invalid_client' ? error(401, result.error.error, result.error.description) : error(400, result.error.error, result.error.description);
  };
