import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import { idempotentCreatePaths } from './generated/operations';
import { sendWithRetries, type RetryPolicy } from './retries';
import type { AccessTokens } from './token-source';

const IDEMPOTENCY_KEY = 'Idempotency-Key';
/** Methods whose repetition has the effect of one call (RFC 9110 9.2.2). */
const idempotentMethods = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export interface PlatformFetchOptions {
  /** The API's base URL; its path prefixes every documented path. */
  baseUrl: string;
  tokens: AccessTokens;
  fetch: (request: Request) => Promise<Response>;
  retry: RetryPolicy;
  clock: Clock;
}

/**
 * The fetch under the typed client: it sends the bearer token (a refused token is renewed and the
 * call sent once more, when a new one can be had), gives a creating POST an Idempotency-Key unless the caller chose one, and
 * retries idempotent calls (those methods, or a POST with a key) on 429/503 after Retry-After.
 */
export function platformFetch(options: PlatformFetchOptions): (request: Request) => Promise<Response> {
  const basePath = new URL(options.baseUrl).pathname.replace(/\/$/, '');
  return async (request) => {
    const path = new URL(request.url).pathname.slice(basePath.length);
    if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY) && idempotentCreatePaths.includes(path)) request.headers.set(IDEMPOTENCY_KEY, randomUUID());
    const sendAuthorized = async (): Promise<Response> => {
      const accessToken = await options.tokens.accessToken();
      const response = await options.fetch(withToken(request, accessToken));
      if (response.status !== 401) return response;
      // Revoked, or its keys rotated: a 401 did nothing, so the call is sent again with a new token.
      options.tokens.discard(accessToken);
      const renewed = await options.tokens.accessToken();
      if (renewed === accessToken) return response;
      await response.body?.cancel();
      return options.fetch(withToken(request, renewed));
    };
    const retryable = idempotentMethods.has(request.method) || request.headers.has(IDEMPOTENCY_KEY);
    return retryable ? sendWithRetries(sendAuthorized, options.retry, options.clock) : sendAuthorized();
  };
}

/** A copy of the request (its body can be sent again) with the bearer token. */
function withToken(request: Request, accessToken: string): Request {
  const copy = request.clone();
  copy.headers.set('Authorization', `Bearer ${accessToken}`);
  return copy;
}
