const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bracedGuidPattern = /^\{([0-9a-f-]{36})\}$/i;
const bareGuidPattern = /^[0-9a-f]{32}$/i;

/** Parses a GUID in the forms .NET accepts (hyphenated, braced, 32 hex digits); returns it lower-case, hyphenated. */
export function parseGuid(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let v = value.trim();
  const braced = bracedGuidPattern.exec(v);
  if (braced) v = braced[1]!;
  if (bareGuidPattern.test(v)) v = `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
  return guidPattern.test(v) ? v.toLowerCase() : undefined;
}

/** Parses an ISO 8601 date-time; a value without offset is taken as UTC. */
export function parseDateTime(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = frac ? Math.floor(Number(frac.slice(1).padEnd(3, '0').slice(0, 3))) : 0;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}.${String(ms).padStart(3, '0')}${zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject impossible calendar dates such as 2024-02-30 that Date would roll over.
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return date;
}
