import { randomUUID } from 'node:crypto';
import { collect, type paths, type PlatformClient } from '@obp/client';
import { waitFor } from '@obp/testkit';
import { connectedConsent, seenBy } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

describe('shares', () => {
  let stack: Stack;
  let appA: TestClient;
  let appB: TestClient;
  let tokenA: string;
  let tokenB: string;
  let apiA: PlatformClient;

  beforeAll(async () => {
    stack = await sharedStack();
    [appA, appB] = [await stack.registerClient(), await stack.registerClient()];
    [tokenA, tokenB] = [await stack.token(appA), await stack.token(appB)];
    apiA = stack.clientWithToken(tokenA);
  });

  type CreateShareBody = paths['/shares']['post']['requestBody']['content']['application/json'];

  /** Creates a share through the generated client (a 2xx, or it throws) and returns its id. */
  async function createShare(api: PlatformClient, body: CreateShareBody) {
    const { data } = await api.POST('/shares', { body });
    return data.data;
  }

  /** A create the types would refuse (invalid or misnamed fields), sent as raw HTTP. */
  const createShareRaw = async (token: string, body: unknown) => {
    const res = await stack.api(token, '/shares', { method: 'POST', json: body });
    return { res, body: (await res.json()) as { data: string } & Record<string, unknown> };
  };

  describe('POST /shares', () => {
    it('creates a share and returns its id in the identifier envelope', async () => {
      const consentId = randomUUID();
      const before = Date.now();
      const { data: created, response } = await apiA.POST('/shares', { body: { clientId: appB.clientId, reference: 'ref-1', consentIds: [consentId] } });
      expect(response.status).toBe(200);
      expect(created.data).toMatch(/^[0-9a-f-]{36}$/);

      const { data: got, response: gotResponse } = await apiA.GET('/shares/{shareId}', { params: { path: { shareId: created.data } } });
      expect(gotResponse.status).toBe(200);
      const share = got.data;
      expect(share).toEqual({
        id: created.data,
        clientId: appB.clientId,
        reference: 'ref-1',
        expirationDateUtc: expect.any(String),
        consentIds: [consentId],
        accountIds: null,
        analysisIds: null,
      });
      // Default expiration: one day from the time of the request.
      const expires = Date.parse(share!.expirationDateUtc);
      expect(expires).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
    });

    it('keeps an explicit expiration, normalised to UTC', async () => {
      const shareId = await createShare(apiA, { clientId: appB.clientId, expirationDateUtc: '2031-05-01T12:00:00+02:00' });
      const { data: share } = await apiA.GET('/shares/{shareId}', { params: { path: { shareId } } });
      expect(share.data?.expirationDateUtc).toBe('2031-05-01T10:00:00.000Z');
    });

    it('matches property names case-insensitively and ignores unknown fields', async () => {
      // Raw HTTP: the generated types would refuse these names.
      const { res, body } = await createShareRaw(tokenA, { ClientId: appB.clientId, AccountIds: [randomUUID()], somethingElse: 1 });
      expect(res.status).toBe(200);
      const { data: share } = await apiA.GET('/shares/{shareId}', { params: { path: { shareId: body.data } } });
      expect(share.data?.clientId).toBe(appB.clientId);
      expect(share.data?.accountIds).toHaveLength(1);
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
      const { res, body } = await createShareRaw(tokenA, payload);
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

  describe('POST /shares naming consents and accounts', () => {
    let consentOfA: string;
    let accountsOfA: string[];

    beforeAll(async () => {
      ({ consentId: consentOfA } = await connectedConsent(stack, tokenA, { externalUserId: `shared-${randomUUID()}` }));
      accountsOfA = (await apiA.GET('/consents/{id}/accounts', { params: { path: { id: consentOfA } } })).data.data.map((a) => a.id);
      expect(accountsOfA.length).toBeGreaterThan(0);
      await seenBy(stack.share.consentOwners, consentOfA, accountsOfA);
    });

    const sharesOf = async (token: string) => {
      const api = stack.clientWithToken(token);
      return (await collect(api.paginate((page) => api.GET('/shares', { params: { query: { page, pageSize: 500 } } })))).map((s) => s.id);
    };

    it("refuses another app's consent or account with a 422 naming each field, and makes no share", async () => {
      const before = await sharesOf(tokenB);
      const own = randomUUID();
      const { res, body } = await createShareRaw(tokenB, { clientId: appA.clientId, consentIds: [own, consentOfA], accountIds: [accountsOfA[0]] });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(body).toMatchObject({ status: 422, errors: { 'consentIds[1]': [expect.stringContaining(consentOfA)], 'accountIds[0]': [expect.stringContaining(accountsOfA[0]!)] } });
      expect(Object.keys(body.errors as object).sort()).toEqual(['accountIds[0]', 'consentIds[1]']);
      expect(await sharesOf(tokenB)).toEqual(before);
    });

    it('refuses them also when the owner shared them with the app: a share opens only its owner’s own data, not again to a third', async () => {
      await createShare(apiA, { clientId: appB.clientId, consentIds: [consentOfA] });
      const { res, body } = await createShareRaw(tokenB, { clientId: 'a-third-app', consentIds: [consentOfA] });
      expect(res.status).toBe(422);
      expect(Object.keys(body.errors as object)).toEqual(['consentIds[0]']);
    });

    it('shares the app’s own consent and accounts, and takes ids the service does not know (a consent made a moment ago may not have reached it)', async () => {
      const unknown = randomUUID();
      const shareId = await createShare(apiA, { clientId: appB.clientId, consentIds: [consentOfA, unknown], accountIds: accountsOfA });
      const { data } = await apiA.GET('/shares/{shareId}', { params: { path: { shareId } } });
      expect(data.data).toMatchObject({ consentIds: [consentOfA, unknown], accountIds: accountsOfA });
      // The grant reaches the consent service: app B reads the consent.
      await waitFor(async () => (await stack.api(tokenB, `/consents/${consentOfA}`)).status === 200, { what: 'the grant to reach the consent service' });
    });
  });

  describe('GET /shares', () => {
    let lister: TestClient;
    let token: string;
    let api: PlatformClient;
    const ids: string[] = [];

    beforeAll(async () => {
      lister = await stack.registerClient();
      token = await stack.token(lister);
      api = stack.clientWithToken(token);
      for (let i = 0; i < 5; i++) ids.push(await createShare(api, { clientId: appB.clientId, reference: `n${i}` }));
      ids.push(await createShare(api, { clientId: appB.clientId, reference: 'expired', expirationDateUtc: '2020-01-01T00:00:00Z' }));
    });

    it('returns page 1 of up to 50 of the caller’s own shares, oldest first, with no parameters', async () => {
      const { data: body, response } = await api.GET('/shares');
      expect(response.status).toBe(200);
      expect(body.data?.map((s) => s.id)).toEqual(ids);
      expect(body._pagination).toEqual({ page: 1, size: 50, totalCount: 6, totalPages: 1 });
    });

    it('pages', async () => {
      const { data: body } = await api.GET('/shares', { params: { query: { page: 2, pageSize: 4 } } });
      expect(body.data?.map((s) => s.id)).toEqual(ids.slice(4));
      expect(body._pagination).toEqual({ page: 2, size: 4, totalCount: 6, totalPages: 2 });
      const { data: beyond } = await api.GET('/shares', { params: { query: { page: 9, pageSize: 4 } } });
      expect(beyond.data).toEqual([]);
      // Every page through the client's paginate: all six, in order.
      const all = await collect(api.paginate((page) => api.GET('/shares', { params: { query: { page, pageSize: 4 } } })));
      expect(all.map((s) => s.id)).toEqual(ids);
    });

    it('filters by isExpired', async () => {
      const { data: expired } = await api.GET('/shares', { params: { query: { isExpired: true } } });
      expect(expired.data?.map((s) => s.id)).toEqual([ids[5]]);
      expect(expired._pagination.totalCount).toBe(1);
      // Raw HTTP: the query value is matched case-insensitively, which the client (sending `false`) would not show.
      const live = (await (await stack.api(token, '/shares?isExpired=False')).json()) as { data: Array<{ id: string }> };
      expect(live.data.map((s) => s.id)).toEqual(ids.slice(0, 5));
      const { data: notExpired } = await api.GET('/shares', { params: { query: { isExpired: false } } });
      expect(notExpired.data?.map((s) => s.id)).toEqual(ids.slice(0, 5));
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
      const { data: other } = await stack.clientWithToken(tokenB).GET('/shares');
      expect(other.data?.map((s) => s.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    });
  });

  describe('GET, PUT, DELETE /shares/{shareId}', () => {
    it('updates the expiration (204), defaulting to one day from now', async () => {
      const shareId = await createShare(apiA, { clientId: appB.clientId, expirationDateUtc: '2030-01-01T00:00:00Z' });
      const path = { shareId };
      const put = await apiA.PUT('/shares/{shareId}', { params: { path }, body: { expirationDateUtc: '2032-03-04T05:06:07Z' } });
      expect(put.response.status).toBe(204);
      expect(put.data).toBeUndefined();
      expect(await put.response.text()).toBe('');
      const { data: after } = await apiA.GET('/shares/{shareId}', { params: { path } });
      expect(after.data?.expirationDateUtc).toBe('2032-03-04T05:06:07.000Z');

      const reset = await apiA.PUT('/shares/{shareId}', { params: { path }, body: { expirationDateUtc: null } });
      expect(reset.response.status).toBe(204);
      const { data: defaulted } = await apiA.GET('/shares/{shareId}', { params: { path } });
      expect(Math.abs(Date.parse(defaulted.data!.expirationDateUtc) - (Date.now() + 86_400_000))).toBeLessThan(5_000);

      const noBody = await apiA.PUT('/shares/{shareId}', { params: { path } });
      expect(noBody.response.status).toBe(204);
    });

    it('deletes (204), after which the share is 404 and a second delete is 404', async () => {
      const path = { shareId: await createShare(apiA, { clientId: appB.clientId }) };
      expect((await apiA.DELETE('/shares/{shareId}', { params: { path } })).response.status).toBe(204);
      await expect(apiA.GET('/shares/{shareId}', { params: { path } })).rejects.toMatchObject({ status: 404 });
      await expect(apiA.DELETE('/shares/{shareId}', { params: { path } })).rejects.toMatchObject({ status: 404 });
      await expect(apiA.PUT('/shares/{shareId}', { params: { path }, body: {} })).rejects.toMatchObject({ status: 404 });
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
      const shareId = await createShare(apiA, { clientId: appB.clientId });
      const res = await stack.api(tokenA, `/shares/${shareId}`, { method: 'PUT', json: { expirationDateUtc: 'soon' } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.expirationDateUtc).toBeDefined();
    });

    it('never lets another app read, change or delete a share', async () => {
      const id = await createShare(apiA, { clientId: appB.clientId });
      expect((await stack.api(tokenB, `/shares/${id}`)).status).toBe(404);
      expect((await stack.api(tokenB, `/shares/${id}`, { method: 'PUT', json: { expirationDateUtc: '2040-01-01T00:00:00Z' } })).status).toBe(404);
      expect((await stack.api(tokenB, `/shares/${id}`, { method: 'DELETE' })).status).toBe(404);
      const { data: still } = await apiA.GET('/shares/{shareId}', { params: { path: { shareId: id } } });
      expect(still.data?.expirationDateUtc).not.toBe('2040-01-01T00:00:00.000Z');
    });

    it('answers 405 for a method the resource does not have', async () => {
      const res = await stack.api(tokenA, '/shares', { method: 'PATCH', json: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, POST');
    });
  });
});
