import type { RequestHandler } from 'express';
import type { RateLimit } from '@obp/contracts';
import { sendProblem } from '@obp/http';
import { addressKey } from './address-key';
import type { ClientRateLimits } from './client-rate-limits';
import type { RateLimiter } from './rate-limiter';
import type { RateLimitDecision } from './token-bucket';

export const RATE_LIMITED = 'rate_limited';

/** draft-ietf-httpapi-ratelimit-headers, the three-field form most clients read. */
export const rateLimitHeaders = (decision: RateLimitDecision): Record<string, string> => ({
  'RateLimit-Limit': String(decision.limit),
  'RateLimit-Remaining': String(decision.remaining),
  'RateLimit-Reset': String(decision.resetSeconds),
});

/**
 * Limits each app's API requests: after the token check (the app is `res.locals.clientId`), every
 * answer carries the RateLimit headers, and a request past the limit is a 429 problem with Retry-After.
 */
export const limitApiRequests =
  (limiter: RateLimiter, limits: ClientRateLimits): RequestHandler =>
  async (_req, res, next) => {
    const clientId = res.locals.clientId;
    if (!clientId) return next();
    const { decision, refusal } = await takeApiRequest(limiter, limits, clientId);
    res.set(rateLimitHeaders(decision));
    if (!refusal) return next();
    res.set('Retry-After', String(decision.retryAfterSeconds));
    sendProblem(res, 429, refusal);
  };

/** One API request of an app taken from its bucket: the decision, and the 429 problem's fields when it is refused. */
export async function takeApiRequest(limiter: RateLimiter, limits: ClientRateLimits, clientId: string): Promise<{ decision: RateLimitDecision; refusal: { code: string; detail: string } | null }> {
  const limit = await limits.of(clientId);
  const decision = await limiter.take(`client:${clientId}`, limit);
  if (decision.allowed) return { decision, refusal: null };
  return {
    decision,
    refusal: { code: RATE_LIMITED, detail: `The app’s rate limit is spent (${decision.limit} requests at once, ${limit.perSecond} a second): try again after ${decision.retryAfterSeconds} s.` },
  };
}

/** A client id no registered client can have is limited by its address alone (it fails authentication anyway). */
const MAX_CLIENT_ID_LENGTH = 100;

/**
 * Token requests, limited per remote address (an IPv6 address by its /64, what one host is given) and
 * per client id presented (existing or not) from that address: every try costs an scrypt of the secret,
 * and neither guessing secrets nor spraying client ids may go fast. The client id's bucket is per
 * address too: client ids are not secret, and a bucket any caller could drain would let anyone keep an
 * app from getting tokens.
 */
export class TokenRequestLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly perAddress: RateLimit,
    private readonly perClient: RateLimit,
  ) {}

  /** The refusal, or null when the request may go on. */
  async refusal(address: string | undefined, clientId: string | undefined): Promise<RateLimitDecision | null> {
    const source = addressKey(address);
    const byAddress = await this.limiter.take(`token-address:${source}`, this.perAddress);
    if (!byAddress.allowed) return byAddress;
    if (!clientId || clientId.length > MAX_CLIENT_ID_LENGTH) return null;
    const byClient = await this.limiter.take(`token-client:${clientId}@${source}`, this.perClient);
    return byClient.allowed ? null : byClient;
  }
}

