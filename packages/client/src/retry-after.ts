/**
 * The wait a `Retry-After` header asks for, in milliseconds (RFC 9110: delay-seconds or an
 * HTTP-date); undefined when it is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
