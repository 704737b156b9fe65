import { createConsent } from '../consent-helpers';
import type { Stack } from '../harness';
import { sharedStack } from '../shared-stack';

/** GET and PUT /apps/me: the calling app's registration, its redirect URLs editable by the app itself. */
describe('the app’s own registration', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await sharedStack();
  });

  type App = { clientId: string; name: string; scopes: string[]; directProviderFlow: boolean; redirectUrls: string[]; rateLimit: { burst: number; perSecond: number }; rateLimitIsDefault: boolean; usage: { limit: number; remaining: number; resetSeconds: number } | null };
  const read = async (token: string) => ((await (await stack.api(token, '/apps/me')).json()) as { data: App }).data;

  it('shows the app its registration, its rate limit and what is left of it now', async () => {
    const own = await stack.registerClient(['customer-api'], { rateLimit: { burst: 40, perSecond: 2 }, redirectUrls: ['https://own.example.test/back'] });
    const token = await stack.token(own);
    const first = await read(token);
    expect(first).toEqual({
      clientId: own.clientId,
      name: own.clientId,
      scopes: ['customer-api'],
      directProviderFlow: true,
      redirectUrls: ['https://own.example.test/back'],
      rateLimit: { burst: 40, perSecond: 2 },
      rateLimitIsDefault: false,
      usage: { limit: 40, remaining: expect.any(Number), resetSeconds: expect.any(Number) },
      createdAt: expect.any(String),
    });
    // Each request takes one of the bucket, this one too.
    const second = await read(token);
    expect(second.usage!.remaining).toBeLessThan(first.usage!.remaining);
    const byDefault = await read(await stack.token(await stack.registerClient()));
    expect(byDefault).toMatchObject({ rateLimitIsDefault: true, rateLimit: { burst: expect.any(Number), perSecond: expect.any(Number) } });
  });

  it('replaces the redirect URLs with the admin registration’s rules; tokens issued after it carry the new ones', async () => {
    const own = await stack.registerClient(['customer-api'], { redirectUrls: ['https://before.example.test'] });
    const token = await stack.token(own);
    const put = (redirectUrls: unknown) => stack.api(token, '/apps/me', { method: 'PUT', json: { redirectUrls } });

    for (const [urls, message] of [
      [['http://plain.example.test/back'], 'must use https'],
      [['https://after.example.test/back?x=1'], 'must not contain a query'],
      [Array.from({ length: 11 }, (_, i) => `https://n${i}.example.test`), 'up to 10 URLs'],
      ['https://after.example.test', 'must be an array'],
    ] as const) {
      const refused = await put(urls);
      expect(refused.status).toBe(400);
      const problem = (await refused.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(problem.errors).every((field) => field.startsWith('redirectUrls'))).toBe(true);
      expect(Object.values(problem.errors).flat().join(' ')).toContain(message);
    }
    expect((await read(token)).redirectUrls).toEqual(['https://before.example.test']);

    const saved = await put(['https://after.example.test/back', 'https://after.example.test/back', 'http://localhost:3000/cb']);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: App }).data.redirectUrls).toEqual(['https://after.example.test/back', 'http://localhost:3000/cb']);
    expect((await read(token)).redirectUrls).toEqual(['https://after.example.test/back', 'http://localhost:3000/cb']);

    // The token issued before the change still carries the old list; a new one the new list.
    const after = 'https://after.example.test/back/done';
    expect((await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: after } })).status).toBe(400);
    const fresh = await stack.token(own);
    expect((await createConsent(stack, fresh, { redirectUrl: after })).consentUrl).toEqual(expect.any(String));
  });
});
