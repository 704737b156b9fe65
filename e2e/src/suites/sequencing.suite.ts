import type { AccountDto, TransactionDto } from '@obp/contracts';
import type { Sequence, SequencingResult } from '@obp/sequencing';
import type { InMemorySpanExporter } from '@obp/telemetry';
import { waitFor } from '@obp/testkit';
import { connectedConsent, createConsent, decide, waitForStatus } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

type Result = SequencingResult<TransactionDto>;

describe('sequencing through the edge', () => {
  let stack: Stack;
  let owner: TestClient;
  let token: string;
  let consentId: string;
  let userId: string;
  let result: Result;
  let accounts: AccountDto[];

  beforeAll(async () => {
    stack = await sharedStack();
    owner = await stack.registerClient();
    token = await stack.token(owner);
    userId = '5e0c2f4a-9b7d-4e1a-8c3f-2d6b0a9e8f71';
    ({ consentId } = await connectedConsent(stack, token, { userId, externalUserId: `sequenced-${Date.now()}` }));
    const api = stack.clientWithToken(token);
    accounts = (await api.GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;
    await waitFor(async () => (await stack.sequencing.db.collection('consents').findOne({ _id: consentId } as object))?.transactionsThrough, {
      what: 'the sequencing engine to have applied the fetch',
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const { data, response } = await api.GET('/consents/{id}/sequencing', { params: { path: { id: consentId } } });
    expect(response.status).toBe(200);
    result = data.data;
  });

  const names = (sequences: Sequence<TransactionDto>[]) => sequences.map((s) => `${s.periodicity}: ${s.counterpartName}`);

  it('finds the salary as monthly income and the rent as a monthly expense, from approval to response', () => {
    expect(result.engineVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const salary = result.incomeSequences.find((s) => s.transactions.every((t) => t.purposeCode === 'SALA'));
    expect(salary).toBeDefined();
    expect(salary!.periodicity).toBe('Monthly');
    expect(salary!.transactions.length).toBeGreaterThanOrEqual(12);
    expect(salary!.amountConsistency.mostRecentAmount).toBeGreaterThan(0);
    const rent = result.expenseSequences.find((s) => s.transactions.every((t) => t.purposeCode === 'RENT' || t.purposeCode === 'LOAR'));
    expect({ rent: rent?.periodicity, all: names(result.expenseSequences) }).toMatchObject({ rent: 'Monthly' });
    expect(rent!.amountConsistency.statisticsL12M.totalAmount).toBeLessThan(0);
  });

  it('returns every field of spec 2.6 and the currency, with the consent’s own transactions, and leaves own-account transfers out', async () => {
    const own = new Set(accounts.map((a) => a.iban));
    const stored = new Map<string, TransactionDto>();
    const api = stack.clientWithToken(token);
    for (const account of accounts) {
      for await (const t of api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { pageSize: 500, page } } }))) stored.set(t.id, t);
    }
    for (const sequence of [...result.incomeSequences, ...result.expenseSequences]) {
      expect(Object.keys(sequence)).toEqual(
        expect.arrayContaining(['periodicity', 'currency', 'transactions', 'periodMatches', 'periodMatchPercentage', 'amountMatchPercentage', 'timelinessMatchPercentage', 'timeConsistency', 'amountConsistency']),
      );
      expect(Object.keys(sequence.timeConsistency.statisticsL12M).sort()).toEqual(['averageDayOfPeriod', 'maxDayOfPeriod', 'medianDayOfPeriod', 'minDayOfPeriod', 'modeDayOfPeriod', 'stdDevDayOfPeriod']);
      expect(Object.keys(sequence.amountConsistency.statisticsL3M).sort()).toEqual(['averageAmount', 'maxAmount', 'medianAmount', 'minAmount', 'modeAmount', 'stdDevAmount', 'totalAmount']);
      expect(sequence.timeConsistency.duration).toMatch(/^\d+\.\d{2}:\d{2}:\d{2}$/);
      expect(sequence.timeConsistency.transactionCount).toBe(sequence.transactions.length);
      for (const t of sequence.transactions) {
        expect(t).toEqual(stored.get(t.id));
        expect(t.currency).toBe(sequence.currency);
        expect(own.has(t.counterpartAccountNumber ?? '')).toBe(false);
      }
    }
    for (const s of result.incomeSequences) expect(s.transactions.every((t) => t.amount > 0)).toBe(true);
    for (const s of result.expenseSequences) expect(s.transactions.every((t) => t.amount < 0)).toBe(true);
  });

  it('answers per user, and to another app only through a share', async () => {
    const api = stack.clientWithToken(token);
    const byUser = await api.GET('/users/{id}/sequencing', { params: { path: { id: userId } } });
    expect(byUser.response.status).toBe(200);
    expect(byUser.data.data.incomeSequences.length).toBe(result.incomeSequences.length);

    const partner = await stack.registerClient();
    const partnerToken = await stack.token(partner);
    expect((await stack.api(partnerToken, `/consents/${consentId}/sequencing`)).status).toBe(404);
    expect((await stack.api(partnerToken, `/users/${userId}/sequencing`)).status).toBe(404);
    const share = await api.POST('/shares', { body: { clientId: partner.clientId, consentIds: [consentId] } });
    expect(share.response.status).toBe(200);
    await waitFor(async () => (await stack.api(partnerToken, `/consents/${consentId}/sequencing`)).status === 200, { what: 'the grant' });
    const shared = await stack.clientWithToken(partnerToken).GET('/users/{id}/sequencing', { params: { path: { id: userId } } });
    expect(shared.response.status).toBe(200);
    expect(shared.data.data.incomeSequences.length).toBe(result.incomeSequences.length);
  });

  it('computes a consent’s sequencing when its transactions are fetched, so the first request is answered from the cache', async () => {
    const fetched = await connectedConsent(stack, token, { externalUserId: `precomputed-${Date.now()}` });
    const slot = () => stack.sequencing.db.collection<{ _id: string; cached?: { computedAt: Date } }>('consent_results').findOne({ _id: fetched.consentId });
    const cached = await waitFor(async () => (await slot())?.cached, { what: 'the sequencing cached after the fetch, before any request', timeoutMs: 30_000, intervalMs: 200 });
    const { response } = await stack.clientWithToken(token).GET('/consents/{id}/sequencing', { params: { path: { id: fetched.consentId } } });
    expect(response.status).toBe(200);
    expect((await slot())?.cached?.computedAt).toEqual(cached.computedAt);
  });

  it('rejects a bad id with 400 and an unknown one with 404', async () => {
    const bad = await stack.api(token, '/consents/nope/sequencing');
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toEqual(['id']);
    expect((await stack.api(token, '/users/nope/sequencing')).status).toBe(400);
    const api = stack.clientWithToken(token);
    const unknown = { params: { path: { id: '00000000-0000-0000-0000-000000000000' } } };
    await expect(api.GET('/consents/{id}/sequencing', unknown)).rejects.toMatchObject({ status: 404 });
    await expect(api.GET('/users/{id}/sequencing', unknown)).rejects.toMatchObject({ status: 404 });
  });

  it('traces the approval click through the background fetch, the publish and the sequencing engine’s consumption', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter!;
    const created = await createConsent(stack, token, { externalUserId: `traced-${Date.now()}` });
    exporter.reset();
    await decide(created.consentUrl, 'approve');
    await waitForStatus(stack, token, created.consentId, 'Updated');
    // The status is readable a moment before the fetch's span ends, and the stack is shared with other suites whose
    // events the engine processes too: wait for this consent's fetch span and a processing span in its trace.
    const spans = await waitFor(
      () => {
        const all = exporter.getFinishedSpans();
        const fetched = all.find((s) => s.name === 'consent fetch' && s.attributes['obp.consent.id'] === created.consentId);
        const processed = all.filter(
          (s) =>
            s.name === `${stack.consentEventsTopic} process` &&
            String(s.attributes['messaging.consumer.group.name']).endsWith('sequencing-engine-transactions') &&
            s.spanContext().traceId === fetched?.spanContext().traceId,
        );
        return processed.length > 0 ? all : undefined;
      },
      { what: 'the sequencing engine to process the events of this consent’s fetch' },
    );
    const click = spans.find((s) => s.name === 'POST /sandbox/:providerKey/authorize' && s.attributes['obp.service'] === 'edge')!;
    const fetch = spans.find((s) => s.name === 'consent fetch' && s.attributes['obp.consent.id'] === created.consentId)!;
    expect(click).toBeDefined();
    expect(fetch).toBeDefined();
    const traceId = click.spanContext().traceId;
    expect(fetch.spanContext().traceId).toBe(traceId);
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId).map((s) => s.name);
    expect(inTrace).toEqual(expect.arrayContaining([`${stack.consentEventsTopic} publish`, `${stack.consentEventsTopic} process`]));
  });
});
