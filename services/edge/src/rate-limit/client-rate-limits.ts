import { TIMED_OUT, within } from './within';
import type { RateLimit } from '@obp/contracts';
import type { Logger } from '@obp/telemetry';
import type { ClientRepository } from '../oauth/client.repository';

interface Known {
  limit: RateLimit;
  readAt: number;
}

/**
 * Each app's API limit: its client record's own, else the edge's default. Read from the store at most
 * once a minute per app and instance (a changed limit applies within that minute and the read's time); a
 * read the store does not answer in time keeps what was known, or the default. Only an app's first
 * request on an instance waits for the read: once the minute is over, requests go on under the limit
 * known while it is read again, so no request waits for the store in steady use.
 */
export class ClientRateLimits {
  private readonly known = new Map<string, Known>();
  private readonly reading = new Map<string, Promise<RateLimit>>();

  constructor(
    private readonly clients: Pick<ClientRepository, 'rateLimitOf'>,
    private readonly fallback: RateLimit,
    private readonly logger: Logger,
    private readonly options: { ttlMs?: number; readTimeoutMs?: number; now?: () => number } = {},
  ) {}

  async of(clientId: string): Promise<RateLimit> {
    const now = (this.options.now ?? Date.now)();
    const known = this.known.get(clientId);
    if (known && now - known.readAt < (this.options.ttlMs ?? 60_000)) return known.limit;
    let reading = this.reading.get(clientId);
    if (!reading) {
      reading = this.read(clientId, known, now).finally(() => this.reading.delete(clientId));
      this.reading.set(clientId, reading);
    }
    return known ? known.limit : reading;
  }

  private async read(clientId: string, known: Known | undefined, now: number): Promise<RateLimit> {
    try {
      const own = await within(this.clients.rateLimitOf(clientId), this.options.readTimeoutMs ?? 250);
      if (own === TIMED_OUT) return known?.limit ?? this.fallback;
      const limit = own ?? this.fallback;
      this.known.set(clientId, { limit, readAt: now });
      return limit;
    } catch (error) {
      this.logger.warn({ err: error, clientId }, 'could not read the client’s rate limit; using the last known or the default');
      return known?.limit ?? this.fallback;
    }
  }
}
