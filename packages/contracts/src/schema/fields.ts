import { z } from 'zod/v4';
import { parseDateTime, parseGuid } from './parse';
import { documentedAs } from './json-schema';

/**
 * Field schemas with the validation messages of the API (spec section 7: `errors` maps a
 * property name to its messages). Every message is built when the issue is reported, from the
 * field's name (the last key of its path) and a bounded preview of the value, never from an
 * unbounded serialisation of what the client sent.
 */

type Issue = { path?: readonly PropertyKey[]; input?: unknown; code?: string };
/** Builds a field's validation message from its name and the value given. */
export type Describe = (field: string, input: unknown) => string;

/** The name a problem body files a message under: `clientId`, `consentIds[1]`, `Input.userIds`, `$` for the body. */
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name === '' ? String(key) : `.${String(key)}`;
  }
  return name === '' ? '$' : name;
}

/** The property a message speaks of: the last named key of the path. */
export function fieldLabel(path: readonly PropertyKey[] = []): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return '$';
}

const PREVIEW_LENGTH = 100;

/** What a message quotes of a value: a string cut to 100 characters; other values by kind. */
export function previewValue(value: unknown): string {
  if (typeof value === 'string') return value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH)}…` : value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return '[array]';
  return `[${typeof value}]`;
}

/** A schema-level error function: every issue of the schema gets `describe`'s message. */
const say = (describe: Describe) => (iss: Issue) => describe(fieldLabel(iss.path), iss.input);

/** Reports a failure from inside a transform; the message is made once the path is known. */
export function report(ctx: z.RefinementCtx, input: unknown, describe: Describe): never {
  ctx.issues.push({ code: 'custom', input, params: { describe } });
  return z.NEVER as never;
}

/** The parse-level error function: messages for issues reported by `report`, and plain defaults. */
export function validationMessage(iss: Issue & { params?: { describe?: Describe }; message?: string }): string | undefined {
  const describe = iss.params?.describe;
  if (describe) return describe(fieldLabel(iss.path), iss.input);
  const field = fieldLabel(iss.path);
  if (iss.code === 'invalid_type' && (iss.input === undefined || iss.input === null)) return field === '$' ? 'A non-empty request body is required.' : `The ${field} field is required.`;
  return `The ${field} field is not valid.`;
}

const isBlank = (s: string) => s.trim() === '';
/** Holds a character other than white space, and no NUL (refused anywhere in input). */
export const NOT_BLANK_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
const required = (field: string) => `The ${field} field is required.`;

/** A required string: not blank, at most `max` characters; trimmed. */
export function requiredString(max: number) {
  const schema = z
    .string({ error: say((f, v) => (v === undefined || v === null ? required(f) : `The ${f} field must be a string.`)) })
    .transform((value, ctx) => {
      if (isBlank(value)) return report(ctx, value, required);
      if (value.length > max) return report(ctx, value, (f) => `The ${f} field must be at most ${max} characters.`);
      return value.trim();
    });
  return documentedAs(schema, { type: 'string', minLength: 1, maxLength: max, pattern: NOT_BLANK_PATTERN });
}

/** An optional string or null, at most `max` characters; absent is null. */
export function optionalString(max: number, options: { notBlank?: boolean } = {}) {
  const schema = z
    .string({ error: say((f) => `The ${f} field must be a string or null.`) })
    .transform((value, ctx) => {
      if (options.notBlank && isBlank(value)) return report(ctx, value, (f) => `The ${f} field must not be empty; send null or leave it out.`);
      if (value.length > max) return report(ctx, value, (f) => `The ${f} field must be at most ${max} characters.`);
      return value;
    })
    .nullish()
    .transform((value) => value ?? null);
  return documentedAs(schema, { type: ['string', 'null'], maxLength: max, ...(options.notBlank ? { minLength: 1, pattern: NOT_BLANK_PATTERN } : {}) });
}

const hex = (n: number) => `[0-9A-Fa-f]{${n}}`;
const hyphenatedGuid = [8, 4, 4, 4, 12].map(hex).join('-');
/** The JSON Schema of a GUID the API reads: hyphenated, braced or 32 hex digits, any letter case (as .NET parses them). */
export const guidInputJsonSchema = { type: 'string', format: 'uuid', pattern: `^(${hyphenatedGuid}|\\{${hyphenatedGuid}\\}|${hex(32)})$` } as const;

const notAGuid: Describe = (_f, v) => `The value '${previewValue(v)}' is not a valid GUID.`;

/** A GUID in any form .NET accepts (hyphenated, braced, 32 hex digits, any case), returned lower-case and hyphenated. */
export function guid(describe: Describe = notAGuid) {
  const schema = z
    .string({ error: say((f, v) => (v === undefined ? required(f) : describe(f, v))) })
    .transform((value, ctx) => parseGuid(value) ?? report(ctx, value, describe));
  return documentedAs(schema, guidInputJsonSchema);
}

/** An optional GUID or null; absent is null. */
export function optionalGuid(describe: Describe) {
  const schema = z
    .unknown()
    .optional()
    .transform((value, ctx) => (value === undefined || value === null ? null : (parseGuid(value) ?? report(ctx, value, describe))));
  return documentedAs(schema, { ...guidInputJsonSchema, type: ['string', 'null'] });
}

/** A list of GUIDs or null (absent is null), at most `max`; duplicates collapse; each bad element is filed under `field[i]`. */
export function guidList(max: number) {
  const schema = z
    .array(guid(), { error: say((f) => `The ${f} field must be an array of GUID strings or null.`) })
    .max(max, { error: say((f) => `The ${f} field may hold at most ${max} identifiers.`) })
    .transform((ids) => [...new Set(ids)])
    .nullish()
    .transform((ids) => ids ?? null);
  return documentedAs(schema, { type: ['array', 'null'], maxItems: max, items: guidInputJsonSchema });
}

/** An ISO 8601 date-time (a value without offset is UTC) within years 1..9999. */
export function dateTime() {
  const schema = z
    .string({ error: say((f) => `The ${f} field must be an ISO 8601 date-time string.`) })
    .transform((value, ctx) => {
      const date = parseDateTime(value);
      if (!date) return report(ctx, value, (_f, v) => `The value '${previewValue(v)}' is not a valid ISO 8601 date-time.`);
      if (date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 1) return report(ctx, value, (f) => `The ${f} field is out of range.`);
      return date;
    });
  return documentedAs(schema, { type: 'string', format: 'date-time', minLength: 1 });
}

/** An optional date-time or null; absent is null. */
export function optionalDateTime(description?: string) {
  return documentedAs(dateTime().nullish().transform((value) => value ?? null), {
    type: ['string', 'null'],
    format: 'date-time',
    minLength: 1,
    ...(description ? { description } : {}),
  });
}

/** A regular expression that matches any of `values` in any letter case (JSON Schema patterns have no flags). */
export function caseInsensitivePattern(values: readonly string[]): string {
  const letters = (v: string) => [...v].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return `^(${values.map(letters).join('|')})$`;
}

/** One of `values`, matched in any letter case and returned as written in `values`; absent or null is null. */
export function optionalEnumIgnoringCase<const V extends string>(values: readonly V[]) {
  const describe: Describe = (f) => `The ${f} field must be one of ${values.join(', ')}, or null.`;
  const schema = z.unknown().optional().transform((value, ctx): V | null => {
    if (value === undefined || value === null) return null;
    const match = typeof value === 'string' ? values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) : undefined;
    return match ?? report(ctx, value, describe);
  });
  return documentedAs(schema, { type: ['string', 'null'], pattern: caseInsensitivePattern(values), examples: [values[0]], description: `One of ${values.join(', ')} (any letter case), or null.` });
}

/** A two-letter country code, returned upper-case; absent or null is `fallback`. */
export function countryCode(fallback: string) {
  const describe: Describe = (f) => `The ${f} field must be a two-letter ISO 3166-1 country code.`;
  const schema = z.unknown().optional().transform((value, ctx) => {
    if (value === undefined || value === null) return fallback;
    return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : report(ctx, value, describe);
  });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[A-Za-z]{2}$', default: fallback });
}

// Query and path parameters arrive as strings (absent: undefined). A nullable parameter given as
// `null` (any case) counts as absent, as the spec's "boolean or null", "GUID or null" say.

const isNullLiteral = (raw: string) => raw.trim().toLowerCase() === 'null';

const notValidFor = (what: string): Describe => (f, v) => `The value '${previewValue(v)}' is not valid for ${f}. It must be ${what}.`;

export const INT32_MAX = 2_147_483_647;

/** An int32 query parameter within `min..max`; absent is `fallback`. */
export function queryInt32(rule: { default: number; min: number; max: number }) {
  const schema = z.string().optional().transform((raw, ctx) => {
    if (raw === undefined) return rule.default;
    if (!/^[+-]?\d+$/.test(raw.trim()) || Math.abs(Number(raw)) > INT32_MAX) return report(ctx, raw, notValidFor('an integer'));
    const n = Number(raw);
    if (n < rule.min || n > rule.max) return report(ctx, raw, (f) => `The field ${f} must be between ${rule.min} and ${rule.max}.`);
    return n;
  });
  return documentedAs(schema, { type: 'integer', format: 'int32', minimum: rule.min, maximum: rule.max, default: rule.default });
}

/** A boolean query parameter (`true`/`false`, any case); absent is undefined. */
export function queryBoolean() {
  const schema = z.string().optional().transform((raw, ctx) => {
    if (raw === undefined || isNullLiteral(raw)) return undefined;
    const v = raw.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
    return report(ctx, raw, notValidFor('true or false'));
  });
  return documentedAs(schema, { type: ['boolean', 'null'] });
}

/** A GUID query parameter; absent is undefined. */
export function queryGuid() {
  const schema = z.string().optional().transform((raw, ctx) => (raw === undefined || isNullLiteral(raw) ? undefined : (parseGuid(raw) ?? report(ctx, raw, notValidFor('a GUID')))));
  return documentedAs(schema, { ...guidInputJsonSchema, type: ['string', 'null'] });
}

/** A date or date-time query parameter; absent is undefined. */
export function queryDateTime() {
  const schema = z.string().optional().transform((raw, ctx) => (raw === undefined ? undefined : (parseDateTime(raw) ?? report(ctx, raw, notValidFor('an ISO 8601 date or date-time')))));
  return documentedAs(schema, { type: 'string', format: 'date-time' });
}

/** A non-empty string query parameter of at most `max` characters; absent is undefined. */
export function queryString(max: number) {
  const schema = z.string().optional().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (raw === '') return report(ctx, raw, (f) => `The value of ${f} must not be empty; leave the parameter out instead.`);
    if (raw.length > max) return report(ctx, raw, (f) => `The value of ${f} must be at most ${max} characters.`);
    return raw;
  });
  return documentedAs(schema, { type: 'string', minLength: 1, maxLength: max });
}

/** A GUID path parameter. */
export const pathGuid = () => guid();

/**
 * A JSON object body whose property names match case-insensitively (as ASP.NET model binding
 * does: `ClientId` and `clientId` are one field; the last one given wins, as with two `clientId`s,
 * which JSON parsing resolves to the last); unknown properties are dropped.
 */
export function requestObject<T extends z.ZodRawShape>(shape: T) {
  const names = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name] as const));
  const canonical = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const name = names.get(key.toLowerCase());
      // Keys differing only in letter case count as one key given twice: the last one wins, as JSON's duplicates do.
      if (name !== undefined) out[name] = v;
    }
    return out;
  };
  const notAnObject = say((f, v) => {
    if (v === null && f === '$') return 'The request body must be a JSON object, not null.';
    if (v === undefined || v === null) return f === '$' ? 'A non-empty request body is required.' : required(f);
    return f === '$' ? 'The request body must be a JSON object.' : `The ${f} field must be a JSON object.`;
  });
  return z.preprocess(canonical, z.object(shape, { error: notAnObject }));
}

/** A file sent as the raw body (a route with `encoding: 'raw'`): its bytes, not empty. */
export function fileBody(description: string) {
  return z
    .custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, { message: 'The body must be a file, and not empty.' })
    .describe(description);
}
