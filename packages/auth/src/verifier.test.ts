import { createHmac, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { freePort, waitFor } from '@obp/testkit';
import { createTokenVerifier, DIRECT_PROVIDER_FLOW_CLAIM, jwksKeyResolver, REDIRECT_URLS_CLAIM, TokenRejected, type TokenVerifier } from './verifier';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'open-banking-api';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: `key-${randomUUID()}`, privateKey, publicKey };
}

function publicJwk(key: SigningKey): Record<string, unknown> {
  return { ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, use: 'sig', alg: 'RS256' };
}

function signToken(key: SigningKey, claims: Record<string, unknown> = {}, { issuer = ISSUER, audience = AUDIENCE, withKid = true } = {}): string {
  const options: jwt.SignOptions = { algorithm: 'RS256', issuer, audience };
  if (withKid) options.keyid = key.kid;
  if (!('exp' in claims)) options.expiresIn = 300;
  return jwt.sign({ client_id: 'app-1', scope: 'customer-api', ...claims }, key.privateKey, options);
}

const base64UrlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function validClaims(): Record<string, unknown> {
  return { client_id: 'app-1', scope: 'customer-api', iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 };
}

/** A token with any header and payload, and a signature that is not one. */
function craftedToken(header: unknown, payload: unknown = validClaims(), signature = 'c2lnbmF0dXJl'): string {
  return `${base64UrlJson(header)}.${base64UrlJson(payload)}.${signature}`;
}

const tokenWithUnknownKid = () => craftedToken({ alg: 'RS256', typ: 'JWT', kid: `forged-${randomUUID()}` });

/** A JWKS endpoint on 127.0.0.1 that counts its requests and answers as the test says. */
class JwksTestServer {
  requestCount = 0;
  private answer: { status: number; body: string } = { status: 200, body: '{"keys":[]}' };
  private server: Server | undefined;

  private constructor(private readonly port: number) {}

