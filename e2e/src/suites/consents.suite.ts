import { generateSandboxData } from '@obp/sandbox-bank';
import { collect } from '@obp/client';
import { ConsentEventTypes, type TransactionDto } from '@obp/contracts';
import { platformService } from '@obp/platform';
import { waitFor } from '@obp/testkit';
import { connectedConsent, createConsent, decide, getConsent, recordTopic, redirectUrl, waitForStatus } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

describe('consents', () => {
  let stack: Stack;
  let app: TestClient;
  let token: string;

  beforeAll(async () => {
    stack = await sharedStack();
    app = await stack.registerClient();
    token = await stack.token(app);
  });

  const accountsOf = async (consentId: string, as = token) => {
    const { data } = await stack.clientWithToken(as).GET('/consents/{id}/accounts', { params: { path: { id: consentId } } });
    return data.data;
  };

  /** Every page of an account's transactions, through the client's paginate. */
  const allTransactions = async (accountId: string, as = token) => {
    const api = stack.clientWithToken(as);
    return collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: accountId }, query: { page, pageSize: 500 } } })));
  };

  it('lists the providers', async () => {
    const { data, response } = await stack.clientWithToken(token).GET('/providers');
    expect(response.status).toBe(200);
    const keys = data.data.map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['sandbox-retail', 'sandbox-business', 'sandbox-slow', 'sandbox-failing']));
  });

  it('goes from creation through approval to Updated, with accounts and transactions readable and Transactions Fetched published', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      const externalUserId = `customer-${Date.now()}`;
      const created = await createConsent(stack, token, { externalUserId, syncMode: 'manual' });
      expect(created.consentUrl).toMatch(new RegExp(`^${stack.baseUrl}/sandbox/sandbox-retail/authorize\\?consentId=${created.consentId}&state=`));

      const initial = await getConsent(stack, token, created.consentId);
      expect(initial).toMatchObject({ id: created.consentId, status: 'Initialized', providerKey: 'sandbox-retail', countryCode: 'NL', externalUserId, userId: null, syncMode: 'Manual', dateTransactionsUpdated: null, errors: [] });
      const requested = new Date(initial.dateRequested).getTime();
      expect(new Date(initial.dateExpire).getTime() - requested).toBe(180 * 86_400_000);

      const { pageStatus, location } = await decide(created.consentUrl, 'approve');
      expect(pageStatus).toBe(200);
      expect(`${location.origin}${location.pathname}`).toBe('https://app.example.test/consent-done');
      expect(Object.fromEntries(location.searchParams)).toEqual({ from: 'test', consentId: created.consentId, status: 'Authenticated' });

      const updated = await waitForStatus(stack, token, created.consentId, 'Updated');
      expect(updated.dateTransactionsUpdated).not.toBeNull();

      const accounts = await accountsOf(created.consentId);
      const expected = generateSandboxData({ seed: `sandbox-retail:${externalUserId}`, profile: 'retail', asOf: new Date() });
      expect(accounts.map((a) => a.iban).sort()).toEqual(expected.accounts.map((a) => a.iban).sort());
      const transactions = (await Promise.all(accounts.map((a) => allTransactions(a.id)))).flat();
      expect(transactions.length).toBe(expected.transactions.length);
      expect(new Set(transactions.map((t) => t.id)).size).toBe(transactions.length);
      const first = transactions[0]!;
      expect(Object.keys(first).sort()).toEqual(
        ['id', 'accountId', 'amount', 'currency', 'bookingDate', 'valueDate', 'description', 'counterpartName', 'counterpartAccountNumber', 'transactionType', 'transactionTypeName', 'reasonCode', 'purposeCode'].sort(),
      );
      // Newest booking first.
      const current = accounts.find((a) => a.type === 'Current')!;
      const { data: page1 } = await stack.clientWithToken(token).GET('/accounts/{id}/transactions', { params: { path: { id: current.id } } });
      expect(page1.data).toHaveLength(50);
      expect(page1._pagination).toMatchObject({ page: 1, size: 50 });
      const dates = (page1.data ?? []).map((t) => t.bookingDate);
      expect([...dates].sort().reverse()).toEqual(dates);

      await waitFor(() => recorder.events(ConsentEventTypes.transactionsFetched).length === 1, { what: 'transactions.fetched' });
      const fetched = recorder.events(ConsentEventTypes.transactionsFetched)[0]!;
      expect(fetched.ownerClientId).toBe(app.clientId);
      expect(fetched.data).toMatchObject({ consentId: created.consentId, userId: null, externalUserId, addedTransactionsCount: transactions.length });
      // A new consumer can rebuild the transactions from the topic alone.
      await waitFor(() => recorder.events(ConsentEventTypes.transactionsAdded).flatMap((e) => (e.data as { transactions: unknown[] }).transactions).length === transactions.length, {
        what: 'transactions.added batches',
      });
      const published = recorder.events(ConsentEventTypes.transactionsAdded).flatMap((e) => (e.data as { transactions: TransactionDto[] }).transactions);
      expect(published.map((t) => t.id).sort()).toEqual(transactions.map((t) => t.id).sort());
      expect(recorder.events(ConsentEventTypes.statusUpdated).map((e) => (e.data as { consent: { status: string } }).consent.status)).toEqual(['Authenticated', 'Updating', 'Updated']);
    } finally {
      await recorder.stop();
    }
  });

  it('records a decline as Rejected and sends the user back with that status', async () => {
    const created = await createConsent(stack, token);
    const { location } = await decide(created.consentUrl, 'decline');
    expect(location.searchParams.get('status')).toBe('Rejected');
    const consent = await getConsent(stack, token, created.consentId);
    expect(consent.status).toBe('Rejected');
    // The link is spent: opening it again goes straight back to the app.
    const again = await fetch(created.consentUrl, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const api = stack.clientWithToken(token);
    await expect(api.POST('/consents/{id}/refresh', { params: { path: { id: created.consentId } } })).rejects.toMatchObject({ status: 409 });
    expect(await accountsOf(created.consentId)).toEqual([]);
  });

  it('rejects a forged consent link', async () => {
    const created = await createConsent(stack, token);
    const forged = created.consentUrl.replace(/state=[^&]+/, 'state=forged');
    expect((await fetch(forged)).status).toBe(404);
    const res = await fetch(forged.split('?')[0]!, { method: 'POST', body: new URLSearchParams({ consentId: created.consentId, state: 'forged', decision: 'approve' }), redirect: 'manual' });
    expect(res.status).toBe(404);
    expect((await getConsent(stack, token, created.consentId)).status).toBe('Initialized');
  });

  it('lists the app’s own consents with the ConsentId, UserId and ExternalUserId filters', async () => {
    const userId = '7b0f4a52-52a4-4c35-9d36-6a1f2c3b4d5e';
    const a = await createConsent(stack, token, { userId, externalUserId: 'ext-a' });
    const b = await createConsent(stack, token, { userId, externalUserId: 'ext-b' });
    const other = await stack.registerClient();
    await createConsent(stack, await stack.token(other), { userId });
    const api = stack.clientWithToken(token);
    const ids = async (query: { UserId?: string; ExternalUserId?: string; ConsentId?: string } = {}) => (await api.GET('/consents', { params: { query } })).data.data.map((c) => c.id);
    expect(await ids({ UserId: userId })).toEqual([a.consentId, b.consentId]);
    expect(await ids({ UserId: userId, ExternalUserId: 'ext-b' })).toEqual([b.consentId]);
    // Raw HTTP: parameter names are matched case-insensitively, and GUIDs in any case (the client sends the documented names).
    const raw = (await (await stack.api(token, `/consents?userid=${userId.toUpperCase()}&ExternalUserId=ext-b`)).json()) as { data: Array<{ id: string }> };
    expect(raw.data.map((c) => c.id)).toEqual([b.consentId]);
    expect(await ids({ ConsentId: a.consentId })).toEqual([a.consentId]);
    expect(await ids({ ConsentId: '00000000-0000-0000-0000-000000000000' })).toEqual([]);
    expect((await ids()).length).toBeGreaterThanOrEqual(2);
  });

  it('allows only apps registered for the direct provider flow to create consents', async () => {
    const partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
    const res = await stack.api(await stack.token(partner), '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl } });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/direct provider flow/);
  });

  describe('redirect URLs registered with the app', () => {
    let registered: string;
    beforeAll(async () => {
      registered = await stack.token(await stack.registerClient(['customer-api'], { redirectUrls: ['https://app.example.test/consent-done'] }));
    });
    const create = async (as: string, url: string) => {
      const res = await stack.api(as, '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: url } });
      return { status: res.status, body: (await res.json()) as { consentId: string; consentUrl: string; errors?: Record<string, string[]> } };
    };

    it.each([
      ['another host', 'https://evil.example/consent-done'],
      ['user information naming the registered host', 'https://app.example.test@evil.example/consent-done'],
      ['a look-alike host', 'https://app.example.test.evil.example/consent-done'],
      ['an internal address', `http://127.0.0.1:${platformService('consent').port}/consent-done`],
      ['http instead of https', 'http://app.example.test/consent-done'],
      ['another port', 'https://app.example.test:8443/consent-done'],
      ['a sibling path', 'https://app.example.test/consent-done-evil'],
      ['a path climbing out', 'https://app.example.test/consent-done/../admin'],
      ['CR/LF inside', 'https://app.example.test/consent-done\r\nLocation: https://evil.example/'],
    ])('refuses %s with a 400 naming redirectUrl', async (_case, url) => {
      const { status, body } = await create(registered, url);
      expect(status).toBe(400);
      expect(Object.keys(body.errors ?? {})).toEqual(['redirectUrl']);
    });

    it('accepts the registered URL and paths below it, and stores and redirects to the normalised URL', async () => {
      const { status, body } = await create(registered, 'HTTPS://App.Example.TEST:443/consent-done/./return?order=7');
      expect(status).toBe(201);
      expect((await getConsent(stack, registered, body.consentId)).redirectUrl).toBe('https://app.example.test/consent-done/return?order=7');
      const { location } = await decide(body.consentUrl, 'decline');
      expect(location.href).toBe(`https://app.example.test/consent-done/return?order=7&consentId=${body.consentId}&status=Rejected`);
    });

    it('refuses every redirectUrl of an app that registered none', async () => {
      const none = await stack.token(await stack.registerClient(['customer-api'], { redirectUrls: [] }));
      const { status, body } = await create(none, 'https://example.com/');
      expect(status).toBe(400);
      expect(body.errors?.redirectUrl?.[0]).toMatch(/registered none/);
    });
  });

  describe('validation', () => {
    const post = async (json: unknown) => {
      const res = await stack.api(token, '/consents', { method: 'POST', json });
      return { status: res.status, body: (await res.json()) as { errors: Record<string, string[]>; detail?: string; status: number; title: string; traceId: string } };
    };

    it.each([
      ['providerKey missing', { redirectUrl }, 'providerKey'],
      ['providerKey of the wrong type', { providerKey: 42, redirectUrl }, 'providerKey'],
      ['unknown providerKey', { providerKey: 'no-such-bank', redirectUrl }, 'providerKey'],
      ['redirectUrl missing', { providerKey: 'sandbox-retail' }, 'redirectUrl'],
      ['relative redirectUrl', { providerKey: 'sandbox-retail', redirectUrl: '/done' }, 'redirectUrl'],
      ['javascript: redirectUrl', { providerKey: 'sandbox-retail', redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
      ['countryCode of three letters', { providerKey: 'sandbox-retail', redirectUrl, countryCode: 'NLD' }, 'countryCode'],
      ['countryCode the provider does not serve', { providerKey: 'sandbox-retail', redirectUrl, countryCode: 'US' }, 'countryCode'],
      ['userId that is not a GUID', { providerKey: 'sandbox-retail', redirectUrl, userId: 'user-1' }, 'userId'],
      ['externalUserId of the wrong type', { providerKey: 'sandbox-retail', redirectUrl, externalUserId: 12 }, 'externalUserId'],
      ['externalUserId too long', { providerKey: 'sandbox-retail', redirectUrl, externalUserId: 'x'.repeat(257) }, 'externalUserId'],
      ['unknown syncMode', { providerKey: 'sandbox-retail', redirectUrl, syncMode: 'Hourly' }, 'syncMode'],
      ['body that is an array', [], '$'],
    ])('rejects a %s with a 400 naming the field', async (_name, json, field) => {
      const { status, body } = await post(json);
      expect(status).toBe(400);
      expect(body).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(typeof body.detail).toBe('string');
      expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    });

    it('reports every invalid field at once, and accepts lower-case countryCode', async () => {
      const { status, body } = await post({ providerKey: '', redirectUrl: 'nope', userId: 5, syncMode: 1 });
      expect(status).toBe(400);
      expect(Object.keys(body.errors).sort()).toEqual(['providerKey', 'redirectUrl', 'syncMode', 'userId']);
      const ok = await stack.api(token, '/consents', { method: 'POST', json: { ProviderKey: 'sandbox-retail', RedirectUrl: redirectUrl, countryCode: 'nl' } });
      expect(ok.status).toBe(201);
      expect((await getConsent(stack, token, ((await ok.json()) as { consentId: string }).consentId)).countryCode).toBe('NL');
    });

    it('rejects malformed JSON and non-JSON bodies', async () => {
      const malformed = await stack.api(token, '/consents', { method: 'POST', body: '{"providerKey":', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
      expect(Object.keys(((await malformed.json()) as { errors: object }).errors)).toEqual(['$']);
      const text = await stack.api(token, '/consents', { method: 'POST', body: 'providerKey=x', headers: { 'content-type': 'text/plain' } });
      expect(text.status).toBe(415);
    });

    it.each([
      ['GET', '/consents/not-a-guid'],
      ['DELETE', '/consents/not-a-guid'],
      ['POST', '/consents/not-a-guid/refresh'],
      ['GET', '/consents/not-a-guid/accounts'],
      ['GET', '/accounts/not-a-guid/transactions'],
      ['GET', '/consents?ConsentId=nope'],
      ['GET', '/consents?UserId=nope'],
      ['GET', '/accounts/00000000-0000-0000-0000-000000000000/transactions?page=0'],
      ['GET', '/accounts/00000000-0000-0000-0000-000000000000/transactions?pageSize=501'],
      ['GET', '/accounts/00000000-0000-0000-0000-000000000000/transactions?dateFrom=yesterday'],
    ])('%s %s is a 400 problem', async (method, path) => {
      const res = await stack.api(token, path, { method });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: object; detail: string };
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
      expect(typeof body.detail).toBe('string');
    });

    it.each([
      ['GET', '/consents/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/consents/00000000-0000-0000-0000-000000000000'],
      ['POST', '/consents/00000000-0000-0000-0000-000000000000/refresh'],
      ['GET', '/consents/00000000-0000-0000-0000-000000000000/accounts'],
      ['GET', '/accounts/00000000-0000-0000-0000-000000000000/transactions'],
    ])('%s %s of an unknown id is a 404 problem', async (method, path) => {
      const res = await stack.api(token, path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    });
  });

  it('allows 6 refreshes per consent per rolling day; the 7th gets 429 with Retry-After; a refresh never doubles a transaction', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      const { consentId } = await connectedConsent(stack, token, { externalUserId: `refresh-${Date.now()}` });
      const accounts = await accountsOf(consentId);
      const before = (await Promise.all(accounts.map((a) => allTransactions(a.id)))).flat().length;
      const api = stack.clientWithToken(token);
      const allowance = async (id = consentId, caller = token) => {
        const res = await stack.api(caller, `/consents/${id}/refreshes`);
        return res.status === 200 ? ((await res.json()) as { data: { limitPerDay: number; usedInLast24Hours: number; remaining: number; nextAllowedAt: string | null } }).data : res.status;
      };
      expect(await allowance()).toEqual({ limitPerDay: 6, usedInLast24Hours: 0, remaining: 6, nextAllowedAt: null });
      for (let i = 1; i <= 6; i++) {
        const { response } = await api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } });
        expect({ call: i, status: response.status }).toEqual({ call: i, status: 202 });
        if (i === 2) expect(await allowance()).toEqual({ limitPerDay: 6, usedInLast24Hours: 2, remaining: 4, nextAllowedAt: null });
      }
      const spent = await allowance();
      expect(spent).toEqual({ limitPerDay: 6, usedInLast24Hours: 6, remaining: 0, nextAllowedAt: expect.any(String) });
      // Only the owner reads it: another app, even one it could share with, gets the 404 of an unknown consent.
      expect(await allowance(consentId, await stack.token(await stack.registerClient()))).toBe(404);
      const seventh = await stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' });
      expect(seventh.status).toBe(429);
      const retryAfter = Number(seventh.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(86_000);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      const problem = (await seventh.json()) as { status: number; detail: string };
      expect(problem.status).toBe(429);
      const allowedAt = /allowed at (\S+)\.$/.exec(problem.detail)?.[1];
      expect(Math.abs(new Date(allowedAt!).getTime() - (Date.now() + retryAfter * 1000))).toBeLessThan(5_000);
      expect(new Date(allowedAt!).toISOString()).toBe(typeof spent === 'object' ? spent.nextAllowedAt : null);

      // Refreshes that found nothing new announce 0 added, and the data is not doubled.
      const fetchedOfConsent = () => recorder.events(ConsentEventTypes.transactionsFetched).filter((e) => (e.data as { consentId: string }).consentId === consentId);
      await waitFor(() => fetchedOfConsent().length >= 2, { what: 'refresh fetches', timeoutMs: 30_000 });
      await waitForStatus(stack, token, consentId, 'Updated');
      const counts = fetchedOfConsent().map((e) => (e.data as { addedTransactionsCount: number }).addedTransactionsCount);
      expect(counts[0]).toBe(before);
      expect(counts.slice(1).every((c) => c === 0)).toBe(true);
      const after = (await Promise.all(accounts.map((a) => allTransactions(a.id)))).flat();
      expect(after.length).toBe(before);
    } finally {
      await recorder.stop();
    }
  });

  it('forgets refresh history after 7 days, times out undecided consents and invalidates expired ones (maintenance job)', async () => {
    const { consentId } = await connectedConsent(stack, token, { externalUserId: `maintenance-${Date.now()}` });
    const api = stack.clientWithToken(token);
    expect((await api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } })).response.status).toBe(202);
    const undecided = await createConsent(stack, token);
    const history = stack.consent.db.collection('refresh_requests');
    expect(await history.countDocuments({ consentId })).toBe(1);
    await waitForStatus(stack, token, consentId, 'Updated');

    await stack.consent.maintenance.runOnce(new Date(Date.now() + 6 * 86_400_000));
    expect(await history.countDocuments({ consentId })).toBe(1);
    expect((await getConsent(stack, token, undecided.consentId)).status).toBe('TimedOut');

    await stack.consent.maintenance.runOnce(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    expect(await history.countDocuments({ consentId })).toBe(0);

    await stack.consent.maintenance.runOnce(new Date(Date.now() + 181 * 86_400_000));
    expect((await getConsent(stack, token, consentId)).status).toBe('Invalidated');
    await expect(api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } })).rejects.toMatchObject({ status: 409 });
  });

  it.each([
    ['PUT', '/consents/00000000-0000-0000-0000-000000000000', 'GET, DELETE'],
    ['PATCH', '/consents', 'GET, POST'],
    ['GET', '/consents/00000000-0000-0000-0000-000000000000/refresh', 'POST'],
    ['POST', '/consents/00000000-0000-0000-0000-000000000000/sequencing', 'GET'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const res = await stack.api(token, path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
  });
});
