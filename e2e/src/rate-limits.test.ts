import { waitFor } from '@obp/testkit';
import { startStack, type Stack } from './harness';

let stack: Stack;

// Small token-request limits for this file; a claim the loaded store answers slowly must not count as won here.
beforeAll(async () => {
  stack = await startStack({ edgeEnv: { TOKEN_RATE_LIMIT_BURST: '3', TOKEN_RATE_LIMIT_PER_SECOND: '0.1', RATE_LIMIT_CLAIM_TIMEOUT_MS: '10000' } });
});
afterAll(() => stack.stop());

interface Problem {
  status: number;
  code?: string;
  detail?: string;
}

/** Registers an app through the admin route, with its own limit, and gets its token. */
async function appWithLimit(rateLimit: { burst: number; perSecond: number }): Promise<{ clientId: string; token: string }> {
  const res = await fetch(`${stack.baseUrl}/admin/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: ['customer-api'], rateLimit }),
  });
  expect(res.status).toBe(201);
  const client = (await res.json()) as { clientId: string; clientSecret: string; rateLimit: unknown };
  expect(client.rateLimit).toEqual(rateLimit);
  return { clientId: client.clientId, token: await stack.token(client) };
}

const integer = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : NaN);

/** Requests until the first 429 (at most `max`); the answers in order. */
async function untilRefused(send: () => Promise<Response>, max: number): Promise<Response[]> {
  const answers: Response[] = [];
  while (answers.length < max) {
    const res = await send();
    answers.push(res);
    if (res.status === 429) break;
  }
  return answers;
}

describe('rate limits at the edge', () => {
  it('lets an app’s burst through, then answers 429 with Retry-After and the RateLimit headers; the bucket refills', async () => {
    // A block of one token every 20 s: however slow a loaded machine makes the burst, at most one more enters.
    const app = await appWithLimit({ burst: 3, perSecond: 0.05 });
    const answers = await untilRefused(() => stack.api(app.token, '/shares'), 6);
    const passed = answers.filter((res) => res.status === 200);
    expect(passed.length).toBeGreaterThanOrEqual(3);
    expect(passed.length).toBeLessThanOrEqual(4);
    for (const res of passed) {
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(integer(res.headers.get('ratelimit-remaining'))).toBeLessThan(3);
      expect(integer(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }

    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(integer(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(integer(refused.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect((await refused.json()) as Problem).toMatchObject({ status: 429, code: 'rate_limited', detail: expect.stringContaining('rate limit') });

    await waitFor(async () => ((await stack.api(app.token, '/shares')).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 500, what: 'the bucket to refill' });
  });

  it('limits each app on its own: another app keeps the default limit', async () => {
    const spent = await appWithLimit({ burst: 1, perSecond: 0.1 });
    await untilRefused(() => stack.api(spent.token, '/shares'), 4);
    const other = await stack.registerClient();
    const res = await stack.api(await stack.token(other), '/shares');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('200');
    expect(res.headers.get('ratelimit-remaining')).toBe('199');
  });

  it('carries the RateLimit headers on an answer the service refused, and none before the token is checked', async () => {
    const app = await appWithLimit({ burst: 50, perSecond: 10 });
    const missing = await stack.api(app.token, '/shares/not-a-guid');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('ratelimit-limit')).toBe('50');
    const anonymous = await fetch(`${stack.baseUrl}/shares`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('ratelimit-limit')).toBeNull();
  });

  it('shares an app’s budget between two edge instances on one store', async () => {
    const second = await stack.startEdgeReplica();
    // A block of one token every 100 s: the budget is the burst of 4, whichever instance is asked.
    const app = await appWithLimit({ burst: 4, perSecond: 0.01 });
    const viaSecond = (path: string) => fetch(`${second}${path}`, { headers: { authorization: `Bearer ${app.token}` } });
    const statuses: Array<{ edge: string; status: number }> = [];
    for (let i = 0; i < 5; i++) {
      statuses.push({ edge: 'first', status: (await stack.api(app.token, '/shares')).status });
      statuses.push({ edge: 'second', status: (await viaSecond('/shares')).status });
    }
    const passed = statuses.filter((s) => s.status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(4);
    // One edge alone would let 4 through, so two would let 8 through if they did not share.
    expect(passed).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s.edge === 'first').at(-1)!.status).toBe(429);
    expect(statuses.filter((s) => s.edge === 'second').at(-1)!.status).toBe(429);
  });
});

describe('token requests', () => {
  const tokenRequest = (body: Record<string, string>) => fetch(`${stack.baseUrl}/connect/token`, { method: 'POST', body: new URLSearchParams(body) });

  it('are limited per client id presented (an unknown one too): 429 with Retry-After; other client ids go on', async () => {
    const guessed = { grant_type: 'client_credentials', client_id: 'someone-else', client_secret: 'guess' };
    const answers = await untilRefused(() => tokenRequest(guessed), 6);
    expect(answers.slice(0, 3).map((res) => res.status)).toEqual([401, 401, 401]);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(integer(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()) as Problem).toMatchObject({ status: 429, code: 'rate_limited' });

    const other = await stack.registerClient();
    await expect(stack.token(other)).resolves.toEqual(expect.any(String));
  });

  it('cannot be spent for an app by a caller elsewhere: the client id’s bucket is per address', async () => {
    const app = await stack.registerClient();
    // The edge trusts X-Forwarded-For from loopback, as from the load balancer in front of it.
    const from = (address: string, secret: string) =>
      fetch(`${stack.baseUrl}/connect/token`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: secret }),
      });
    const attacker = await untilRefused(() => from('2001:db8:1:2::7', 'guess'), 6);
    expect(attacker.at(-1)!.status).toBe(429);
    // Another host of the attacker's /64 shares its bucket; the app's own address does not.
    expect((await from('2001:db8:1:2:ffff::1', 'guess')).status).toBe(429);
    expect((await from('198.51.100.20', app.clientSecret)).status).toBe(200);
  });
});
