import { ApiError, readBody } from './api-error';
import type { Clock } from './clock';
import { sendWithRetries, type RetryPolicy } from './retries';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; by default every scope of the client. */
  scope?: string;
}

/** Where the client gets the bearer token of each call. */
export interface AccessTokens {
  accessToken(): Promise<string>;
  /** The API refused `accessToken`: the next call of accessToken() should not return it again. */
  discard(accessToken: string): void;
}

/** At most this long before its expiry a token is renewed (at half its lifetime when that is shorter). */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * Access tokens by the OAuth 2.0 client credentials flow (form-encoded, at `/connect/token`): one
 * token is kept and shared until shortly before it expires, and one request renews it however many
 * calls wait for it.
 */
export class ClientCredentialsTokenSource implements AccessTokens {
  private current: { accessToken: string; renewAt: number } | undefined;
  private renewing: Promise<string> | undefined;

  constructor(
    private readonly tokenUrl: string,
    private readonly credentials: ClientCredentials,
    private readonly fetch: (request: Request) => Promise<Response>,
    private readonly retry: RetryPolicy,
    private readonly clock: Clock,
  ) {}

  async accessToken(): Promise<string> {
    if (this.current && this.clock.now() < this.current.renewAt) return this.current.accessToken;
    this.renewing ??= this.requestToken().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** Forgets `accessToken` when it is the one kept (the API refused it), so the next call gets a new one. */
  discard(accessToken: string): void {
    if (this.current?.accessToken === accessToken) this.current = undefined;
  }

  private async requestToken(): Promise<string> {
    const requestedAt = this.clock.now();
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.credentials.clientId, client_secret: this.credentials.clientSecret });
    if (this.credentials.scope) form.set('scope', this.credentials.scope);
    // Asking for a token again changes nothing on the server: it is retried like an idempotent call.
    const response = await sendWithRetries(() => this.fetch(new Request(this.tokenUrl, { method: 'POST', body: form })), this.retry, this.clock);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError('POST', this.tokenUrl, response.status, body);
    if (!isTokenResponse(body)) throw new Error(`POST ${this.tokenUrl} answered ${response.status} without access_token and expires_in`);
    const lifetimeMs = body.expires_in * 1000;
    this.current = { accessToken: body.access_token, renewAt: requestedAt + lifetimeMs - Math.min(RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2) };
    return body.access_token;
  }
}

function isTokenResponse(body: unknown): body is { access_token: string; expires_in: number } {
  return typeof body === 'object' && body !== null && 'access_token' in body && typeof body.access_token === 'string' && 'expires_in' in body && typeof body.expires_in === 'number';
}

/** A token the caller obtained and renews itself (e.g. by another flow); the client sends it as it is. */
export class GivenToken implements AccessTokens {
  constructor(private readonly token: () => string | Promise<string>) {}

  async accessToken(): Promise<string> {
    return this.token();
  }

  discard(): void {}
}
