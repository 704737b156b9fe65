import { gzipSync } from 'node:zlib';
import { generateSandboxData, renderCamt, renderCsv, renderMt940, type SandboxDataset } from '@obp/sandbox-bank';
import { collect } from '@obp/client';
import type { StatementImportDto, TransactionDto } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import { getConsent } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

/** Statement files through the edge, as an app with its users' bank exports uses them (docs/statements.md). */
describe('statement imports', () => {
  let stack: Stack;
  let app: TestClient;
  let token: string;

  beforeAll(async () => {
    stack = await sharedStack();
    app = await stack.registerClient();
    token = await stack.token(app);
  });

  const household = (seed: string): SandboxDataset => generateSandboxData({ seed, profile: 'retail', asOf: new Date('2026-11-01T00:00:00Z') });
  /** The household's current account only, booked between `from` and `to`. */
  const slice = (data: SandboxDataset, from: string, to: string): SandboxDataset => {
    const account = data.accounts[0]!;
    return { accounts: [account], transactions: data.transactions.filter((t) => t.accountExternalId === account.externalId && t.bookingDate.slice(0, 10) >= from && t.bookingDate.slice(0, 10) <= to) };
  };

  const createUploadConsent = async (as = token) => {
    const res = await stack.api(as, '/consents', { method: 'POST', json: { providerKey: 'statement-upload', externalUserId: `importer-${Date.now()}` } });
    expect(res.status).toBe(201);
    return (await res.json()) as { consentId: string; consentUrl: string | null };
  };
  const upload = (consentId: string, body: Buffer | string, headers: Record<string, string> = { 'content-type': 'text/plain' }, as = token, query = '') =>
    stack.api(as, `/consents/${consentId}/statements${query}`, { method: 'POST', headers, body });
  const importOf = async (consentId: string, importId: string, as = token) => {
    const res = await stack.api(as, `/consents/${consentId}/statements/${importId}`);
    return { status: res.status, body: (await res.json()) as { data: StatementImportDto } };
  };
  const finished = (consentId: string, importId: string) =>
    waitFor(
      async () => {
        const { body } = await importOf(consentId, importId);
        return body.data.status === 'Completed' || body.data.status === 'Failed' ? body.data : undefined;
      },
      { what: `import ${importId} to finish`, timeoutMs: 60_000, intervalMs: 200 },
    );
  const transactionsOf = async (accountId: string) => {
    const api = stack.clientWithToken(token);
    return collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: accountId }, query: { page, pageSize: 500 } } })));
  };

  it('offers statement-upload among the providers; such a consent needs no redirectUrl, has no consentUrl, waits for data as Authenticated, cannot be refreshed nor synced daily', async () => {
    const { data } = await stack.clientWithToken(token).GET('/providers');
    expect(data.data.map((p) => p.key)).toContain('statement-upload');
    const created = await createUploadConsent();
    expect(created.consentUrl).toBeNull();
    expect(await getConsent(stack, token, created.consentId)).toMatchObject({ status: 'Authenticated', providerKey: 'statement-upload', redirectUrl: null, dateTransactionsUpdated: null });
    const daily = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'statement-upload', syncMode: 'daily' } });
    expect(daily.status).toBe(400);
    expect(Object.keys(((await daily.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['syncMode']);
    const refresh = await stack.api(token, `/consents/${created.consentId}/refresh`, { method: 'POST' });
    expect(refresh.status).toBe(409);
    expect(((await refresh.json()) as { detail: string }).detail).toMatch(/statement files/);
  });

  it('imports an MT940 export: Completed with its counts and account, the consent Updated, the transactions as the bank holds them; an overlapping export adds only what is new', async () => {
    const data = household(`statements-${Date.now()}`);
    const { consentId } = await createUploadConsent();
    const first = slice(data, '2026-01-01', '2026-03-31');
    const answer = await upload(consentId, renderMt940(first, { style: 'ing', openingBalance: 2500 }), { 'content-type': 'text/plain', 'idempotency-key': `first-${consentId}` });
    expect(answer.status).toBe(202);
    const { data: queued } = (await answer.json()) as { data: { id: string } };
    expect(answer.headers.get('location')).toBe(`/consents/${consentId}/statements/${queued.id}`);

    const done = await finished(consentId, queued.id);
    const iban = first.accounts[0]!.iban;
    expect(done).toMatchObject({ status: 'Completed', format: 'mt940', transactionsAdded: first.transactions.length, duplicatesSkipped: 0, errors: [] });
    expect(done.accounts.map((a) => a.iban)).toEqual([iban]);
    const consent = await waitFor(async () => {
      const c = await getConsent(stack, token, consentId);
      return c.status === 'Updated' ? c : undefined;
    }, { what: 'the consent to be Updated' });
    expect(consent.dateTransactionsUpdated).not.toBeNull();

    const accountId = done.accounts[0]!.accountId;
    const stored = await transactionsOf(accountId);
    const comparable = (t: Pick<TransactionDto, 'amount' | 'bookingDate' | 'counterpartName' | 'counterpartAccountNumber' | 'description'>) =>
      `${t.bookingDate.slice(0, 10)} ${t.amount.toFixed(2)} ${t.counterpartName ?? ''} ${t.counterpartAccountNumber ?? ''} ${t.description ?? ''}`;
    expect(stored.map(comparable).sort()).toEqual(first.transactions.map(comparable).sort());

    // A retried upload with its Idempotency-Key is the same import, not a second one.
    const retried = await upload(consentId, renderMt940(first, { style: 'ing', openingBalance: 2500 }), { 'content-type': 'text/plain', 'idempotency-key': `first-${consentId}` });
    expect(((await retried.json()) as { data: { id: string } }).data.id).toBe(queued.id);
    // The key with the same file sent with a format, or to another consent, is another request: 422, nothing queued.
    const elsewhere = await createUploadConsent();
    for (const [target, query] of [[consentId, '?format=mt940'], [elsewhere.consentId, '']] as const) {
      const reused = await upload(target, renderMt940(first, { style: 'ing', openingBalance: 2500 }), { 'content-type': 'text/plain', 'idempotency-key': `first-${consentId}` }, token, query);
      expect(reused.status).toBe(422);
    }
    expect(((await (await stack.api(token, `/consents/${elsewhere.consentId}/statements`)).json()) as { data: StatementImportDto[] }).data).toEqual([]);

    // The next export shares March with the first.
    const second = slice(data, '2026-03-01', '2026-04-30');
    const opening = 2500 + first.transactions.filter((t) => t.bookingDate < '2026-03-01').reduce((sum, t) => sum + t.amount, 0);
    const next = await upload(consentId, renderMt940(second, { style: 'ing', openingBalance: Math.round(opening * 100) / 100 }));
    const nextDone = await finished(consentId, ((await next.json()) as { data: { id: string } }).data.id);
    const march = second.transactions.filter((t) => t.bookingDate < '2026-04-01').length;
    expect(nextDone).toMatchObject({ status: 'Completed', duplicatesSkipped: march, transactionsAdded: second.transactions.length - march });
    expect((await transactionsOf(accountId)).length).toBe(first.transactions.length + second.transactions.length - march);

    const listed = await stack.api(token, `/consents/${consentId}/statements`);
    expect(((await listed.json()) as { data: StatementImportDto[] }).data.map((i) => i.id)).toEqual([nextDone.id, queued.id]);
  });

  it('stores each transaction once across formats: a camt.053 export, then the ING CSV export of the same weeks adds only the days the camt did not have', async () => {
    const data = household(`formats-${Date.now()}`);
    const { consentId } = await createUploadConsent();
    const camt = slice(data, '2026-05-01', '2026-05-31');
    const camtImport = await finished(consentId, ((await (await upload(consentId, renderCamt(camt, { message: 'camt.053', version: '08', openingBalance: 900 }), { 'content-type': 'application/xml' })).json()) as { data: { id: string } }).data.id);
    expect(camtImport).toMatchObject({ status: 'Completed', format: 'camt.053', version: 'camt.053.001.08', transactionsAdded: camt.transactions.length });
    const csv = slice(data, '2026-05-15', '2026-06-15');
    const csvImport = await finished(consentId, ((await (await upload(consentId, renderCsv(csv, { bank: 'ing' }), { 'content-type': 'text/csv' })).json()) as { data: { id: string } }).data.id);
    const shared = csv.transactions.filter((t) => t.bookingDate < '2026-06-01').length;
    expect(csvImport).toMatchObject({ status: 'Completed', format: 'csv-ing', duplicatesSkipped: shared, transactionsAdded: csv.transactions.length - shared });
    expect((await transactionsOf(camtImport.accounts[0]!.accountId)).length).toBe(slice(data, '2026-05-01', '2026-06-15').transactions.length);
  });

  it('refuses a broken file with located errors and stores nothing of it; the edge refuses what is too big, of another type or of an unknown format', async () => {
    const { consentId } = await createUploadConsent();
    const good = renderMt940(slice(household('broken'), '2026-02-01', '2026-02-28'), { style: 'rabobank', openingBalance: 100 });
    const broken = good.replace(/^:61:(\d{6})/m, ':61:26X3');
    const refused = await finished(consentId, ((await (await upload(consentId, broken)).json()) as { data: { id: string } }).data.id);
    expect(refused.status).toBe('Failed');
    expect(refused.errors[0]).toMatchObject({ location: expect.stringMatching(/^line \d+/), message: expect.any(String) });
    expect(refused.transactionsAdded).toBe(0);
    const accounts = await stack.clientWithToken(token).GET('/consents/{id}/accounts', { params: { path: { id: consentId } } });
    expect(accounts.data.data).toEqual([]);
    expect((await getConsent(stack, token, consentId)).status).toBe('Authenticated');

    expect((await upload(consentId, gzipSync(Buffer.alloc(21 * 1024 * 1024, 'x')), { 'content-type': 'text/plain', 'content-encoding': 'gzip' })).status).toBe(413);
    expect((await upload(consentId, '{"a":1}', { 'content-type': 'application/json' })).status).toBe(415);
    const unknown = await upload(consentId, good, { 'content-type': 'text/plain' }, token, '?format=pdf');
    expect(unknown.status).toBe(400);
    expect(Object.keys(((await unknown.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['format']);
    expect((await upload(consentId, '', { 'content-type': 'text/plain' })).status).toBe(400);
  });

  it('lets no other app upload to a consent or read its imports, and takes no file on a bank consent', async () => {
    const { consentId } = await createUploadConsent();
    const file = renderMt940(slice(household('owner'), '2026-02-01', '2026-02-28'), { style: 'abnamro' });
    const { data: queued } = (await (await upload(consentId, file)).json()) as { data: { id: string } };
    const other = await stack.token(await stack.registerClient());
    expect((await upload(consentId, file, { 'content-type': 'text/plain' }, other)).status).toBe(404);
    expect((await importOf(consentId, queued.id, other)).status).toBe(404);
    expect((await stack.api(other, `/consents/${consentId}/statements`)).status).toBe(404);

    const bank = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example.test/done' } });
    const { consentId: bankConsent } = (await bank.json()) as { consentId: string };
    expect((await upload(bankConsent, file)).status).toBe(409);
  });

  it('erases the imports with the consent', async () => {
    const { consentId } = await createUploadConsent();
    const file = renderMt940(slice(household('erased'), '2026-02-01', '2026-02-28'), { style: 'ing' });
    const { data: queued } = (await (await upload(consentId, file)).json()) as { data: { id: string } };
    await finished(consentId, queued.id);
    expect((await stack.api(token, `/consents/${consentId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await importOf(consentId, queued.id)).status).toBe(404);
    expect((await stack.api(token, `/consents/${consentId}/statements`)).status).toBe(404);
  });
});
