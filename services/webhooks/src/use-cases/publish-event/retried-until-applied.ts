import { NonRetriableError, TransientError } from '@obp/bus';

/**
 * The handler's failures, but a `NonRetriableError`, as `TransientError`s: the consumer retries
 * them until they pass (a store outage loses no event) and dead-letters only what can never be applied.
 */
export const retriedUntilApplied =
  <A extends unknown[]>(handler: (...args: A) => Promise<void>) =>
  async (...args: A): Promise<void> => {
    try {
      await handler(...args);
    } catch (error) {
      if (error instanceof NonRetriableError || error instanceof TransientError) throw error;
      throw new TransientError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
