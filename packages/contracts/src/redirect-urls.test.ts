import { z } from 'zod/v4';
import { isRegisteredRedirect, redirectUrl, registeredRedirectUrls } from './redirect-urls';
import { validationMessage } from './schema/fields';

const parse = (schema: z.ZodType, value: unknown) => {
  const result = z.safeParse(schema, value, { error: validationMessage });
  return result.success ? { ok: true as const, value: result.data } : { ok: false as const, messages: result.error.issues.map((i) => i.message) };
};

describe('a consent’s redirectUrl', () => {
  it.each([
    ['HTTPS://App.Example.TEST:443/done?x=1', 'https://app.example.test/done?x=1'],
    ['https://app.example.test', 'https://app.example.test/'],
    ['https://app.example.test/a/../b/%2e%2e/c', 'https://app.example.test/c'],
    ['  https://app.example.test/done  ', 'https://app.example.test/done'],
    ['https://bücher.example/done', 'https://xn--bcher-kva.example/done'],
    ['https://app.example.test/users/@me?next=a@b', 'https://app.example.test/users/@me?next=a@b'],
  ])('normalises %s to %s', (input, stored) => expect(parse(redirectUrl(), input)).toEqual({ ok: true, value: stored }));

  it.each([
    ['https://example.com@evil.example/', 'user information'],
    ['https://user:pw@app.example.test/', 'user information'],
    ['https://app.example.test/done\r\nSet-Cookie: a=b', 'control characters'],
    ['https://app.example.test/do\tne', 'control characters'],
    ['https://app.example.test/done#top', 'fragment'],
    ['https://app.example.test/done#', 'fragment'],
    ['javascript:alert(1)', 'absolute http or https URL'],
    ['/done', 'absolute http or https URL'],
  ])('rejects %j (%s)', (input, reason) => {
    const result = parse(redirectUrl(), input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.messages.join()).toContain(reason);
  });
});

describe('registered redirect URLs', () => {
  it('keep origin and path, normalised, without duplicates', () => {
    expect(parse(registeredRedirectUrls, ['HTTPS://App.Example.test:443', 'https://app.example.test/', 'https://app.example.test/cb', 'http://localhost:3000/cb'])).toEqual({
      ok: true,
      value: ['https://app.example.test/', 'https://app.example.test/cb', 'http://localhost:3000/cb'],
    });
  });

  it.each([
    ['http://app.example.test', 'must use https'],
    ['https://app.example.test/cb?x=1', 'must not contain a query'],
    ['https://a@app.example.test', 'user information'],
    ['https://app.example.test/#x', 'fragment'],
    ['ftp://app.example.test', 'absolute http or https URL'],
    [`https://app.example.test/${'a'.repeat(300)}`, 'at most 256 characters'],
    [`https://app.example.test/${'ü'.repeat(60)}`, 'at most 256 characters once normalised'],
  ])('rejects %s (%s)', (input, reason) => {
    const result = parse(registeredRedirectUrls, [input]);
    expect(result.ok ? '' : result.messages.join()).toContain(reason);
  });

  it('are at most ten', () => {
    expect(parse(registeredRedirectUrls, Array.from({ length: 11 }, (_, i) => `https://app${i}.example.test`)).ok).toBe(false);
  });
});

describe('isRegisteredRedirect', () => {
  const registered = ['https://app.example.test/cb', 'https://shop.example.test/', 'http://localhost/dev'];

  it.each([
    'https://app.example.test/cb',
    'https://app.example.test/cb/',
    'https://app.example.test/cb/done?x=1',
    'https://shop.example.test/',
    'https://shop.example.test/anything/below?q',
    'http://localhost:5173/dev/return',
    'http://localhost/dev',
  ])('allows %s', (url) => expect(isRegisteredRedirect(url, registered)).toBe(true));

  it.each([
    'https://app.example.test/cbx',
    'https://app.example.test/',
    'https://app.example.test:8443/cb',
    'http://app.example.test/cb',
    'https://evil.example.test/cb',
    'https://app.example.test.evil.example/cb',
    'https://shop.example.test:444/',
    'http://127.0.0.1:5173/dev',
    'http://localhost:5173/other',
    'not a url',
  ])('refuses %s', (url) => expect(isRegisteredRedirect(url, registered)).toBe(false));

  it('refuses everything when nothing is registered', () => {
    expect(isRegisteredRedirect('https://app.example.test/cb', [])).toBe(false);
  });
});
