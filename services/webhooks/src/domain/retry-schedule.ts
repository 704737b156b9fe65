/** Delays before each retry of a message, the first after the first failed attempt. */
export type RetrySchedule = readonly number[];

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `5s,5m,30m,2h` to milliseconds; a message naming the bad part otherwise. */
export function parseRetrySchedule(text: string): RetrySchedule | string {
  const delays: number[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(part);
    if (!match) return `'${part}' is not a delay such as 500ms, 5s, 5m, 2h or 1d`;
    delays.push(Math.round(Number(match[1]) * UNIT_MS[match[2]!]!));
  }
  return delays;
}

/** Jitter spreads retries of many messages that failed together: up to a tenth of the delay, either way. */
const JITTER = 0.1;

/**
 * The delay before the next attempt after `failedAttempts` failed ones (1 after the first), or
 * null when the schedule is used up. `random` in [0, 1).
 */
export function retryDelayMs(schedule: RetrySchedule, failedAttempts: number, random: number = Math.random()): number | null {
  const base = schedule[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/**
 * `Retry-After` in milliseconds (seconds or an HTTP date), or null when absent or unreadable;
 * capped at `maxMs` so an answer cannot park a message for ever.
 */
export function retryAfterMs(header: string | null | undefined, now: Date, maxMs: number): number | null {
  if (!header) return null;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(0, ms), maxMs);
}
