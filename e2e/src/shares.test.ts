import { randomUUID } from 'node:crypto';
import { startStack, type Stack, type TestClient } from './harness';

let stack: Stack;
let appA: TestClient;
let appB: TestClient;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  stack = await startStack();
  [appA, appB] = [await stack.registerClient(), await stack.registerClient()];
  [tokenA, tokenB] = [await stack.token(appA), await stack.token(appB)];
});
afterAll(() => stack.stop());

const createShare = async (token: string, body: unknown) => {
  const res = await stack.api(token, '/shares', { method: 'POST', json: body });
  return { res, body: (await res.json()) as { data: string } & Record<string, unknown> };
};

describe('POST /shares', () => {
  it('creates a share and returns its id in the identifier envelope', async () => {
    const consentId = randomUUID();
    const before = Date.now();
    const { res, body } = await createShare(tokenA, { clientId: appB.clientId, reference: 'ref-1', consentIds: [consentId] });
    expect(res.status).toBe(200);
    expect(body.data).toMatch(/^[0-9a-f-]{36}$/);

    const got = await stack.api(tokenA, `/shares/${body.data}`, { headers: { accept: 'application/json' } });
    expect(got.status).toBe(200);
    const share = ((await got.json()) as { data: Record<string, unknown> }).data;
    expect(share).toEqual({
      id: body.data,
      clientId: appB.clientId,
      reference: 'ref-1',
      expirationDateUtc: expect.any(String),
      consentIds: [consentId],
      accountIds: null,
      analysisIds: null,
    });
    // Default expiration: one day from the time of the request.
    const expires = Date.parse(share.expirationDateUtc as string);
    expect(expires).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
  });

  it('keeps an explicit expiration, normalised to UTC', async () => {
    const { body } = await createShare(tokenA, { clientId: appB.clientId, expirationDateUtc: '2031-05-01T12:00:00+02:00' });
    const share = (await (await stack.api(tokenA, `/shares/${body.data}`)).json()) as { data: { expirationDateUtc: string } };
    expect(share.data.expirationDateUtc).toBe('2031-05-01T10:00:00.000Z');
  });

  it('matches property names case-insensitively and ignores unknown fields', async () => {
    const { res, body } = await createShare(tokenA, { ClientId: appB.clientId, AccountIds: [randomUUID()], somethingElse: 1 });
    expect(res.status).toBe(200);
    const share = (await (await stack.api(tokenA, `/shares/${body.data}`)).json()) as { data: { clientId: string; accountIds: string[] } };
    expect(share.data.clientId).toBe(appB.clientId);
    expect(share.data.accountIds).toHaveLength(1);
  });

  it.each([
    ['missing clientId', { reference: 'x' }, 'clientId'],
    ['empty clientId', { clientId: '  ' }, 'clientId'],
    ['numeric clientId', { clientId: 42 }, 'clientId'],
    ['bad expiration', { clientId: 'x', expirationDateUtc: 'tomorrow' }, 'expirationDateUtc'],
    ['impossible date', { clientId: 'x', expirationDateUtc: '2030-02-30T00:00:00Z' }, 'expirationDateUtc'],
    ['expiration of wrong type', { clientId: 'x', expirationDateUtc: 123 }, 'expirationDateUtc'],
    ['consentIds not an array', { clientId: 'x', consentIds: 'abc' }, 'consentIds'],
    ['bad GUID in consentIds', { clientId: 'x', consentIds: [randomUUID(), 'not-a-guid'] }, 'consentIds[1]'],
    ['bad GUID in accountIds', { clientId: 'x', accountIds: [12] }, 'accountIds[0]'],
    ['bad GUID in analysisIds', { clientId: 'x', analysisIds: ['zz'] }, 'analysisIds[0]'],
    ['reference of wrong type', { clientId: 'x', reference: {} }, 'reference'],
    ['body is an array', [1, 2], '$'],
    ['body is null', null, '$'],
  ])('rejects %s with a 400 problem naming the field', async (_name, payload, field) => {
    const { res, body } = await createShare(tokenA, payload);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ status: 400, title: expect.any(String), type: expect.any(String), traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(Object.keys(body.errors as object)).toContain(field);
  });

  it('rejects malformed JSON with a 400 problem', async () => {
    const res = await stack.api(tokenA, '/shares', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clientId": ' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.$![0]).toMatch(/not valid JSON/);
  });

  it('rejects an oversized body with 413 and a non-JSON body with 415', async () => {
    const big = await stack.api(tokenA, '/shares', { method: 'POST', json: { clientId: 'x', reference: 'r'.repeat(300_000) } });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { status: number }).status).toBe(413);
    const text = await stack.api(tokenA, '/shares', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'clientId=x' });
    expect(text.status).toBe(415);
  });
});

