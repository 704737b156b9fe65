import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ok, type Result } from '@obp/core';
import { API_AUDIENCE, DIRECT_PROVIDER_FLOW_CLAIM, REDIRECT_URLS_CLAIM } from '@obp/auth';
import { knownScopes } from '@obp/contracts';
import { verifySecret } from '../oauth/client-secrets';
import type { ClientRepository } from '../oauth/client.repository';
import type { SigningKeyStore } from '../oauth/signing-keys';

/** RFC 6749 section 5.2 error codes. */
export type TokenErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

export interface TokenError {
  error: TokenErrorCode;
  description: string;
}

export interface TokenRequest {
  grantType: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  scope: string | undefined;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** OAuth 2.0 client credentials grant: authenticates the app and signs an RS256 JWT. */
export class IssueTokenService {
  constructor(
    private readonly clients: ClientRepository,
    private readonly keys: SigningKeyStore,
    private readonly settings: { issuer: string; lifetimeSeconds: number },
  ) {}

  async execute(request: TokenRequest): Promise<Result<TokenResponse, never> | { ok: false; error: TokenError }> {
    if (!request.grantType) return fail('invalid_request', 'grant_type is required.');
    if (request.grantType !== 'client_credentials') return fail('unsupported_grant_type', `grant_type '${request.grantType}' is not supported; use client_credentials.`);
    if (!request.clientId || !request.clientSecret) return fail('invalid_client', 'Client authentication failed.');
    const client = await this.clients.find(request.clientId);
    const authentic = client && !client.disabled && (await verifySecret(request.clientSecret, client.secretHash));
    if (!client || !authentic) return fail('invalid_client', 'Client authentication failed.');

    const requested = request.scope?.split(' ').filter(Boolean) ?? [];
    const unknown = requested.filter((s) => !knownScopes.includes(s) || !client.allowedScopes.includes(s));
    if (unknown.length > 0) return fail('invalid_scope', `The client may not request scope '${unknown.join(' ')}'.`);
    const granted = requested.length > 0 ? [...new Set(requested)] : client.allowedScopes;

    const key = this.keys.active();
    const claims = {
      client_id: client.clientId,
      scope: granted.join(' '),
      [DIRECT_PROVIDER_FLOW_CLAIM]: client.directProviderFlow,
      ...(client.redirectUrls.length > 0 ? { [REDIRECT_URLS_CLAIM]: client.redirectUrls } : {}),
    };
    const accessToken = jwt.sign(claims, key.privateKey, {
      algorithm: 'RS256',
      keyid: key.kid,
      issuer: this.settings.issuer,
      audience: API_AUDIENCE,
      subject: client.clientId,
      expiresIn: this.settings.lifetimeSeconds,
      jwtid: randomUUID(),
    });
    return ok({ access_token: accessToken, token_type: 'Bearer', expires_in: this.settings.lifetimeSeconds, scope: granted.join(' ') });
  }
}

const fail = (error: TokenErrorCode, description: string) => ({ ok: false as const, error: { error, description } });
