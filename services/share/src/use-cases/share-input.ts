import { ValidationErrors } from '@obp/core';
import { parseDateTime, parseGuid } from '@obp/http';

export const MAX_IDS_PER_LIST = 1000;
export const MAX_CLIENT_ID_LENGTH = 200;
export const MAX_REFERENCE_LENGTH = 256;

/** `undefined`: not given; `null`: given as null; otherwise the parsed instant. */
export function readExpiration(value: unknown, errors: ValidationErrors, field = 'expirationDateUtc'): Date | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') {
    errors.add(field, `The ${field} field must be an ISO 8601 date-time string.`);
    return undefined;
  }
  const date = parseDateTime(value);
  if (!date) {
    errors.add(field, `The value '${value}' is not a valid ISO 8601 date-time.`);
    return undefined;
  }
  if (date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 1) {
    errors.add(field, `The ${field} field is out of range.`);
    return undefined;
  }
  return date;
}

/** Reads a nullable array of GUIDs; each bad element is reported under `field[i]`. Duplicates collapse. */
export function readGuidList(value: unknown, field: string, errors: ValidationErrors): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) {
    errors.add(field, `The ${field} field must be an array of GUID strings or null.`);
    return null;
  }
  if (value.length > MAX_IDS_PER_LIST) {
    errors.add(field, `The ${field} field may hold at most ${MAX_IDS_PER_LIST} identifiers.`);
    return null;
  }
  const ids: string[] = [];
  value.forEach((item, i) => {
    const guid = parseGuid(item);
    if (!guid) errors.add(`${field}[${i}]`, `The value '${String(item)}' is not a valid GUID.`);
    else if (!ids.includes(guid)) ids.push(guid);
  });
  return ids;
}

export function requireObjectBody(body: unknown, errors: ValidationErrors): boolean {
  if (body === undefined || body === null) {
    errors.add('$', 'A non-empty request body is required.');
    return false;
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    errors.add('$', 'The request body must be a JSON object.');
    return false;
  }
  return true;
}

export function readShareId(value: unknown, errors: ValidationErrors): string | undefined {
  const id = parseGuid(value);
  if (!id) errors.add('shareId', `The value '${String(value)}' is not a valid GUID.`);
  return id;
}
