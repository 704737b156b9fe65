import { createPublicKey, type KeyObject, type JsonWebKey } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';

export interface AccessTokenClaims {
  clientId: string;
  scopes: string[];
  tokenId: string | undefined;
  /** The app may create consents itself (the direct provider flow); set per client at registration. */
  directProviderFlow: boolean;
  /** Where the app's consents may send users back; set per client at registration. */
  redirectUrls: string[];
}

/** Claim carrying `AccessTokenClaims.directProviderFlow`. */
export const DIRECT_PROVIDER_FLOW_CLAIM = 'obp_direct_provider_flow';

/** Claim carrying `AccessTokenClaims.redirectUrls`. */
export const REDIRECT_URLS_CLAIM = 'obp_redirect_urls';

export type KeyResolver = (kid: string) => Promise<KeyObject | undefined>;

/** Why a token was rejected, from a fixed set of plain texts: the only part of a rejection fit for a response header. */
export type TokenRejectionCode = 'malformed token' | 'unsupported algorithm' | 'unknown signing key' | 'token expired' | 'invalid token';

export class TokenRejected extends Error {
  /** `reason` describes the rejection in more detail and may quote library messages; it is for the problem body only. */
  constructor(
    readonly code: TokenRejectionCode,
    readonly reason: string = code,
  ) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  resolveKey: KeyResolver;
  clockToleranceSeconds?: number;
  /** How many verified tokens to remember (default 10,000; 0 remembers none). */
  cacheSize?: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

interface VerifiedToken {
  claims: AccessTokenClaims;
  kid: string;
  key: KeyObject;
  expiresAtMs: number;
}

/** Far above any token this platform issues (and Node's default header limit is 16 KiB anyway). */
const MAX_TOKEN_LENGTH = 8 * 1024;
const COMPACT_JWS = /^([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The JOSE header of a compact JWS, parsed here rather than by `jwt.decode`, which throws on a
 * `typ: JWT` token whose payload is not JSON and leaves `alg` and `kid` of any JSON type.
 */
function readHeader(token: string): { alg: unknown; kid: unknown } {
  if (token.length > MAX_TOKEN_LENGTH) throw new TokenRejected('malformed token', 'the token is too long');
  const match = COMPACT_JWS.exec(token);
  if (!match) throw new TokenRejected('malformed token', 'the token is not a signed JWT');
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRejected('malformed token', 'the token header is not JSON');
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) throw new TokenRejected('malformed token', 'the token header is not a JSON object');
  return { alg: 'alg' in header ? header.alg : undefined, kid: 'kid' in header ? header.kid : undefined };
}

const nonEmptyString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const stringArray = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Verifies an access token: RS256 only (so `alg: none` and HS256-with-public-key tricks fail),
 * a `kid` the issuer publishes, signature, expiry, issuer and audience. Any token it does not
 * accept, however crafted, ends in `TokenRejected`.
 *
 * An app sends one token with every request for an hour, and the signature check is most of what
 * authenticating a request costs, so verified tokens are remembered (the oldest forgotten first).
 * A remembered token is accepted again only while it has not expired and its key is still the
 * one the issuer publishes under its kid: a key withdrawn from the JWKS ends its tokens as before.
 */
export function createTokenVerifier(options: VerifierOptions) {
  const now = options.now ?? Date.now;
  const toleranceMs = (options.clockToleranceSeconds ?? 5) * 1000;
  const cacheSize = options.cacheSize ?? 10_000;
  const verified = new Map<string, VerifiedToken>();

  const remember = (token: string, entry: VerifiedToken) => {
    if (cacheSize === 0) return;
    if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };

  return async function verify(token: string): Promise<AccessTokenClaims> {
    const known = verified.get(token);
    if (known) {
      if (now() < known.expiresAtMs + toleranceMs && (await options.resolveKey(known.kid)) === known.key) return known.claims;
      verified.delete(token);
    }
    const entry = await verifySignedToken(token);
    if (Number.isFinite(entry.expiresAtMs)) remember(token, entry);
    return entry.claims;
  };

  async function verifySignedToken(token: string): Promise<VerifiedToken> {
    const { alg, kid } = readHeader(token);
    if (alg !== 'RS256') throw new TokenRejected('unsupported algorithm', 'only RS256-signed tokens are accepted');
    if (typeof kid !== 'string' || kid === '') throw new TokenRejected('malformed token', 'the token header has no key id');
    const key = await options.resolveKey(kid);
    if (!key) throw new TokenRejected('unknown signing key');
    let payload: JwtPayload | string;
    try {
      payload = jwt.verify(token, key, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: options.clockToleranceSeconds ?? 5,
        clockTimestamp: Math.floor(now() / 1000),
      });
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) throw new TokenRejected('token expired');
      throw new TokenRejected('invalid token', error instanceof Error ? error.message : 'the token failed verification');
    }
    if (typeof payload === 'string') throw new TokenRejected('malformed token', 'the token payload is not a JSON object');
    const clientId = nonEmptyString(payload.client_id) ?? nonEmptyString(payload.sub);
    if (!clientId) throw new TokenRejected('invalid token', 'the token names no client');
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    const claims: AccessTokenClaims = {
      clientId,
      scopes: scope.split(' ').filter(Boolean),
      tokenId: typeof payload.jti === 'string' ? payload.jti : undefined,
      directProviderFlow: payload[DIRECT_PROVIDER_FLOW_CLAIM] === true,
      redirectUrls: stringArray(payload[REDIRECT_URLS_CLAIM]),
    };
    // A token without `exp` never expires to jsonwebtoken; it is not remembered, but verified every time.
    return { claims, kid, key, expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

function isRsaJwkWithKid(value: unknown): value is JsonWebKey & { kid: string } {
  return typeof value === 'object' && value !== null && 'kid' in value && nonEmptyString(value.kid) !== undefined && 'kty' in value && value.kty === 'RSA';
}

/** The RSA keys of a JWKS document by kid; a key Node cannot read is left out rather than failing the others. */
function publicKeysOf(jwks: unknown): Map<string, KeyObject> {
  if (typeof jwks !== 'object' || jwks === null || !('keys' in jwks) || !Array.isArray(jwks.keys)) throw new Error('the JWKS document has no key list');
  const keys = new Map<string, KeyObject>();
  for (const jwk of jwks.keys) {
    if (!isRsaJwkWithKid(jwk) || ('use' in jwk && jwk.use !== 'sig')) continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
    } catch {
      // A malformed key cannot verify anything; the issuer's other keys still can.
    }
  }
  return keys;
}

/**
 * Resolves keys from the issuer's JWKS, caching them; an unknown `kid` triggers at most one
 * fetch per `minRefetchMs`, so key rotation works and a flood of forged kids costs nothing.
 * A fetch that fails (endpoint down, error status, not a JWKS) keeps the cached keys and opens a
 * shorter window, `retryAfterFailureMs`: an outage does not turn every forged kid into a request,
 * and a service whose first fetch failed (the edge was not up yet) does not refuse every token for
 * a whole window.
 */
export function jwksKeyResolver(jwksUrl: string, minRefetchMs = 30_000, retryAfterFailureMs = Math.min(minRefetchMs, 1_000)): KeyResolver {
  let keys = new Map<string, KeyObject>();
  let lastFetchStartedAt: number | undefined;
  let lastFetchFailed = false;
  let inflight: Promise<void> | undefined;
  const refresh = async () => {
    lastFetchFailed = true;
    const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`JWKS fetch failed with ${res.status}`);
    keys = publicKeysOf(await res.json());
    lastFetchFailed = false;
  };
  return async (kid) => {
    const known = keys.get(kid);
    if (known) return known;
    if (!inflight) {
      const window = lastFetchFailed ? retryAfterFailureMs : minRefetchMs;
      if (lastFetchStartedAt !== undefined && Date.now() - lastFetchStartedAt < window) return undefined;
      lastFetchStartedAt = Date.now();
      inflight = refresh().finally(() => (inflight = undefined));
    }
    try {
      await inflight;
    } catch {
      return undefined;
    }
    return keys.get(kid);
  };
}
