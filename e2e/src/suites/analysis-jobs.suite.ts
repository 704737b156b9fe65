import { randomUUID } from 'node:crypto';
import { collect } from '@obp/client';
import type { AccountDto } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import { createJob, finishedJob, getJob, getResult, jobBody, postJob } from '../analysis-helpers';
import { connectedConsent, createConsent, decide, seenBy } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

interface Problem {
  type: string | null;
  title: string | null;
  status: number;
  traceId: string | null;
  errors?: Record<string, string[]> | null;
  detail?: string;
}

describe('analysis jobs through the edge', () => {
  let stack: Stack;
  let owner: TestClient;
  let ownerToken: string;
  let partner: TestClient;
  let partnerToken: string;
  const userId = randomUUID();
  const externalUserId = `analysed-${Date.now()}`;
  let retail: { consentId: string; accounts: AccountDto[] };
  let business: { consentId: string; accounts: AccountDto[] };

  const accountsOf = async (consentId: string) => (await stack.clientWithToken(ownerToken).GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;
  /** The ids of the jobs the app lists under a reference, through the generated client. */
  const listedIds = async (token: string, reference: string) => (await stack.clientWithToken(token).GET('/analysis-jobs', { params: { query: { reference } } })).data.data?.map((j) => j.id);

  beforeAll(async () => {
    stack = await sharedStack();
    owner = await stack.registerClient();
    ownerToken = await stack.token(owner);
    partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
    partnerToken = await stack.token(partner);
    const [r, b] = await Promise.all([
      connectedConsent(stack, ownerToken, { userId, externalUserId }),
      connectedConsent(stack, ownerToken, { providerKey: 'sandbox-business', externalUserId: `business-${Date.now()}` }),
    ]);
    retail = { consentId: r.consentId, accounts: await accountsOf(r.consentId) };
    business = { consentId: b.consentId, accounts: await accountsOf(b.consentId) };
  });

  describe('validation (400 problem naming the field)', () => {
    const guid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    const base = () => jobBody([guid]);
    const cases: Array<[string, unknown, string]> = [
      ...['<', '>', '`', '=', ';', '\\'].map((c): [string, unknown, string] => [`Reference with ${c}`, { ...base(), Reference: `monthly${c}check` }, 'Reference']),
      ['no Reference', { ...base(), Reference: undefined }, 'Reference'],
      ['blank Reference', { ...base(), Reference: '  ' }, 'Reference'],
      ['Reference of 257 characters', { ...base(), Reference: 'r'.repeat(257) }, 'Reference'],
      ['unknown Engine', { ...base(), Engine: 'x9' }, 'Engine'],
      ['no Engine', { ...base(), Engine: undefined }, 'Engine'],
      ['unknown Profile', { ...base(), Profile: 'household' }, 'Profile'],
      ['upper-case CountryCode', { ...base(), CountryCode: 'NL' }, 'CountryCode'],
      ['three-letter CountryCode', { ...base(), CountryCode: 'nld' }, 'CountryCode'],
      ['e1 without CountryCode', { ...base(), CountryCode: undefined }, 'CountryCode'],
      ['no Input', { ...base(), Input: undefined }, 'Input'],
      ['Input that is not an object', { ...base(), Input: [guid] }, 'Input'],
      ['no kind of input', { ...base(), Input: {} }, 'Input'],
      ['two kinds of input', { ...base(), Input: { consentIds: [guid], userIds: [guid] } }, 'Input'],
      ['no values', { ...base(), Input: { consentIds: [] } }, 'Input.consentIds'],
      ['101 values', { ...base(), Input: { accountIds: Array.from({ length: 101 }, () => randomUUID()) } }, 'Input.accountIds'],
      ['a bad consent GUID', { ...base(), Input: { consentIds: [guid, 'not-a-guid'] } }, 'Input.consentIds[1]'],
      ['a bad user GUID', { ...base(), Input: { userIds: ['12345'] } }, 'Input.userIds[0]'],
      ['a bad account GUID', { ...base(), Input: { accountIds: [42] } }, 'Input.accountIds[0]'],
      ['a bad job GUID', { ...base(), Input: { analysisJobIds: ['job-1'] } }, 'Input.analysisJobIds[0]'],
      ['an empty external user id', { ...base(), Input: { externalUserIds: [''] } }, 'Input.externalUserIds[0]'],
      ['corporate without kvk_number', { ...base(), Profile: 'corporate' }, 'Metadata.kvk_number'],
      ['corporate with empty Metadata', { ...base(), Profile: 'corporate', Metadata: {} }, 'Metadata.kvk_number'],
      ['a kvk_number of 7 digits', { ...base(), Metadata: { kvk_number: '1234567' } }, 'Metadata.kvk_number'],
      ['a kvk_number with letters', { ...base(), Metadata: { kvk_number: '1234567a' } }, 'Metadata.kvk_number'],
      ['a kvk_number that is a number', { ...base(), Metadata: { kvk_number: 12345678 } }, 'Metadata.kvk_number'],
      ['an IBAN with wrong check digits', { ...base(), Metadata: { internal_ibans: ['NL92ABNA0417164300'] } }, 'Metadata.internal_ibans[0]'],
      ['an IBAN that is no IBAN', { ...base(), Metadata: { internal_ibans: ['NL91ABNA0417164300', 'savings'] } }, 'Metadata.internal_ibans[1]'],
      ['51 IBANs', { ...base(), Metadata: { internal_ibans: Array.from({ length: 51 }, () => 'NL91ABNA0417164300') } }, 'Metadata.internal_ibans'],
      ['an unknown analysis job', { ...base(), Input: { analysisJobIds: [randomUUID()] } }, 'Input.analysisJobIds[0]'],
    ];

    it.each(cases)('%s', async (_name, body, field) => {
      const res = await postJob(stack, ownerToken, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await res.json()) as Problem;
      expect(problem).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
      expect(typeof problem.type).toBe('string');
      expect(Object.keys(problem.errors!)).toEqual([field]);
      expect(problem.errors![field]).toEqual([expect.stringMatching(/\S/)]);
    });

    it('names the forbidden character it found in Reference', async () => {
      const problem = (await (await postJob(stack, ownerToken, { ...base(), Reference: 'a;b' })).json()) as Problem;
      expect(problem.errors!.Reference![0]).toContain(`'${';'}'`);
    });

    it('takes property names in any letter case, as every body does, and lets z2 go without CountryCode', async () => {
      const res = await postJob(stack, ownerToken, { reference: 'lower-case names', engine: 'Z2', profile: 'RETAIL', input: { ConsentIds: [retail.consentId] } });
      expect(res.status).toBe(201);
      const job = await getJob(stack, ownerToken, ((await res.json()) as { id: string }).id);
      expect(job).toMatchObject({ reference: 'lower-case names', engine: 'z2', profile: 'retail', countryCode: null, input: { consentIds: [retail.consentId], userIds: null } });
    });

    it('refuses malformed JSON, and an Idempotency-Key longer than 255 characters', async () => {
      const malformed = await stack.api(ownerToken, '/analysis-jobs', { method: 'POST', body: '{"Reference":', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
      expect(Object.keys(((await malformed.json()) as Problem).errors!)).toEqual(['$']);
      const longKey = await postJob(stack, ownerToken, base(), { 'Idempotency-Key': 'k'.repeat(256) });
      expect(longKey.status).toBe(400);
      expect(Object.keys(((await longKey.json()) as Problem).errors!)).toEqual(['Idempotency-Key']);
    });
  });

  describe('inputs, engines and profiles', () => {
    let consentJob: string;
    let accountJob: string;

    it('analyses a consent with e1: Pending, then Completed, with every transaction categorised', async () => {
      const { data: created, response } = await stack.clientWithToken(ownerToken).POST('/analysis-jobs', { body: jobBody([retail.consentId], { Reference: 'retail e1' }) });
      expect(response.status).toBe(201);
      consentJob = created.id;
      expect(response.headers.get('location')).toBe(`/analysis-jobs/${consentJob}`);
      const job = await finishedJob(stack, ownerToken, consentJob);
      expect(job).toMatchObject({ id: consentJob, status: 'Completed', reference: 'retail e1', engine: 'e1', profile: 'retail', countryCode: 'nl', failure: null, resultErasedAt: null });
      expect(Date.parse(job.startedAt!)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
      expect(Date.parse(job.completedAt!)).toBeGreaterThanOrEqual(Date.parse(job.startedAt!));
      const result = await getResult(stack, ownerToken, consentJob);
      expect(result).toMatchObject({ jobId: consentJob, engine: 'e1', profile: 'retail', countryCode: 'nl', kvkNumber: null, consentIds: [retail.consentId], corporate: null });
      expect([...result.accountIds].sort()).toEqual(retail.accounts.map((a) => a.id).sort());
      // The sandbox bank books in EUR only: every figure is in EUR and no transaction is left out for its currency.
      expect(result).toMatchObject({ currency: 'EUR', otherCurrencyTransactionIds: [] });
      expect(new Set(result.transactions!.map((t) => t.currency))).toEqual(new Set(['EUR']));
      expect(result.transactions!.length).toBeGreaterThan(100);
      expect(new Set(result.transactions!.map((t) => t.accountId)).size).toBeGreaterThan(0);
      // The whole fetched history (the sandbox gives 14 months): every transaction the app can read is in the
      // result's transactions and in its months, which run from the first booking month to the last.
      const api = stack.clientWithToken(ownerToken);
      const fetched = [];
      for (const account of retail.accounts) fetched.push(...(await collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { page, pageSize: 500 } } })))));
      expect(new Set(result.transactions!.map((t) => t.transactionId))).toEqual(new Set(fetched.map((t) => t.id)));
      const inMonths = result.months.flatMap((m) => [...m.income.transactionIds, ...m.expense.transactionIds]);
      expect(new Set([...inMonths, ...result.internalTransferIds])).toEqual(new Set(fetched.map((t) => t.id)));
      const bookingDays = fetched.map((t) => t.bookingDate.slice(0, 10)).sort();
      expect(result.period).toEqual({ from: bookingDays[0], to: bookingDays[bookingDays.length - 1] });
      expect(result.months.length).toBeGreaterThan(13);
    });

    it('analyses with z2: no categorised transactions', async () => {
      const id = await createJob(stack, ownerToken, jobBody([retail.consentId], { Engine: 'z2', CountryCode: undefined }));
      expect((await finishedJob(stack, ownerToken, id)).status).toBe('Completed');
      const result = await getResult(stack, ownerToken, id);
      expect(result).toMatchObject({ engine: 'z2', countryCode: null, transactions: null, consentIds: [retail.consentId], currency: 'EUR', otherCurrencyTransactionIds: [] });
      expect(result.sequencing.incomeSequences.length).toBeGreaterThan(0);
    });

    it('analyses every consent of a user, by userIds and by externalUserIds', async () => {
      for (const input of [{ userIds: [userId] }, { externalUserIds: [externalUserId] }]) {
        const id = await createJob(stack, ownerToken, jobBody([], { Input: input }));
        expect((await finishedJob(stack, ownerToken, id)).status).toBe('Completed');
        expect((await getResult(stack, ownerToken, id)).consentIds).toEqual([retail.consentId]);
      }
    });

    it('analyses chosen accounts only, by accountIds', async () => {
      const savings = retail.accounts.find((a) => a.type === 'Savings') ?? retail.accounts[retail.accounts.length - 1]!;
      accountJob = await createJob(stack, ownerToken, jobBody([], { Input: { accountIds: [savings.id] } }));
      expect((await finishedJob(stack, ownerToken, accountJob)).status).toBe('Completed');
      const result = await getResult(stack, ownerToken, accountJob);
      expect(result).toMatchObject({ consentIds: [retail.consentId], accountIds: [savings.id] });
      expect(result.transactions!.length).toBeGreaterThan(0);
      expect(result.transactions!.every((t) => t.accountId === savings.id)).toBe(true);
    });

    it('analyses the union of what earlier jobs read, by analysisJobIds', async () => {
      const id = await createJob(stack, ownerToken, jobBody([], { Input: { analysisJobIds: [accountJob, consentJob] } }));
      expect((await finishedJob(stack, ownerToken, id)).status).toBe('Completed');
      const result = await getResult(stack, ownerToken, id);
      expect(result.consentIds).toEqual([retail.consentId]);
      expect([...result.accountIds].sort()).toEqual(retail.accounts.map((a) => a.id).sort());
      expect(result.transactions!.length).toBe((await getResult(stack, ownerToken, consentJob)).transactions!.length);
    });

    it('summarises a business with the corporate profile and echoes its kvk_number', async () => {
      const internal = business.accounts.map((a) => a.iban.toLowerCase());
      const id = await createJob(
        stack,
        ownerToken,
        jobBody([business.consentId], { Profile: 'corporate', Metadata: { kvk_number: '12345678', internal_ibans: ['NL91 ABNA 0417 1643 00', ...internal] } }),
      );
      const job = await finishedJob(stack, ownerToken, id);
      expect(job).toMatchObject({ status: 'Completed', profile: 'corporate', metadata: { kvk_number: '12345678' } });
      expect(job.metadata.internal_ibans).toEqual(['NL91ABNA0417164300', ...internal.map((i) => i.toUpperCase())]);
      const result = await getResult(stack, ownerToken, id);
      expect(result).toMatchObject({ profile: 'corporate', kvkNumber: '12345678', consentIds: [business.consentId], corporate: { kvkNumber: '12345678' } });
      // Revenue, costs and taxes of every month, each month's transactions adding up to the totals.
      const corporate = result.corporate!;
      expect(corporate.months!.map((m) => m.month)).toEqual(result.months.map((m) => m.month));
      for (const figure of ['revenue', 'costs', 'vatPaid', 'taxPaid'] as const) expect(corporate.months!.flatMap((m) => m[figure].transactionIds)).toEqual(corporate[figure].transactionIds);
      expect(corporate.months!.filter((m) => m.vatPaid.amount < 0).length).toBeGreaterThan(0);
    });

    it('waits for a consent’s first fetch Running, saying so in waitingFor, and its status only moves forward', async () => {
      const created = await createConsent(stack, ownerToken, { providerKey: 'sandbox-slow' });
      await decide(created.consentUrl, 'approve');
      await waitFor(async () => ['Authenticated', 'Updating'].includes((await stack.analysis.consentData.consent(created.consentId))?.status ?? ''), {
        what: 'the analysis service to see the consent approved',
        timeoutMs: 30_000,
      });
      const id = await createJob(stack, ownerToken, jobBody([created.consentId], { Engine: 'z2', CountryCode: undefined }));
      const seen: Array<[string, string | null]> = [];
      const job = await waitFor(
        async () => {
          const current = await getJob(stack, ownerToken, id);
          const last = seen[seen.length - 1];
          if (!last || last[0] !== current.status || last[1] !== current.waitingFor) seen.push([current.status, current.waitingFor]);
          return current.status === 'Completed' || current.status === 'Failed' ? current : undefined;
        },
        { what: 'the job to end', timeoutMs: 60_000, intervalMs: 50 },
      );
      expect(job).toMatchObject({ status: 'Completed', waitingFor: null });
      expect(seen).toContainEqual(['Running', 'first-fetch']);
      const order = ['Pending', 'Running', 'Completed'];
      const ranks = seen.map(([status]) => order.indexOf(status));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });

    it('fails with NoData when nothing in the input can be read, and its result is a 409 naming the code', async () => {
      const unknown = await createJob(stack, ownerToken, jobBody([randomUUID()]));
      const failed = await finishedJob(stack, ownerToken, unknown);
      expect(failed).toMatchObject({ status: 'Failed', failure: { code: 'NoData' }, completedAt: expect.any(String) });
      const res = await stack.api(ownerToken, `/analysis-jobs/${unknown}/result`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as Problem).detail).toContain('NoData');
    });

    it("refuses at once, with a 422 naming each field, another app's consent or account that is not shared with the app, and makes no job", async () => {
      await seenBy(stack.analysis.consentData, retail.consentId, [retail.accounts[0]!.id]);
      const reference = `foreign-${randomUUID()}`;
      const byConsent = await postJob(stack, partnerToken, jobBody([randomUUID(), retail.consentId], { Reference: reference }));
      expect(byConsent.status).toBe(422);
      const problem = (await byConsent.json()) as Problem;
      expect(problem).toMatchObject({ status: 422, errors: { 'Input.consentIds[1]': [expect.stringContaining(retail.consentId)] } });
      expect(Object.keys(problem.errors!)).toEqual(['Input.consentIds[1]']);
      const byAccount = await postJob(stack, partnerToken, jobBody([], { Reference: reference, Input: { accountIds: [retail.accounts[0]!.id] } }));
      expect(byAccount.status).toBe(422);
      expect(Object.keys(((await byAccount.json()) as Problem).errors!)).toEqual(['Input.accountIds[0]']);
      expect(await listedIds(partnerToken, reference)).toEqual([]);
    });

    it('takes another app’s consent named at once after the owner shared it (the grant on its way is waited for), and the job reads it', async () => {
      const api = stack.clientWithToken(ownerToken);
      const shared = await api.POST('/shares', { body: { clientId: partner.clientId, consentIds: [business.consentId] } });
      expect(shared.response.status).toBe(200);
      const id = await createJob(stack, partnerToken, jobBody([business.consentId], { Engine: 'z2' }));
      expect((await finishedJob(stack, partnerToken, id)).status).toBe('Completed');
      expect((await getResult(stack, partnerToken, id)).consentIds).toEqual([business.consentId]);
      expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId: shared.data.data } } })).response.status).toBe(204);
    });

    it('answers 404 for an unknown job and its result', async () => {
      const id = randomUUID();
      for (const path of [`/analysis-jobs/${id}`, `/analysis-jobs/${id}/result`]) {
        const res = await stack.api(ownerToken, path);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    });
  });

  describe('listing', () => {
    it('lists the app’s own jobs, oldest first, paged like shares, filtered by status and reference', async () => {
      const reference = `listed-${randomUUID()}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await createJob(stack, ownerToken, jobBody([retail.consentId], { Reference: reference, Engine: 'z2' })));
      const failedId = await createJob(stack, ownerToken, jobBody([randomUUID()], { Reference: reference }));
      for (const id of [...ids, failedId]) await finishedJob(stack, ownerToken, id);

      type Query = { reference: string; page?: number; pageSize?: number; status?: string };
      const page = async (token: string, query: Query) => {
        const { data, response } = await stack.clientWithToken(token).GET('/analysis-jobs', { params: { query } });
        expect(response.status).toBe(200);
        return data;
      };
      const all = await page(ownerToken, { reference });
      expect(all.data?.map((j) => j.id)).toEqual([...ids, failedId]);
      expect(all._pagination).toEqual({ page: 1, size: 50, totalCount: 4, totalPages: 1 });
      const second = await page(ownerToken, { reference, pageSize: 2, page: 2 });
      expect(second.data?.map((j) => j.id)).toEqual([ids[2], failedId]);
      expect(second._pagination).toEqual({ page: 2, size: 2, totalCount: 4, totalPages: 2 });
      expect((await page(ownerToken, { reference, status: 'Failed' })).data?.map((j) => j.id)).toEqual([failedId]);
      expect((await page(ownerToken, { reference, status: 'completed' })).data?.map((j) => j.id)).toEqual(ids);
      expect((await page(partnerToken, { reference })).data).toEqual([]);
      const api = stack.clientWithToken(ownerToken);
      const paged = await collect(api.paginate((n) => api.GET('/analysis-jobs', { params: { query: { reference, pageSize: 3, page: n } } })));
      expect(paged.map((j) => j.id)).toEqual([...ids, failedId]);

      for (const query of ['status=Done', 'pageSize=501', 'page=0', 'reference=']) {
        const res = await stack.api(ownerToken, `/analysis-jobs?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    });
  });

  describe('idempotency', () => {
    it('returns the first job again for a retried request with the same Idempotency-Key, and 422 for another body', async () => {
      const key = randomUUID();
      const body = jobBody([retail.consentId], { Reference: `idempotent-${key}`, Engine: 'z2' });
      const first = await postJob(stack, ownerToken, body, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const { id } = (await first.json()) as { id: string };
      // The same request, its property names in another letter case: the same body.
      const again = await postJob(stack, ownerToken, { ...body, Reference: undefined, reference: body.Reference }, { 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual({ id });
      expect(again.headers.get('location')).toBe(`/analysis-jobs/${id}`);
      expect(again.headers.get('idempotent-replayed')).toBe('true');

      const other = await postJob(stack, ownerToken, { ...body, Engine: 'e1' }, { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await other.json()) as Problem).status).toBe(422);

      // Keys are the app's own: another app's request with the same key is a request of its own (of the partner's own consent, not yet known here).
      const partnerJob = await createJob(stack, partnerToken, { ...body, Input: { consentIds: [randomUUID()] } }, { 'Idempotency-Key': key });
      expect(partnerJob).not.toBe(id);

      expect(await listedIds(ownerToken, body.Reference)).toEqual([id]);
    });

    it('creates one job for concurrent requests with one key', async () => {
      const key = randomUUID();
      const body = jobBody([retail.consentId], { Reference: `concurrent-${key}`, Engine: 'z2' });
      const answers = await Promise.all(Array.from({ length: 6 }, () => postJob(stack, ownerToken, body, { 'Idempotency-Key': key })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
      expect(new Set(ids).size).toBe(1);
      expect(await listedIds(ownerToken, body.Reference)).toEqual([ids[0]]);
      expect((await finishedJob(stack, ownerToken, ids[0]!)).status).toBe('Completed');
    });
  });

  describe('sharing', () => {
    it('opens a job and its result to the app a share names it for, and only then; the app may build on it', async () => {
      const id = await createJob(stack, ownerToken, jobBody([retail.consentId], { Reference: 'to share' }));
      await finishedJob(stack, ownerToken, id);
      const paths = [`/analysis-jobs/${id}`, `/analysis-jobs/${id}/result`];
      for (const path of paths) expect({ path, status: (await stack.api(partnerToken, path)).status }).toEqual({ path, status: 404 });
      const refused = await postJob(stack, partnerToken, jobBody([], { Input: { analysisJobIds: [id] } }));
      expect(refused.status).toBe(400);
      expect(Object.keys(((await refused.json()) as Problem).errors!)).toEqual(['Input.analysisJobIds[0]']);

      const owner = stack.clientWithToken(ownerToken);
      const share = await owner.POST('/shares', { body: { clientId: partner.clientId, analysisIds: [id] } });
      expect(share.response.status).toBe(200);
      const shareId = share.data.data;
      await waitFor(async () => (await stack.api(partnerToken, paths[0]!)).status === 200, { what: 'the grant to reach the analysis service' });
      expect((await getJob(stack, partnerToken, id)).status).toBe('Completed');
      expect(await getResult(stack, partnerToken, id)).toEqual(await getResult(stack, ownerToken, id));

      // The shared job's data is readable through it: the partner's own job on it completes, over the same consent.
      const built = await createJob(stack, partnerToken, jobBody([], { Input: { analysisJobIds: [id] }, Engine: 'z2' }));
      expect((await finishedJob(stack, partnerToken, built)).status).toBe('Completed');
      expect((await getResult(stack, partnerToken, built)).consentIds).toEqual([retail.consentId]);
      // Sharing a job opens the job, not the consent.
      expect((await stack.api(partnerToken, `/consents/${retail.consentId}`)).status).toBe(404);
      // The partner does not list jobs shared with it.
      expect(await listedIds(partnerToken, 'to share')).toEqual([]);

      expect((await owner.DELETE('/shares/{shareId}', { params: { path: { shareId } } })).response.status).toBe(204);
      await waitFor(async () => (await stack.api(partnerToken, paths[0]!)).status === 404, { what: 'the share’s deletion to reach the analysis service' });
      expect((await stack.api(partnerToken, paths[1]!)).status).toBe(404);
    });
  });
});
