import express, { type RequestHandler } from 'express';
import type { IssueTokenService, TokenRequest } from './issue-token.service';

/** Reads client credentials from HTTP Basic (RFC 6749 2.3.1, form-url-decoded parts) or the body. */
function readCredentials(authorization: string | undefined, body: Record<string, unknown>) {
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  const bodyId = typeof body.client_id === 'string' ? body.client_id : undefined;
  const bodySecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  if (basic) {
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
    return { usedBasic: true, clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)), both: bodySecret !== undefined };
  }
  return { usedBasic: false, clientId: bodyId, clientSecret: bodySecret };
}

/** POST /connect/token (form-encoded, or JSON for convenience): RFC 6749 responses and errors. */
export const issueTokenHttp = (service: IssueTokenService): RequestHandler[] => [
  express.urlencoded({ extended: false, limit: '16kb' }),
  express.json({ limit: '16kb' }),
  async (req, res) => {
    res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const credentials = readCredentials(req.get('authorization'), body);
    const sendError = (status: number, error: string, description: string) => {
      if (status === 401 && credentials.usedBasic) res.set('WWW-Authenticate', 'Basic realm="open-banking", charset="UTF-8"');
      res.status(status).json({ error, error_description: description });
    };
    if ('malformed' in credentials && credentials.malformed) return sendError(401, 'invalid_client', 'Malformed Basic credentials.');
    if ('both' in credentials && credentials.both) return sendError(400, 'invalid_request', 'Use one client authentication method, not both.');
    const request: TokenRequest = {
      grantType: typeof body.grant_type === 'string' ? body.grant_type : undefined,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      scope: typeof body.scope === 'string' ? body.scope : undefined,
    };
    const result = await service.execute(request);
    if (result.ok) return void res.json(result.value);
    sendError(result.error.error === 'invalid_client' ? 401 : 400, result.error.error, result.error.description);
  },
];
