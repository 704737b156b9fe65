import type { Clock } from './clock';
import { retryAfterMs } from './retry-after';

/** How the client retries an idempotent call that the platform answered 429 or 503. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** A longer Retry-After is not waited for: the answer is the error (e.g. a refresh limit that lifts tomorrow). */
  maxDelayMs: number;
  /** The first wait when the answer has no Retry-After; it doubles with each retry. */
  fallbackDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 3, maxDelayMs: 30_000, fallbackDelayMs: 1_000 };

/** The answers that say "not now, try again": the edge's rate limit, and a service that cannot reach its store. */
const retriedStatuses = new Set([429, 503]);

/** Sends until the answer is not a 429/503, the retries are spent, or the wait asked for is too long. */
export async function sendWithRetries(send: () => Promise<Response>, policy: RetryPolicy, clock: Clock): Promise<Response> {
  for (let retry = 0; ; retry++) {
    const response = await send();
    if (!retriedStatuses.has(response.status) || retry >= policy.maxRetries) return response;
    const delay = retryAfterMs(response.headers.get('retry-after'), clock.now()) ?? policy.fallbackDelayMs * 2 ** retry;
    if (delay > policy.maxDelayMs) return response;
    await response.body?.cancel();
    await clock.sleep(delay);
  }
}
