import type { AppDto, RateLimit } from '@obp/contracts';
import type { ClientRepository, OAuthClient } from '../oauth/client.repository';
import type { ClientRateLimits } from '../rate-limit/client-rate-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** The edge's API limiting, when it limits (RATE_LIMIT_ENABLED). */
export interface AppLimiting {
  limiter: RateLimiter;
  limits: ClientRateLimits;
}

/**
 * The calling app's own registration (GET and PUT /apps/me). The request itself counts against the app's rate
 * limit like any API request (limitAppRoutes); the usage reported is what is left after it, read without taking.
 */
export class MyAppService {
  constructor(
    private readonly clients: Pick<ClientRepository, 'find' | 'replaceRedirectUrls'>,
    private readonly limiting: AppLimiting | null,
    private readonly defaultLimit: RateLimit,
  ) {}

  async get(clientId: string): Promise<AppDto | null> {
    const client = await this.clients.find(clientId);
    return client ? this.describe(client) : null;
  }

  async replaceRedirectUrls(clientId: string, redirectUrls: string[]): Promise<AppDto | null> {
    if (!(await this.clients.replaceRedirectUrls(clientId, redirectUrls))) return null;
    return this.get(clientId);
  }

  private async describe(client: OAuthClient): Promise<AppDto> {
    const usage = this.limiting ? await this.usage(client.clientId, this.limiting) : null;
    return {
      clientId: client.clientId,
      name: client.name,
      scopes: client.allowedScopes,
      directProviderFlow: client.directProviderFlow,
      redirectUrls: client.redirectUrls,
      rateLimit: client.rateLimit ?? this.defaultLimit,
      rateLimitIsDefault: !client.rateLimit,
      usage,
      createdAt: client.createdAt.toISOString(),
    };
  }

  private async usage(clientId: string, { limiter, limits }: AppLimiting): Promise<AppDto['usage']> {
    const decision = limiter.peek(`client:${clientId}`, await limits.of(clientId));
    return { limit: decision.limit, remaining: decision.remaining, resetSeconds: decision.resetSeconds };
  }
}
