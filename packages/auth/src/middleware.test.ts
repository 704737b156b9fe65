import { generateKeyPairSync } from 'node:crypto';
import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { freePort } from '@obp/testkit';
import { callerClaims, requireScope } from './middleware';
import { createTokenVerifier, jwksKeyResolver, type KeyResolver } from './verifier';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'open-banking-api';
const SCOPE = 'customer-api';
const KID = 'key-1';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publishedKeys: KeyResolver = async (kid) => (kid === KID ? publicKey : undefined);

function appGuardedBy(resolveKey: KeyResolver): express.Express {
  const app = express();
  const verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, resolveKey });
  app.get('/shares', requireScope(verify, SCOPE), (_req, res) => {
    res.json(callerClaims(res));
  });
  return app;
}

function signToken(claims: Record<string, unknown>): string {
  const options: jwt.SignOptions = { algorithm: 'RS256', keyid: KID, issuer: ISSUER, audience: AUDIENCE };
  if (!('exp' in claims)) options.expiresIn = 300;
  return jwt.sign({ client_id: 'app-1', ...claims }, privateKey, options);
}

const base64UrlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function craftedToken(header: unknown): string {
  const claims = { client_id: 'app-1', scope: SCOPE, iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 };
  return `${base64UrlJson(header)}.${base64UrlJson(claims)}.c2lnbmF0dXJl`;
}

/** RFC 6750 challenge: fixed parameters in plain quoted strings, nothing taken from the token. */
const INVALID_TOKEN_CHALLENGE = /^Bearer realm="open-banking", error="invalid_token", error_description="[a-z ]+"$/;

function expectInvalidTokenProblem(res: request.Response): void {
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(INVALID_TOKEN_CHALLENGE);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(res.text)).toMatchObject({ status: 401, title: 'Unauthorized' });
}

describe('requireScope through an express app', () => {
  const app = appGuardedBy(publishedKeys);

  it('passes a valid token with the scope on, with its claims', async () => {
    const res = await request(app).get('/shares').set('authorization', `Bearer ${signToken({ scope: SCOPE })}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientId: 'app-1', scopes: [SCOPE] });
  });

  it('answers 401 with a Bearer challenge without an Authorization header', async () => {
    const res = await request(app).get('/shares');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="open-banking"');
    expect(JSON.parse(res.text)).toMatchObject({ status: 401 });
  });

  it('answers 403 insufficient_scope for a valid token without the scope', async () => {
    const res = await request(app).get('/shares').set('authorization', `Bearer ${signToken({ scope: 'feedback-review' })}`);
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBe(`Bearer realm="open-banking", error="insufficient_scope", scope="${SCOPE}"`);
    expect(JSON.parse(res.text)).toMatchObject({ status: 403 });
  });

  it.each<[string, unknown]>([
    ['an alg with a non-Latin-1 character', { alg: 'RS256\u2603', typ: 'JWT', kid: KID }],
    ['an alg with CR/LF', { alg: 'RS256\r\nX: y', typ: 'JWT', kid: KID }],
    ['an alg with a NUL', { alg: 'RS256\u0000', typ: 'JWT', kid: KID }],
    ['an object-valued alg', { alg: { toString: 0 }, typ: 'JWT', kid: KID }],
    ['a numeric kid', { alg: 'RS256', typ: 'JWT', kid: 1 }],
    ['an object-valued kid', { alg: 'RS256', typ: 'JWT', kid: { toString: 0 } }],
  ])('answers 401 with a well-formed challenge for a token header with %s', async (_case, header) => {
    expectInvalidTokenProblem(await request(app).get('/shares').set('authorization', `Bearer ${craftedToken(header)}`));
  });

  it('answers 401 for a typ JWT token whose payload is not JSON', async () => {
    const token = `${base64UrlJson({ alg: 'RS256', typ: 'JWT', kid: KID })}.${Buffer.from('{not json').toString('base64url')}.c2lnbmF0dXJl`;
    expectInvalidTokenProblem(await request(app).get('/shares').set('authorization', `Bearer ${token}`));
  });

  it('names an expired token in the challenge and describes it in the problem', async () => {
    const res = await request(app).get('/shares').set('authorization', `Bearer ${signToken({ scope: SCOPE, exp: Math.floor(Date.now() / 1000) - 60 })}`);
    expectInvalidTokenProblem(res);
    expect(res.headers['www-authenticate']).toContain('error_description="token expired"');
    expect(JSON.parse(res.text).detail).toMatch(/expired/);
  });

  it('answers 401, not 500, when the JWKS endpoint is unreachable', async () => {
    const unreachable = appGuardedBy(jwksKeyResolver(`http://127.0.0.1:${await freePort()}/.well-known/jwks.json`, 60_000));
    expectInvalidTokenProblem(await request(unreachable).get('/shares').set('authorization', `Bearer ${signToken({ scope: SCOPE })}`));
  });
});
