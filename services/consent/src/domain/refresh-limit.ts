export const REFRESH_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Refresh requests are remembered this long (spec section 8), then purged. */
export const REFRESH_HISTORY_MS = 7 * REFRESH_WINDOW_MS;

export type RefreshDecision = { allowed: true } | { allowed: false; retryAt: Date };

/**
 * At most `limit` refreshes per consent in any rolling 24 hours: with `limit` requests inside the
 * window, the next one is allowed when the oldest of them leaves it.
 */
export function decideRefresh(previous: readonly Date[], now: Date, limit: number): RefreshDecision {
  const windowStart = now.getTime() - REFRESH_WINDOW_MS;
  const inWindow = previous
    .map((d) => d.getTime())
    // A refresh recorded after `now` (another instance's, decided a moment later) counts as well.
    .filter((t) => t > windowStart)
    .sort((a, b) => a - b);
  if (inWindow.length < limit) return { allowed: true };
  return { allowed: false, retryAt: new Date(inWindow[inWindow.length - limit]! + REFRESH_WINDOW_MS) };
}

/** What a consent's refresh limit leaves now: refreshes in the rolling 24 hours, those left, and when the next is allowed (null: now). */
export interface RefreshAllowance {
  limit: number;
  used: number;
  remaining: number;
  nextAllowedAt: Date | null;
}

export function refreshAllowance(previous: readonly Date[], now: Date, limit: number): RefreshAllowance {
  const used = previous.filter((d) => d.getTime() > now.getTime() - REFRESH_WINDOW_MS).length;
  const decision = decideRefresh(previous, now, limit);
  return { limit, used, remaining: Math.max(0, limit - used), nextAllowedAt: decision.allowed ? null : decision.retryAt };
}
