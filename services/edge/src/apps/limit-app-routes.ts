import type { RouteBinding } from '@obp/http';
import { rateLimitHeaders, takeApiRequest } from '../rate-limit/rate-limit.http';
import type { AppLimiting } from './my-app.service';

/**
 * The edge's own app routes under the app's rate limit, as the routes it forwards are: each request takes one of
 * the app's bucket, answers carry the RateLimit headers, and a request past the limit is the same 429 problem.
 */
export function limitAppRoutes(bindings: RouteBinding[], limiting: AppLimiting | null): RouteBinding[] {
  if (!limiting) return bindings;
  return bindings.map((binding) => ({
    contract: binding.contract,
    handle: async (input) => {
      const clientId = input.caller?.clientId;
      if (!clientId) return binding.handle(input);
      const { decision, refusal } = await takeApiRequest(limiting.limiter, limiting.limits, clientId);
      const headers = rateLimitHeaders(decision);
      if (refusal) return { status: 429, problem: refusal, headers: { ...headers, 'Retry-After': String(decision.retryAfterSeconds) } };
      const result = await binding.handle(input);
      return { ...result, headers: { ...headers, ...('headers' in result ? result.headers : undefined) } } as typeof result;
    },
  }));
}
