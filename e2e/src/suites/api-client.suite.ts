import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ApiError, collect, webhookReceiver, type PlatformClient, type WebhookEvent } from '@obp/client';
import { waitFor } from '@obp/testkit';
import { bankConsentUrl, decide, redirectUrl } from '../consent-helpers';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

/**
 * An app's whole journey through the generated client (`@obp/client`), as the quickstart tells it:
 * a consent on the sandbox retail bank, its transactions page by page, an analysis job whose
 * completion arrives as a verified webhook, its result, feedback on a category, a share, and errors.
 */
describe('the generated API client against the platform', () => {
  let stack: Stack;
  let api: PlatformClient;
  let receiver: Server;
  let receiverUrl: string;
  const events: WebhookEvent[] = [];
  let webhookSecret = '';

  beforeAll(async () => {
    stack = await sharedStack();
    api = stack.client(await stack.registerClient(), 'customer-api');
    const app = express();
    // The endpoint's secret is known once the endpoint exists; deliveries come only after that.
    app.post('/platform-webhooks', (req, res, next) => webhookReceiver({ secret: webhookSecret, onEvent: (event) => void events.push(event) })(req, res, next));
    receiver = app.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/platform-webhooks`;
  });
  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  let consentId: string;
  let transactionIds: string[];
  let pagedAccountId: string;

  it('creates a consent on sandbox-retail, which the user approves and whose data is fetched', async () => {
    const { data: providers } = await api.GET('/providers');
    expect(providers.data.map((p) => p.key)).toContain('sandbox-retail');

    const { data: created, response } = await api.POST('/consents', { body: { providerKey: 'sandbox-retail', redirectUrl, externalUserId: `client-${Date.now()}` } });
    expect(response.status).toBe(201);
    consentId = created.consentId;
    await decide(bankConsentUrl(created.consentUrl), 'approve');

    const consent = await waitFor(
      async () => {
        const { data } = await api.GET('/consents/{id}', { params: { path: { id: consentId } } });
        return data.data.status === 'Updated' ? data.data : undefined;
      },
      { what: 'the consent to be Updated', timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(consent.id).toBe(consentId);
  });

  it('pages through an account’s transactions with an async iterator', async () => {
    const { data: accounts } = await api.GET('/consents/{id}/accounts', { params: { path: { id: consentId } } });
    const pageSize = 25;
    const firstPages = await Promise.all(
      accounts.data.map(async (account) => ({ account, firstPage: (await api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { pageSize } } })).data })),
    );
    // The current account (a savings account has a few transfers).
    const { account, firstPage } = firstPages.sort((a, b) => b.firstPage._pagination.totalCount - a.firstPage._pagination.totalCount)[0]!;
    expect(firstPage._pagination.totalPages).toBeGreaterThan(1);

    const transactions = await collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { page, pageSize } } })));

    expect(transactions).toHaveLength(firstPage._pagination.totalCount);
    expect(new Set(transactions.map((t) => t.id)).size).toBe(transactions.length);
    expect(transactions.every((t) => t.accountId === account.id)).toBe(true);
    transactionIds = transactions.map((t) => t.id);
    pagedAccountId = account.id;
  });

  let jobId: string;

  it('runs an analysis job, hears of its completion by a verified webhook and reads its result', async () => {
    const { data: endpoint } = await api.POST('/webhooks', { body: { url: receiverUrl, events: ['analysis-job.completed', 'analysis-job.failed'] } });
    webhookSecret = endpoint.data.secret;

    const { data: job } = await api.POST('/analysis-jobs', { body: { Reference: 'client journey', Engine: 'e1', Profile: 'retail', CountryCode: 'nl', Input: { consentIds: [consentId] } } });
    jobId = job.id;

    const completed = await waitFor(() => events.find((e) => e.type === 'analysis-job.completed' && e.data.analysisJobId === jobId), { what: 'the analysis-job.completed webhook', timeoutMs: 60_000 });
    expect(completed.type === 'analysis-job.completed' && completed.data.reference).toBe('client journey');

    const { data: result } = await api.GET('/analysis-jobs/{id}/result', { params: { path: { id: jobId } } });
    expect(result.data.jobId).toBe(jobId);
    expect(result.data.consentIds).toEqual([consentId]);
    // The result covers the latest 13 months of every account; the paged account's transactions among them are its own.
    const ofPagedAccount = (result.data.transactions ?? []).filter((t) => t.accountId === pagedAccountId);
    expect(ofPagedAccount.length).toBeGreaterThan(0);
    expect(transactionIds).toEqual(expect.arrayContaining(ofPagedAccount.map((t) => t.transactionId)));
  });

  it('sends feedback on a transaction’s category and reads it back', async () => {
    const { data: result } = await api.GET('/analysis-jobs/{id}/result', { params: { path: { id: jobId } } });
    const transaction = result.data.transactions!.find((t) => t.amount < 0)!;

    const { data: submitted, response } = await api.POST('/v2/categorization-feedback', {
      body: {
        engine: 'e1',
        countryCode: 'nl',
        profile: 'retail',
        transactionId: transaction.transactionId,
        accountId: transaction.accountId,
        amount: transaction.amount,
        currency: 'EUR',
        description: transaction.description ?? 'payment',
        providerKey: 'sandbox-retail',
        originalCategory: transaction.category,
        originalFlags: transaction.flags,
        targetCategory: transaction.category === 'expenses.groceries' ? 'expenses.eating-out' : 'expenses.groceries',
        targetFlags: [],
      },
    });
    expect(response.status).toBe(202);

    const { data: item } = await api.GET('/v2/categorization-feedback/{id}', { params: { path: { id: submitted.data.id } } });
    expect(item.data).toMatchObject({ id: submitted.data.id, status: 'Pending' });
  });

  it('shares the consent with another app, whose own client then reads it', async () => {
    const partnerApp = await stack.registerClient();
    const partner = stack.client(partnerApp);
    await expect(partner.GET('/consents/{id}', { params: { path: { id: consentId } } })).rejects.toMatchObject({ status: 404 });

    await api.POST('/shares', { body: { clientId: partnerApp.clientId, consentIds: [consentId] } });

    // The grant reaches the consent service as an event.
    const shared = await waitFor(() => partner.GET('/consents/{id}', { params: { path: { id: consentId } } }).then(({ data }) => data.data, () => undefined), { what: 'the partner to read the shared consent', timeoutMs: 20_000, intervalMs: 200 });
    expect(shared.id).toBe(consentId);
    const shares = await collect(api.paginate((page) => api.GET('/shares', { params: { query: { page } } })));
    expect(shares.map((s) => s.clientId)).toEqual([partnerApp.clientId]);
  });

  it('raises an ApiError that carries the problem body and its traceId', async () => {
    const error = await api.POST('/consents', { body: { providerKey: 'no-such-bank', redirectUrl } }).catch((e: unknown) => e);

    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(Object.keys(error.problem?.errors ?? {})).toEqual(['providerKey']);
    expect(error.traceId).toMatch(/^[0-9a-f]{32}$/);

    await expect(api.GET('/analysis-jobs/{id}', { params: { path: { id: randomUUID() } } })).rejects.toMatchObject({ status: 404, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });
});
