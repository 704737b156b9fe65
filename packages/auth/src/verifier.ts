import { createPublicKey, type KeyObject, type JsonWebKey } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';

export interface AccessTokenClaims {
  clientId: string;
  scopes: string[];
  tokenId: string | undefined;
  /** The app may create consents itself (the direct provider flow); set per client at registration. */
  directProviderFlow: boolean;
}

/** Claim carrying `AccessTokenClaims.directProviderFlow`. */
export const DIRECT_PROVIDER_FLOW_CLAIM = 'obp_direct_provider_flow';

export type KeyResolver = (kid: string) => Promise<KeyObject | undefined>;

export class TokenRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  resolveKey: KeyResolver;
  clockToleranceSeconds?: number;
}

/**
 * Verifies an access token: RS256 only (so `alg: none` and HS256-with-public-key tricks fail),
 * a `kid` the issuer publishes, signature, expiry, issuer and audience.
 */
export function createTokenVerifier(options: VerifierOptions) {
  return async function verify(token: string): Promise<AccessTokenClaims> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw new TokenRejected('malformed token');
    if (decoded.header.alg !== 'RS256') throw new TokenRejected(`algorithm ${decoded.header.alg} is not accepted`);
    const kid = decoded.header.kid;
    if (!kid) throw new TokenRejected('token has no key id');
    const key = await options.resolveKey(kid);
    if (!key) throw new TokenRejected('unknown signing key');
    let payload: JwtPayload;
    try {
      payload = jwt.verify(token, key, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: options.clockToleranceSeconds ?? 5,
      }) as JwtPayload;
    } catch (error) {
      throw new TokenRejected(error instanceof jwt.TokenExpiredError ? 'token expired' : (error as Error).message);
    }
    const clientId = (payload.client_id as string | undefined) ?? payload.sub;
    if (!clientId) throw new TokenRejected('token has no client');
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    return { clientId, scopes: scope.split(' ').filter(Boolean), tokenId: payload.jti, directProviderFlow: payload[DIRECT_PROVIDER_FLOW_CLAIM] === true };
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/**
 * Resolves keys from the issuer's JWKS, caching them; an unknown `kid` triggers at most one
 * refetch per `minRefetchMs`, so key rotation works and a flood of forged kids costs nothing.
 */
export function jwksKeyResolver(jwksUrl: string, minRefetchMs = 30_000): KeyResolver {
  let keys = new Map<string, KeyObject>();
  let lastFetch = 0;
  let inflight: Promise<void> | undefined;
  const refresh = async () => {
    const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`JWKS fetch failed with ${res.status}`);
    const body = (await res.json()) as { keys?: Array<JsonWebKey & { kid?: string }> };
    const next = new Map<string, KeyObject>();
    for (const jwk of body.keys ?? []) {
      if (jwk.kid && jwk.kty === 'RSA') next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
    }
    keys = next;
    lastFetch = Date.now();
  };
  return async (kid) => {
    const known = keys.get(kid);
    if (known) return known;
    if (Date.now() - lastFetch < minRefetchMs && lastFetch !== 0) return undefined;
    inflight ??= refresh().finally(() => (inflight = undefined));
    try {
      await inflight;
    } catch {
      return undefined;
    }
    return keys.get(kid);
  };
}
