import { randomUUID } from 'node:crypto';
import { feedbackBody } from '../feedback-helpers';
import { jobBody } from '../analysis-helpers';
import { redirectUrl } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

/** A creating POST, a body for it that carries `marker`, and how many of the app's resources carry a marker. */
interface Create {
  name: string;
  path: string;
  status: number;
  body(marker: string): Record<string, unknown>;
  /** Another body with the same marker (one field changed). Bodies are the same for the same marker. */
  otherBody(marker: string): Record<string, unknown>;
  count(token: string, marker: string): Promise<number>;
}

interface Answer {
  status: number;
  body: unknown;
  location: string | null;
  replayed: string | null;
}

describe('idempotent creates through the edge (Idempotency-Key on every creating POST)', () => {
  let stack: Stack;
  let app: TestClient;
  let token: string;
  let otherToken: string;
  const consentId = randomUUID();
  const accountId = randomUUID();

  beforeAll(async () => {
    stack = await sharedStack();
    app = await stack.registerClient();
    token = await stack.token(app);
    otherToken = await stack.token(await stack.registerClient());
  });

  const list = async <T>(token: string, path: string): Promise<T[]> => {
    const res = await stack.api(token, path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return ((await res.json()) as { data: T[] | null }).data ?? [];
  };

  const creates: Create[] = [
    {
      name: 'shares',
      path: '/shares',
      status: 200,
      body: (marker) => ({ clientId: 'partner-app', reference: marker }),
      otherBody: (marker) => ({ clientId: 'another-partner-app', reference: marker }),
      count: async (t, marker) => (await list<{ reference: string | null }>(t, '/shares?pageSize=100')).filter((s) => s.reference === marker).length,
    },
    {
      name: 'consents',
      path: '/consents',
      status: 201,
      body: (marker) => ({ providerKey: 'sandbox-retail', redirectUrl, externalUserId: marker }),
      otherBody: (marker) => ({ providerKey: 'sandbox-business', redirectUrl, externalUserId: marker }),
      count: async (t, marker) => (await list(t, `/consents?ExternalUserId=${marker}`)).length,
    },
    {
      name: 'analysis jobs',
      path: '/analysis-jobs',
      status: 201,
      body: (marker) => jobBody([consentId], { Reference: marker, Engine: 'z2' }),
      otherBody: (marker) => jobBody([consentId], { Reference: marker, Engine: 'e1' }),
      count: async (t, marker) => (await list(t, `/analysis-jobs?reference=${marker}`)).length,
    },
    {
      name: 'webhook endpoints',
      path: '/webhooks',
      status: 201,
      body: (marker) => ({ url: 'http://127.0.0.1:9/idempotent', events: ['categorization-feedback.reviewed'], description: marker }),
      otherBody: (marker) => ({ url: 'http://127.0.0.1:9/other', events: ['categorization-feedback.reviewed'], description: marker }),
      count: async (t, marker) => (await list<{ description: string | null }>(t, '/webhooks?pageSize=100')).filter((w) => w.description === marker).length,
    },
    {
      name: 'categorization feedback',
      path: '/v2/categorization-feedback',
      status: 202,
      body: (marker) => feedbackBody({ transactionId: consentId, accountId, remark: marker }),
      otherBody: (marker) => feedbackBody({ transactionId: consentId, accountId, remark: marker, targetCategory: 'expenses.transport.fuel' }),
      count: async (t, marker) => (await list<{ remark: string | null }>(t, '/v2/categorization-feedback?pageSize=500')).filter((f) => f.remark === marker).length,
    },
  ];

  const post = async (create: Create, t: string, body: unknown, key?: string): Promise<Answer> => {
    const res = await stack.api(t, create.path, { method: 'POST', json: body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
    return { status: res.status, body: await res.json(), location: res.headers.get('location'), replayed: res.headers.get('idempotent-replayed') };
  };

  describe.each(creates)('$name', (create) => {
    it('answers a retry with the same key and body with the first answer (replayed), and creates one; another body is a 422 naming the header', async () => {
      const marker = `idem-${randomUUID()}`;
      const key = randomUUID();
      const first = await post(create, token, create.body(marker), key);
      expect(first).toMatchObject({ status: create.status, replayed: null });
      expect(first.location).toMatch(new RegExp(`^${create.path}/`));
      const again = await post(create, token, create.body(marker), key);
      expect(again).toEqual({ ...first, replayed: 'true' });
      expect(await create.count(token, marker)).toBe(1);

      const other = await post(create, token, create.otherBody(marker), key);
      expect(other.status).toBe(422);
      expect(Object.keys((other.body as { errors: object }).errors)).toEqual(['Idempotency-Key']);
      expect(await create.count(token, marker)).toBe(1);
    });

    it('creates twice without a key; the same key of two apps is two requests', async () => {
      const marker = `idem-${randomUUID()}`;
      for (let i = 0; i < 2; i++) expect((await post(create, token, create.body(marker))).status).toBe(create.status);
      expect(await create.count(token, marker)).toBe(2);

      const key = randomUUID();
      const [mine, theirs] = [await post(create, token, create.body(`${marker}-k`), key), await post(create, otherToken, create.body(`${marker}-k`), key)];
      expect([mine.status, theirs.status, mine.replayed, theirs.replayed]).toEqual([create.status, create.status, null, null]);
      expect(theirs.location).not.toBe(mine.location);
      expect([await create.count(token, `${marker}-k`), await create.count(otherToken, `${marker}-k`)]).toEqual([1, 1]);
    });

    it('creates one for concurrent requests with one key, and every one answers with it', async () => {
      const marker = `idem-${randomUUID()}`;
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(create, token, create.body(marker), key)));
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(create.status));
      expect(new Set(answers.map((a) => a.location)).size).toBe(1);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await create.count(token, marker)).toBe(1);
    });
  });
});
