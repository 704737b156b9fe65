import { ValidationErrors } from '@obp/core';
import { canonicalBody, parseDateTime, parseGuid, queryBoolean, queryInt32 } from './validation';

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
  it.each(['2030-02-30T00:00:00Z', '2030-13-01T00:00:00Z', '2030-01-01T25:00:00Z', 'tomorrow', '1/2/2030'])('rejects %s', (v) =>
    expect(parseDateTime(v)).toBeUndefined(),
  );
});

describe('query parameters', () => {
  it('reads int32 within bounds, names the parameter otherwise', () => {
    const errors = new ValidationErrors();
    expect(queryInt32({ PAGE: '3' }, 'page', errors, { default: 1, min: 1, max: 10 })).toBe(3);
    expect(queryInt32({}, 'page', errors, { default: 1, min: 1, max: 10 })).toBe(1);
    expect(errors.isEmpty).toBe(true);
    queryInt32({ page: '11' }, 'page', errors, { default: 1, min: 1, max: 10 });
    queryInt32({ size: '1.5' }, 'size', errors, { default: 1, min: 1, max: 10 });
    expect(Object.keys(errors.toFailure().errors)).toEqual(['page', 'size']);
  });
  it('reads booleans in any case; empty means absent', () => {
    const errors = new ValidationErrors();
    expect(queryBoolean({ isExpired: 'TRUE' }, 'isExpired', errors)).toBe(true);
    expect(queryBoolean({ isexpired: 'false' }, 'isExpired', errors)).toBe(false);
    expect(queryBoolean({ isExpired: '' }, 'isExpired', errors)).toBeUndefined();
    expect(errors.isEmpty).toBe(true);
    queryBoolean({ isExpired: 'yes' }, 'isExpired', errors);
    expect(errors.toFailure().errors.isExpired).toHaveLength(1);
  });
});

describe('canonicalBody', () => {
  it('maps names case-insensitively, first one wins, unknown dropped', () => {
    expect(canonicalBody({ CLIENTID: 'a', clientId: 'b', other: 1 }, ['clientId'] as const)).toEqual({ clientId: 'a' });
    expect(canonicalBody([1], ['clientId'] as const)).toBeUndefined();
    expect(canonicalBody('x', ['clientId'] as const)).toBeUndefined();
  });
});
