import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

describe('authentication', () => {
  let stack: Stack;
  let app: TestClient;

  beforeAll(async () => {
    stack = await sharedStack();
    app = await stack.registerClient();
  });

  const tokenRequest = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${stack.baseUrl}/connect/token`, { method: 'POST', body: new URLSearchParams(body), headers });

  describe('POST /connect/token', () => {
    it('issues an RS256 bearer token for client credentials in the form body', async () => {
      const res = await tokenRequest({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret, scope: 'customer-api' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'customer-api' });
      const decoded = jwt.decode(body.access_token, { complete: true })!;
      expect(decoded.header.alg).toBe('RS256');
      const jwks = (await (await fetch(`${stack.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string; kty: string }> };
      expect(jwks.keys.map((k) => k.kid)).toContain(decoded.header.kid);
      expect(jwks.keys.every((k) => k.kty === 'RSA' && !('d' in k))).toBe(true);
      expect((decoded.payload as jwt.JwtPayload).client_id).toBe(app.clientId);
    });

    it('accepts HTTP Basic client authentication and defaults the scope', async () => {
      const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      const res = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { scope: string }).scope).toBe('customer-api');
    });

    it.each([
      ['a wrong secret', { grant_type: 'client_credentials', client_secret: 'nope' }, 401, 'invalid_client'],
      ['an unknown client', { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'nope' }, 401, 'invalid_client'],
      ['no credentials', { grant_type: 'client_credentials' }, 401, 'invalid_client'],
      ['no grant_type', {}, 400, 'invalid_request'],
      ['another grant type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ])('rejects %s per RFC 6749', async (name, body, status, error) => {
      const request: Record<string, string> = name === 'a wrong secret' ? { ...body, client_id: app.clientId } : body;
      const res = await tokenRequest(request);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    });

    it('rejects a scope the client may not have with invalid_scope', async () => {
      const res = await tokenRequest({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret, scope: 'feedback-review' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_scope');
    });

    it('answers a wrong Basic secret with 401 and WWW-Authenticate: Basic', async () => {
      const basic = Buffer.from(`${app.clientId}:wrong`).toString('base64');
      const res = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    });
  });

  describe('bearer tokens on the API', () => {
    const claims = () => ({ client_id: app.clientId, scope: 'customer-api' });
    const signOptions = (): jwt.SignOptions => ({ algorithm: 'RS256', keyid: stack.edge.keys.active().kid, issuer: stack.baseUrl, audience: 'open-banking-api' });

    const expect401 = async (token: string | undefined) => {
      const res = await fetch(`${stack.baseUrl}/shares`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await res.json()) as { status: number }).status).toBe(401);
    };

    it('accepts a token signed with the edge key (control for the cases below)', async () => {
      const token = jwt.sign(claims(), stack.edge.keys.active().privateKey, { ...signOptions(), expiresIn: 300 });
      expect((await fetch(`${stack.baseUrl}/shares`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    });

    it('401 without a token', () => expect401(undefined));
    it('401 for garbage', () => expect401('not.a.jwt'));

    it('401 for an expired token', async () => {
      const expired = jwt.sign({ ...claims(), exp: Math.floor(Date.now() / 1000) - 60 }, stack.edge.keys.active().privateKey, signOptions());
      await expect401(expired);
    });

    it('401 for a token signed by another key under a published kid', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      await expect401(jwt.sign(claims(), privateKey, { ...signOptions(), expiresIn: 300 }));
    });

    it('401 for alg none', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: stack.edge.keys.active().kid })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...claims(), iss: stack.baseUrl, aud: 'open-banking-api', exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
      await expect401(`${header}.${payload}.`);
    });

    it('401 for a token with a tampered payload', async () => {
      const [h, , s] = (await stack.token(app)).split('.');
      const payload = Buffer.from(JSON.stringify({ ...claims(), client_id: 'someone-else', exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
      await expect401(`${h}.${payload}.${s}`);
    });

    it.each([
      ['a non-Latin-1 character', 'RS256\u2603'],
      ['CR/LF', 'RS256\r\nX-Injected: 1'],
    ])('401, never 500, for a token whose alg header holds %s, through the edge and at each service', async (_name, alg) => {
      const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT', kid: stack.edge.keys.active().kid })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...claims(), exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
      const token = `${header}.${payload}.c2ln`;
      const targets = [
        `${stack.baseUrl}/shares`,
        `http://127.0.0.1:${stack.share.port()}/shares`,
        `http://127.0.0.1:${stack.consent.port()}/consents`,
        `http://127.0.0.1:${stack.sequencing.port()}/users/00000000-0000-0000-0000-000000000000/sequencing`,
      ];
      for (const url of targets) {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        expect({ url, status: res.status }).toEqual({ url, status: 401 });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="open-banking", error="invalid_token"/);
        expect(res.headers.get('x-injected')).toBeNull();
      }
    });

    it('403 for a valid token without the customer-api scope', async () => {
      const reviewer = await stack.registerClient(['feedback-review']);
      const token = await stack.token(reviewer);
      const res = await fetch(`${stack.baseUrl}/shares`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
    });

    it('the share service itself rejects a request that bypasses the edge without a valid token', async () => {
      const res = await fetch(`http://127.0.0.1:${stack.share.port()}/shares`, { headers: { authorization: 'Bearer forged' } });
      expect(res.status).toBe(401);
    });
  });

  describe('client registration', () => {
    it('the admin route registers a client whose secret then works; it needs the admin token', async () => {
      const denied = await fetch(`${stack.baseUrl}/admin/clients`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(denied.status).toBe(401);
      const wrong = await fetch(`${stack.baseUrl}/admin/clients`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-admin-token-123' }, body: '{}' });
      expect(wrong.status).toBe(401);

      const res = await fetch(`${stack.baseUrl}/admin/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.adminToken}` },
        body: JSON.stringify({ name: 'Partner', scopes: ['customer-api'] }),
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as { clientId: string; clientSecret: string };
      expect(await stack.token(created)).toEqual(expect.any(String));
      const stored = await stack.edge.db.collection('oauth_clients').findOne({ _id: created.clientId as never });
      expect(stored).not.toBeNull();
      expect(JSON.stringify(stored)).not.toContain(created.clientSecret);

      const invalid = await fetch(`${stack.baseUrl}/admin/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.adminToken}` },
        body: JSON.stringify({ scopes: ['root'] }),
      });
      expect(invalid.status).toBe(400);
      // The bad element is named, as in every other list.
      expect(Object.keys(((await invalid.json()) as { errors: object }).errors)).toEqual(['scopes[0]']);
    });

    it('registers redirect URLs normalised, and refuses ones a consent must never be sent to', async () => {
      const register = (redirectUrls: unknown) =>
        fetch(`${stack.baseUrl}/admin/clients`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.adminToken}` },
          body: JSON.stringify({ scopes: ['customer-api'], redirectUrls }),
        });
      const res = await register(['HTTPS://App.Example.TEST/cb', 'http://localhost:5173']);
      expect(res.status).toBe(201);
      expect(((await res.json()) as { redirectUrls: string[] }).redirectUrls).toEqual(['https://app.example.test/cb', 'http://localhost:5173/']);
      for (const [urls, field] of [
        [['http://app.example.test/'], 'redirectUrls[0]'],
        [['https://app.example.test/', 'https://app.example.test/cb?x=1'], 'redirectUrls[1]'],
        [['https://app.example.test@evil.example/'], 'redirectUrls[0]'],
        ['https://app.example.test/', 'redirectUrls'],
      ] as const) {
        const refused = await register(urls);
        expect(refused.status).toBe(400);
        expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual([field]);
      }
    });
  });

  describe('operations endpoints', () => {
    it('serves health and readiness on the edge, the share and the consent service', async () => {
      const expectedChecks: Array<[string, object]> = [
        [stack.baseUrl, { database: 'ok' }],
        [`http://127.0.0.1:${stack.share.port()}`, { database: 'ok', consentEvents: 'ok', 'consentEvents-consent-owners': 'ok', sharesCache: 'ok' }],
        [`http://127.0.0.1:${stack.consent.port()}`, { database: 'ok', shareGrants: 'ok' }],
      ];
      for (const [base, checks] of expectedChecks) {
        expect((await fetch(`${base}/health/live`)).status).toBe(200);
        const ready = await fetch(`${base}/health/ready`);
        expect(ready.status).toBe(200);
        expect(((await ready.json()) as { checks: object }).checks).toEqual(checks);
      }
    });

    it('documents every routed operation in /openapi.json, and each documented operation is routed', async () => {
      const doc = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const token = await stack.token(app);
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) {
          const concrete = path.replace('{providerKey}', 'sandbox-retail').replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
          const res = await fetch(`${stack.baseUrl}${concrete}`, { method: method.toUpperCase(), headers: { authorization: `Bearer ${token}` } });
          const body = await res.text();
          // An unrouted path answers 404 "No route for ..."; every documented one must reach a handler.
          expect({ path, method, routed: !body.includes('No route for') }).toEqual({ path, method, routed: true });
        }
      }
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/shares', '/shares/{shareId}', '/connect/token', '/.well-known/jwks.json']));
      expect(Object.keys(doc.paths['/shares/{shareId}']!).sort()).toEqual(['delete', 'get', 'put']);
      expect((await fetch(`${stack.baseUrl}/docs`)).headers.get('content-type')).toMatch(/text\/html/);
    });
  });
});
