import { z } from 'zod/v4';
import { createConsentBody } from '../consents';
import { createShareBody } from '../shares';
import { fieldName, queryBoolean, queryGuid, queryInt32, queryString, requestObject, requiredString, validationMessage } from './fields';
import { parseDateTime, parseGuid } from './parse';

/** Parses like the HTTP kit does: messages per field name. */
function parse(schema: z.ZodType, value: unknown) {
  const result = z.safeParse(schema, value, { error: validationMessage });
  if (result.success) return { ok: true as const, value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return { ok: false as const, errors };
}

describe('parseGuid', () => {
  it.each([
    ['3F2504E0-4F89-11D3-9A0C-0305E82C3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
    ['{3f2504e0-4f89-11d3-9a0c-0305e82c3301}', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
    ['3f2504e04f8911d39a0c0305e82c3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
  ])('accepts %s', (input, expected) => expect(parseGuid(input)).toBe(expected));
  it.each(['', 'abc', '3f2504e0-4f89-11d3-9a0c-0305e82c330', '3f2504e0-4f89-11d3-9a0c-0305e82c33011', 42, null])('rejects %p', (input) =>
    expect(parseGuid(input)).toBeUndefined(),
  );
});

describe('parseDateTime', () => {
  it('reads offsets and defaults to UTC', () => {
    expect(parseDateTime('2030-01-02T03:04:05Z')?.toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(parseDateTime('2030-01-02T03:04:05+02:00')?.toISOString()).toBe('2030-01-02T01:04:05.000Z');
    expect(parseDateTime('2030-01-02T03:04:05.1234567')?.toISOString()).toBe('2030-01-02T03:04:05.123Z');
    expect(parseDateTime('2030-01-02')?.toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });
  it.each(['2030-02-30T00:00:00Z', '2030-13-01T00:00:00Z', '2030-01-01T25:00:00Z', 'tomorrow', '1/2/2030', ''])('rejects %p', (v) => expect(parseDateTime(v)).toBeUndefined());
});

describe('query parameters', () => {
  const page = queryInt32({ default: 1, min: 1, max: 10 });
  it('reads int32 within bounds and defaults when absent; names the parameter otherwise', () => {
    expect(parse(z.object({ page }), { page: '3' })).toEqual({ ok: true, value: { page: 3 } });
    expect(parse(z.object({ page }), {})).toEqual({ ok: true, value: { page: 1 } });
    expect(parse(z.object({ page, size: page }), { page: '11', size: '1.5' })).toEqual({
      ok: false,
      errors: { page: ['The field page must be between 1 and 10.'], size: ["The value '1.5' is not valid for size. It must be an integer."] },
    });
  });
  it('reads booleans in any case; any other value, the empty one included, names the parameter', () => {
    const isExpired = queryBoolean();
    expect(parse(z.object({ isExpired }), { isExpired: 'TRUE' })).toEqual({ ok: true, value: { isExpired: true } });
    expect(parse(z.object({ isExpired }), { isExpired: 'false' })).toEqual({ ok: true, value: { isExpired: false } });
    expect(parse(z.object({ isExpired }), {})).toEqual({ ok: true, value: { isExpired: undefined } });
    expect(parse(z.object({ isExpired }), { isExpired: 'NULL' })).toEqual({ ok: true, value: { isExpired: undefined } });
    expect(parse(z.object({ isExpired }), { isExpired: 'yes' })).toMatchObject({ ok: false, errors: { isExpired: [expect.any(String)] } });
    expect(parse(z.object({ isExpired }), { isExpired: '' })).toMatchObject({ ok: false, errors: { isExpired: [expect.any(String)] } });
  });
  it('rejects an empty GUID or string parameter instead of treating it as absent (the document says it must be one)', () => {
    expect(parse(z.object({ UserId: queryGuid() }), { UserId: '' })).toEqual({ ok: false, errors: { UserId: ["The value '' is not valid for UserId. It must be a GUID."] } });
    expect(parse(z.object({ UserId: queryGuid() }), { UserId: 'null' })).toEqual({ ok: true, value: { UserId: undefined } });
    expect(parse(z.object({ ExternalUserId: queryString(10) }), { ExternalUserId: '' })).toMatchObject({ ok: false, errors: { ExternalUserId: [expect.any(String)] } });
  });
});

describe('request bodies', () => {
  it('match property names case-insensitively, the last one given wins (as with exact duplicates), unknown ones dropped', () => {
    const body = requestObject({ clientId: requiredString(10) });
    expect(parse(body, { CLIENTID: 'a', clientId: 'b', other: 1 })).toEqual({ ok: true, value: { clientId: 'b' } });
    expect(parse(body, JSON.parse('{"clientId":"a","clientid":"b"}'))).toEqual(parse(body, JSON.parse('{"clientId":"a","clientId":"b"}')));
    expect(parse(body, [1])).toEqual({ ok: false, errors: { $: ['The request body must be a JSON object.'] } });
    expect(parse(body, null)).toEqual({ ok: false, errors: { $: ['The request body must be a JSON object, not null.'] } });
    expect(parse(body, undefined)).toEqual({ ok: false, errors: { $: ['A non-empty request body is required.'] } });
  });

  it('create-share: builds the request, de-duplicating and lower-casing ids', () => {
    const id = 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE';
    expect(parse(createShareBody, { clientId: ' partner ', consentIds: [id, id.toLowerCase()], expirationDateUtc: null })).toEqual({
      ok: true,
      value: { clientId: 'partner', reference: null, expirationDateUtc: null, consentIds: ['aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee'], accountIds: null, analysisIds: null },
    });
  });

  it('create-share: reports every invalid field at once', () => {
    const result = parse(createShareBody, { clientId: 1, reference: 2, expirationDateUtc: 'x', consentIds: ['bad'], accountIds: 'no' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['accountIds', 'clientId', 'consentIds[0]', 'expirationDateUtc', 'reference']);
  });

  it('create-share: limits list sizes and lengths', () => {
    const many = Array.from({ length: 1001 }, () => '3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    const result = parse(createShareBody, { clientId: 'x'.repeat(201), analysisIds: many });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['analysisIds', 'clientId']);
  });

  it('rejects the empty strings its document rules out', () => {
    expect(parse(createShareBody, { clientId: 'x', expirationDateUtc: '' })).toMatchObject({ ok: false, errors: { expirationDateUtc: [expect.any(String)] } });
    expect(parse(createConsentBody, { providerKey: '', redirectUrl: 'https://example.com' })).toEqual({ ok: false, errors: { providerKey: ['The providerKey field is required.'] } });
  });

  it('never builds a message from an unbounded value: 5,000 nested arrays are one bounded message', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(parse(createShareBody, { clientId: 'a', consentIds: deep })).toEqual({ ok: false, errors: { 'consentIds[0]': ["The value '[array]' is not a valid GUID."] } });
    const long = 'y'.repeat(10_000);
    const result = parse(createShareBody, { clientId: 'a', consentIds: [long] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['consentIds[0]']![0]!.length).toBeLessThan(200);
  });

  it('create-consent: defaults the country, matches syncMode in any case and names every invalid field', () => {
    expect(parse(createConsentBody, { providerKey: 'sandbox-retail', redirectUrl: 'https://x.test/a', syncMode: 'manual', countryCode: 'nl' })).toEqual({
      ok: true,
      value: { providerKey: 'sandbox-retail', countryCode: 'NL', userId: null, externalUserId: null, redirectUrl: 'https://x.test/a', syncMode: 'Manual', psuId: null },
    });
    expect(parse(createConsentBody, { providerKey: 'bank-nl', redirectUrl: 'https://x.test/a', psuIpAddress: '2001:db8::7', psuId: 'anna.j' })).toMatchObject({ ok: true, value: { psuIpAddress: '2001:db8::7', psuId: 'anna.j' } });
    const invalid = parse(createConsentBody, { providerKey: '', redirectUrl: 'nope', userId: 5, syncMode: 1, psuIpAddress: '300.1.2.3', psuId: ' ' });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(Object.keys(invalid.errors).sort()).toEqual(['providerKey', 'psuId', 'psuIpAddress', 'redirectUrl', 'syncMode', 'userId']);
  });
});