describe('GET /shares', () => {
  let lister: TestClient;
  let token: string;
  const ids: string[] = [];

  beforeAll(async () => {
    lister = await stack.registerClient();
    token = await stack.token(lister);
    for (let i = 0; i < 5; i++) ids.push((await createShare(token, { clientId: appB.clientId, reference: `n${i}` })).body.data);
    ids.push((await createShare(token, { clientId: appB.clientId, reference: 'expired', expirationDateUtc: '2020-01-01T00:00:00Z' })).body.data);
  });

  it('returns page 1 of up to 50 of the caller’s own shares, oldest first, with no parameters', async () => {
    const res = await stack.api(token, '/shares');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ id: string }>; _pagination: unknown };
    expect(body.data.map((s) => s.id)).toEqual(ids);
    expect(body._pagination).toEqual({ page: 1, size: 50, totalCount: 6, totalPages: 1 });
  });

  it('pages', async () => {
    const body = (await (await stack.api(token, '/shares?page=2&pageSize=4')).json()) as { data: Array<{ id: string }>; _pagination: unknown };
    expect(body.data.map((s) => s.id)).toEqual(ids.slice(4));
    expect(body._pagination).toEqual({ page: 2, size: 4, totalCount: 6, totalPages: 2 });
    const beyond = (await (await stack.api(token, '/shares?page=9&pageSize=4')).json()) as { data: unknown[] };
    expect(beyond.data).toEqual([]);
  });

  it('filters by isExpired', async () => {
    const expired = (await (await stack.api(token, '/shares?isExpired=true')).json()) as { data: Array<{ id: string }>; _pagination: { totalCount: number } };
    expect(expired.data.map((s) => s.id)).toEqual([ids[5]]);
    expect(expired._pagination.totalCount).toBe(1);
    const live = (await (await stack.api(token, '/shares?isExpired=False')).json()) as { data: Array<{ id: string }> };
    expect(live.data.map((s) => s.id)).toEqual(ids.slice(0, 5));
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=100000', 'pageSize'],
    ['page=99999999999', 'page'],
    ['isExpired=maybe', 'isExpired'],
  ])('rejects %s with a 400 problem', async (query, field) => {
    const res = await stack.api(token, `/shares?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual([field]);
  });

  it('never shows another app’s shares', async () => {
    const other = (await (await stack.api(tokenB, '/shares')).json()) as { data: Array<{ id: string }> };
    expect(other.data.map((s) => s.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });
});

describe('GET, PUT, DELETE /shares/{shareId}', () => {
  it('updates the expiration (204), defaulting to one day from now', async () => {
    const { body } = await createShare(tokenA, { clientId: appB.clientId, expirationDateUtc: '2030-01-01T00:00:00Z' });
    const put = await stack.api(tokenA, `/shares/${body.data}`, { method: 'PUT', json: { expirationDateUtc: '2032-03-04T05:06:07Z' } });
    expect(put.status).toBe(204);
    expect(await put.text()).toBe('');
    const after = (await (await stack.api(tokenA, `/shares/${body.data}`)).json()) as { data: { expirationDateUtc: string } };
    expect(after.data.expirationDateUtc).toBe('2032-03-04T05:06:07.000Z');

    const reset = await stack.api(tokenA, `/shares/${body.data}`, { method: 'PUT', json: { expirationDateUtc: null } });
    expect(reset.status).toBe(204);
    const defaulted = (await (await stack.api(tokenA, `/shares/${body.data}`)).json()) as { data: { expirationDateUtc: string } };
    expect(Math.abs(Date.parse(defaulted.data.expirationDateUtc) - (Date.now() + 86_400_000))).toBeLessThan(5_000);

    const noBody = await stack.api(tokenA, `/shares/${body.data}`, { method: 'PUT' });
    expect(noBody.status).toBe(204);
  });

  it('deletes (204), after which the share is 404 and a second delete is 404', async () => {
    const { body } = await createShare(tokenA, { clientId: appB.clientId });
    expect((await stack.api(tokenA, `/shares/${body.data}`, { method: 'DELETE' })).status).toBe(204);
    expect((await stack.api(tokenA, `/shares/${body.data}`)).status).toBe(404);
    expect((await stack.api(tokenA, `/shares/${body.data}`, { method: 'DELETE' })).status).toBe(404);
    expect((await stack.api(tokenA, `/shares/${body.data}`, { method: 'PUT', json: {} })).status).toBe(404);
  });

  it('answers 404 with a plain string body', async () => {
    const id = randomUUID();
    const plain = await stack.api(tokenA, `/shares/${id}`, { headers: { accept: 'text/plain' } });
    expect(plain.status).toBe(404);
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await plain.text()).toBe(`Share ${id} was not found.`);
    const json = await stack.api(tokenA, `/shares/${id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(await json.json()).toBe(`Share ${id} was not found.`);
  });

  it.each(['GET', 'PUT', 'DELETE'])('%s with a bad GUID is a 400 problem naming shareId', async (method) => {
    const res = await stack.api(tokenA, '/shares/not-a-guid', { method, ...(method === 'PUT' ? { json: {} } : {}) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.shareId).toHaveLength(1);
  });

  it('rejects a bad update body with 400', async () => {
    const { body } = await createShare(tokenA, { clientId: appB.clientId });
    const res = await stack.api(tokenA, `/shares/${body.data}`, { method: 'PUT', json: { expirationDateUtc: 'soon' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.expirationDateUtc).toBeDefined();
  });

  it('never lets another app read, change or delete a share', async () => {
    const { body } = await createShare(tokenA, { clientId: appB.clientId });
    const id = body.data;
    expect((await stack.api(tokenB, `/shares/${id}`)).status).toBe(404);
    expect((await stack.api(tokenB, `/shares/${id}`, { method: 'PUT', json: { expirationDateUtc: '2040-01-01T00:00:00Z' } })).status).toBe(404);
    expect((await stack.api(tokenB, `/shares/${id}`, { method: 'DELETE' })).status).toBe(404);
    const still = (await (await stack.api(tokenA, `/shares/${id}`)).json()) as { data: { expirationDateUtc: string } };
    expect(still.data.expirationDateUtc).not.toBe('2040-01-01T00:00:00.000Z');
  });

  it('answers 405 for a method the resource does not have', async () => {
    const res = await stack.api(tokenA, '/shares', { method: 'PATCH', json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});
