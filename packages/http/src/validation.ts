import { ValidationErrors } from '@obp/core';

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

export const INT32_MAX = 2_147_483_647;

/** Reads an optional int32 query parameter; records a message under `name` if it is not one. */
export function queryInt32(
  query: Record<string, unknown>,
  name: string,
  errors: ValidationErrors,
  rule: { default: number; min: number; max: number },
): number {
  const raw = readQuery(query, name);
  if (raw === undefined || raw === '') return rule.default;
  if (!/^[+-]?\d+$/.test(raw.trim()) || Math.abs(Number(raw)) > INT32_MAX) {
    errors.add(name, `The value '${raw}' is not valid for ${name}. It must be an integer.`);
    return rule.default;
  }
  const n = Number(raw);
  if (n < rule.min || n > rule.max) {
    errors.add(name, `The field ${name} must be between ${rule.min} and ${rule.max}.`);
    return rule.default;
  }
  return n;
}

/** Reads an optional boolean query parameter (`true`/`false`, any case); empty means not given. */
export function queryBoolean(query: Record<string, unknown>, name: string, errors: ValidationErrors): boolean | undefined {
  const raw = readQuery(query, name);
  if (raw === undefined || raw === '' || raw.toLowerCase() === 'null') return undefined;
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  errors.add(name, `The value '${raw}' is not valid for ${name}. It must be true or false.`);
  return undefined;
}

/** Query parameter names are matched case-insensitively; a repeated parameter keeps its first value. */
export function readQuery(query: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const value = query[key];
  if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
  return value === undefined ? undefined : String(value);
}

/**
 * Maps the properties of a JSON object body onto their canonical names, case-insensitively (as
 * ASP.NET model binding does: `ClientId` and `clientId` are the same field). Unknown fields are
 * dropped. Returns undefined when the body is not a JSON object.
 */
export function canonicalBody<K extends string>(body: unknown, names: readonly K[]): Partial<Record<K, unknown>> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n] as const));
  const out: Partial<Record<K, unknown>> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const canonical = byLower.get(key.toLowerCase());
    if (canonical !== undefined && !(canonical in out)) out[canonical] = value;
  }
  return out;
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