  static async onFreePort(): Promise<JwksTestServer> {
    return new JwksTestServer(await freePort());
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/.well-known/jwks.json`;
  }

  publish(...keys: SigningKey[]): void {
    this.answer = { status: 200, body: JSON.stringify({ keys: keys.map(publicJwk) }) };
  }

  answerWith(status: number, body: string): void {
    this.answer = { status, body };
  }

  async start(): Promise<void> {
    const server = createServer((_req, res) => {
      this.requestCount += 1;
      res.writeHead(this.answer.status, { 'content-type': 'application/json' }).end(this.answer.body);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const verifies = (verify: TokenVerifier, token: string) =>
  verify(token).then(
    () => true,
    () => false,
  );

describe('createTokenVerifier against a JWKS served over HTTP', () => {
  let jwksServer: JwksTestServer;
  let key: SigningKey;
  let verify: TokenVerifier;

  beforeAll(async () => {
    key = newSigningKey();
    jwksServer = await JwksTestServer.onFreePort();
    jwksServer.publish(key);
    await jwksServer.start();
    verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: jwksKeyResolver(jwksServer.url, 60_000) });
  });
  afterAll(() => jwksServer.stop());

  it('accepts a valid RS256 token and reads its claims', async () => {
    const token = signToken(key, { scope: 'customer-api feedback-review', jti: 'token-1', [DIRECT_PROVIDER_FLOW_CLAIM]: true, [REDIRECT_URLS_CLAIM]: ['https://app.example.test/cb'] });
    await expect(verify(token)).resolves.toEqual({
      clientId: 'app-1',
      scopes: ['customer-api', 'feedback-review'],
      tokenId: 'token-1',
      directProviderFlow: true,
      redirectUrls: ['https://app.example.test/cb'],
    });
  });

  it('takes the client from sub without client_id, the direct provider flow only from a literal true, and only strings as redirect URLs', async () => {
    const token = signToken(key, { client_id: undefined, sub: 'app-2', [DIRECT_PROVIDER_FLOW_CLAIM]: 'true', [REDIRECT_URLS_CLAIM]: 'https://app.example.test/' });
    await expect(verify(token)).resolves.toEqual({ clientId: 'app-2', scopes: ['customer-api'], tokenId: undefined, directProviderFlow: false, redirectUrls: [] });
  });

  it.each<[string, () => string, string]>([
    ['an expired token', () => signToken(key, { exp: Math.floor(Date.now() / 1000) - 60 }), 'token expired'],
    ['a wrong issuer', () => signToken(key, {}, { issuer: 'https://elsewhere.test' }), 'invalid token'],
    ['a wrong audience', () => signToken(key, {}, { audience: 'another-api' }), 'invalid token'],
    ['alg none', () => craftedToken({ alg: 'none', typ: 'JWT', kid: key.kid }, validClaims(), ''), 'unsupported algorithm'],
    [
      'HS256 signed with the public key as the secret',
      () => {
        const signingInput = `${base64UrlJson({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${base64UrlJson(validClaims())}`;
        const secret = key.publicKey.export({ format: 'pem', type: 'spki' });
        return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
      },
      'unsupported algorithm',
    ],
    ['an unknown kid', () => signToken(newSigningKey()), 'unknown signing key'],
    [
      'a tampered payload',
      () => {
        const [header, , signature] = signToken(key).split('.');
        return `${header}.${base64UrlJson({ ...validClaims(), client_id: 'someone-else' })}.${signature}`;
      },
      'invalid token',
    ],
    ['no kid', () => signToken(key, {}, { withKid: false }), 'malformed token'],
    ['a token signed by another key under the published kid', () => signToken({ ...newSigningKey(), kid: key.kid }), 'invalid token'],
  ])('rejects %s', async (_case, token, code) => {
    await expect(verify(token())).rejects.toMatchObject({ name: 'TokenRejected', code });
  });

  it.each<[string, () => string]>([
    ['an empty string', () => ''],
    ['not a JWT', () => 'not.a.jwt'],
    ['two segments', () => `${base64UrlJson({ alg: 'RS256', kid: 'k' })}.${base64UrlJson(validClaims())}`],
    ['a header that is not JSON', () => `${Buffer.from('{alg').toString('base64url')}.${base64UrlJson(validClaims())}.c2ln`],
    ['a header that is a JSON array', () => craftedToken(['RS256'])],
    ['a header that is a JSON string', () => craftedToken('RS256')],
    ['typ JWT with a payload that is not JSON', () => `${base64UrlJson({ alg: 'RS256', typ: 'JWT', kid: 'k' })}.${Buffer.from('{not json').toString('base64url')}.c2ln`],
    ['an alg with a non-Latin-1 character', () => craftedToken({ alg: 'RS256\u2603', kid: 'k' })],
    ['an alg with CR/LF', () => craftedToken({ alg: 'RS256\r\nX: y', kid: 'k' })],
    ['an object-valued alg', () => craftedToken({ alg: { toString: 0 }, kid: 'k' })],
    ['a numeric alg', () => craftedToken({ alg: 256, kid: 'k' })],
    ['a numeric kid', () => craftedToken({ alg: 'RS256', kid: 7 })],
    ['an object-valued kid', () => craftedToken({ alg: 'RS256', kid: { toString: 0 } })],
    ['an empty kid', () => craftedToken({ alg: 'RS256', kid: '' })],
    ['a megabyte-long token', () => craftedToken({ alg: 'RS256', kid: key.kid }, { ...validClaims(), padding: 'x'.repeat(1024 * 1024) })],
  ])('rejects %s with TokenRejected, never another error', async (_case, token) => {
    await expect(verify(token())).rejects.toBeInstanceOf(TokenRejected);
  });
});

describe('jwksKeyResolver key rotation', () => {
  const minRefetchMs = 300;
  let jwksServer: JwksTestServer;
  let verify: TokenVerifier;

  beforeAll(async () => {
    jwksServer = await JwksTestServer.onFreePort();
    await jwksServer.start();
    verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: jwksKeyResolver(jwksServer.url, minRefetchMs) });
  });
  afterAll(() => jwksServer.stop());

  it('picks up a new key on an unknown kid, rate-limits refetches, and drops keys no longer published', async () => {
    const keyA = newSigningKey();
    const keyB = newSigningKey();
    jwksServer.publish(keyA);
    await expect(verify(signToken(keyA))).resolves.toMatchObject({ clientId: 'app-1' });
    expect(jwksServer.requestCount).toBe(1);

    jwksServer.publish(keyA, keyB);
    const tokenB = signToken(keyB);
    await waitFor(() => verifies(verify, tokenB), { what: 'a token of the rotated-in key B to verify' });
    expect(jwksServer.requestCount).toBe(2);
    await expect(verify(signToken(keyA))).resolves.toMatchObject({ clientId: 'app-1' });

    const fetchesBeforeFlood = jwksServer.requestCount;
    for (let i = 0; i < 100; i++) await expect(verify(tokenWithUnknownKid())).rejects.toBeInstanceOf(TokenRejected);
    const concurrentFlood = Array.from({ length: 100 }, () => verify(tokenWithUnknownKid()).then(() => 'accepted', (error: unknown) => error instanceof TokenRejected));
    expect(new Set(await Promise.all(concurrentFlood))).toEqual(new Set([true]));
    expect(jwksServer.requestCount).toBeLessThanOrEqual(fetchesBeforeFlood + 1);

    jwksServer.publish(keyB);
    const fetchesBeforeDrop = jwksServer.requestCount;
    await waitFor(
      async () => {
        await verify(tokenWithUnknownKid()).catch(() => undefined);
        return jwksServer.requestCount > fetchesBeforeDrop;
      },
      { what: 'an unknown kid to refetch the JWKS once the window passed' },
    );
    await expect(verify(signToken(keyA))).rejects.toMatchObject({ code: 'unknown signing key' });
    await expect(verify(signToken(keyB))).resolves.toMatchObject({ clientId: 'app-1' });
  });
});

describe('jwksKeyResolver when the JWKS endpoint fails', () => {
  const minRefetchMs = 100;
  let jwksServer: JwksTestServer;
  let key: SigningKey;
  let verify: TokenVerifier;

  beforeEach(async () => {
    key = newSigningKey();
    jwksServer = await JwksTestServer.onFreePort();
    verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: jwksKeyResolver(jwksServer.url, minRefetchMs) });
  });
  afterEach(() => jwksServer.stop());

  it('rejects tokens while it is down, and verifies again once it is back', async () => {
    const token = signToken(key);
    await expect(verify(token)).rejects.toMatchObject({ name: 'TokenRejected', code: 'unknown signing key' });

    jwksServer.publish(key);
    await jwksServer.start();
    await waitFor(() => verifies(verify, token), { what: 'verification to recover' });
  });

  it.each<[string, number, string]>([
    ['answers 500', 500, '{"error":"boom"}'],
    ['answers a body that is not JSON', 200, '<html>gateway</html>'],
    ['answers JSON whose keys are not a list', 200, '{"keys":"none"}'],
    ['answers a JSON null', 200, 'null'],
  ])('rejects tokens while it %s, and verifies again once it serves the key', async (_case, status, body) => {
    await jwksServer.start();
    jwksServer.answerWith(status, body);
    const token = signToken(key);
    await expect(verify(token)).rejects.toMatchObject({ name: 'TokenRejected', code: 'unknown signing key' });

    jwksServer.publish(key);
    await waitFor(() => verifies(verify, token), { what: 'verification to recover' });
  });

  it('uses the well-formed keys of a JWKS that also holds a malformed one', async () => {
    await jwksServer.start();
    jwksServer.answerWith(200, JSON.stringify({ keys: [{ kty: 'RSA', kid: 'broken', e: 'AQAB' }, publicJwk(key)] }));
    await expect(verify(signToken(key))).resolves.toMatchObject({ clientId: 'app-1' });
  });

  it('after a failed first fetch, tries again after the short failure window, not the whole refetch window', async () => {
    const verifyAfterOutage = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: jwksKeyResolver(jwksServer.url, 60_000, 50) });
    await jwksServer.start();
    jwksServer.answerWith(500, '{}');
    await expect(verifyAfterOutage(signToken(key))).rejects.toBeInstanceOf(TokenRejected);
    jwksServer.answerWith(200, JSON.stringify({ keys: [publicJwk(key)] }));
    await waitFor(() => verifyAfterOutage(signToken(key)).then(() => true, () => false), { what: 'the key after the endpoint is back', timeoutMs: 10_000 });
  });

  it('while the endpoint fails, a flood of unknown kids costs one fetch per window', async () => {
    const verifyWithLongWindow = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: jwksKeyResolver(jwksServer.url, 60_000, 60_000) });
    await jwksServer.start();
    jwksServer.answerWith(500, '{}');
    for (let i = 0; i < 50; i++) await expect(verifyWithLongWindow(tokenWithUnknownKid())).rejects.toBeInstanceOf(TokenRejected);
    expect(jwksServer.requestCount).toBe(1);
  });
});

describe('createTokenVerifier remembering verified tokens', () => {
  const key = newSigningKey();
  let published: KeyObject | undefined;
  let clock: number;
  const verifierWith = (cacheSize?: number) =>
    createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey: async (kid) => (kid === key.kid ? published : undefined), now: () => clock, cacheSize });
  const signatureChecks = () => jest.spyOn(jwt, 'verify');

  beforeEach(() => {
    published = key.publicKey;
    clock = Date.now();
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks a token’s signature once and answers it from memory after that', async () => {
    const verify = verifierWith();
    const checks = signatureChecks();
    const token = signToken(key, { jti: 'remembered' });
    const first = await verify(token);
    for (let i = 0; i < 5; i++) await expect(verify(token)).resolves.toEqual(first);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('rejects a remembered token once it has expired', async () => {
    const verify = verifierWith();
    const token = signToken(key, { exp: Math.floor(clock / 1000) + 60 });
    await verify(token);
    clock += 66_000;
    await expect(verify(token)).rejects.toMatchObject({ code: 'token expired' });
  });

  it('rejects a remembered token once the issuer no longer publishes its key', async () => {
    const verify = verifierWith();
    const token = signToken(key);
    await verify(token);
    published = undefined;
    await expect(verify(token)).rejects.toMatchObject({ code: 'unknown signing key' });
    published = newSigningKey().publicKey;
    await expect(verify(token)).rejects.toMatchObject({ code: 'invalid token' });
  });

  it('forgets the oldest tokens beyond its size, and remembers none at size 0', async () => {
    const tokens = ['a', 'b', 'c'].map((jti) => signToken(key, { jti }));
    const verify = verifierWith(2);
    const checks = signatureChecks();
    for (const token of tokens) await verify(token);
    await verify(tokens[2]!);
    await verify(tokens[0]!);
    expect(checks).toHaveBeenCalledTimes(4);

    checks.mockClear();
    const forgetful = verifierWith(0);
    await forgetful(tokens[0]!);
    await forgetful(tokens[0]!);
    expect(checks).toHaveBeenCalledTimes(2);
  });
});
