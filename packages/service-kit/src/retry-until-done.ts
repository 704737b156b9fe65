import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@obp/telemetry';

export interface RetryOptions {
  /** Ends the retries: the last failure is thrown. */
  signal: AbortSignal;
  logger: Logger;
  /** The first wait after a failure; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this long the last failure is thrown (a setting that can never work, say); without it, retries go on until `signal`. */
  giveUpAfterMs?: number;
}

/**
 * Runs `attempt` until it succeeds, waiting longer after each failure (a broker or store still starting, a cluster
 * too busy to create topics in time), and logs each failure with `what`. A start step that fails for a while leaves
 * the service starting rather than exiting at once. Stops, throwing the last failure, once `signal` is aborted or
 * `giveUpAfterMs` has passed.
 */
export async function retryUntilDone<T>(what: string, attempt: () => Promise<T>, { signal, logger, baseDelayMs = 1_000, maxDelayMs = 15_000, giveUpAfterMs }: RetryOptions): Promise<T> {
  const giveUpAt = giveUpAfterMs === undefined ? Infinity : Date.now() + giveUpAfterMs;
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted || Date.now() >= giveUpAt) throw error;
      logger.warn({ err: error, attempt: failures + 1 }, `${what} failed; retrying`);
      await delay(Math.min(baseDelayMs * 2 ** failures, maxDelayMs), undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw error;
    }
  }
}
