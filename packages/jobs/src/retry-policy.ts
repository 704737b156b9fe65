/** Exponential back-off: `baseMs` after the first failure, doubling, capped at `maxMs`; no more tries after `maxAttempts`. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

/** Delay after the n-th consecutive failure. */
export const backoffDelayMs = (failures: number, baseMs: number, maxMs: number): number => Math.min(baseMs * 2 ** Math.max(0, failures - 1), maxMs);

/** When to try again after the `attempt`-th failed attempt, or null when the attempts are used up. */
export function nextAttemptAt(policy: BackoffPolicy, attempt: number, now: Date): Date | null {
  if (attempt >= policy.maxAttempts) return null;
  return new Date(now.getTime() + backoffDelayMs(attempt, policy.baseMs, policy.maxMs));
}
