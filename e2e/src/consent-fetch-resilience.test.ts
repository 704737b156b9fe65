import { collect } from '@obp/client';
import { ConsentEventTypes, type TransactionsAddedData, type TransactionsFetchedData } from '@obp/contracts';
import { generateSandboxData } from '@obp/sandbox-bank';
import { waitFor } from '@obp/testkit';
import { createConsent, decide, getConsent, recordTopic, waitForStatus } from './consent-helpers';
import { startStack, type Stack } from './harness';

describe('background fetch resilience', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack({
      consentEnv: { FETCH_RETRY_BASE_MS: '5', FETCH_RETRY_MAX_MS: '20', SANDBOX_SLOW_CALL_MS: '2000', FETCH_LEASE_MS: '3000' },
    });
    token = await stack.token(await stack.registerClient());
  });
  afterAll(() => stack.stop());

  it('goes Failing on a provider failure, retries, and stops at Error after 20 consecutive failures, each recorded', async () => {
    const created = await createConsent(stack, token, { providerKey: 'sandbox-failing' });
    await decide(created.consentUrl, 'approve');
    const failing = await waitFor(
      async () => {
        const c = await getConsent(stack, token, created.consentId);
        return c.status === 'Failing' || c.status === 'Error' ? c : undefined;
      },
      { what: 'the first failure' },
    );
    expect(failing.errors.length).toBeGreaterThanOrEqual(1);
    const error = await waitForStatus(stack, token, created.consentId, 'Error');
    expect(error.errors).toHaveLength(20);
    expect(error.errors[0]).toMatchObject({ type: 'FetchFailed', code: 'PROVIDER_UNAVAILABLE' });
    expect(typeof error.errors[0]!.message).toBe('string');
    expect(Number.isNaN(new Date(error.errors[19]!.date).getTime())).toBe(false);
    expect(error.dateTransactionsUpdated).toBeNull();
    // Error is final: no more attempts until a refresh.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getConsent(stack, token, created.consentId)).errors).toHaveLength(20);
    expect((await stack.clientWithToken(token).POST('/consents/{id}/refresh', { params: { path: { id: created.consentId } } })).response.status).toBe(202);
    await waitFor(async () => (await getConsent(stack, token, created.consentId)).errors.length > 20, { what: 'a new attempt after the refresh' });
  });

  it('loses and doubles nothing when the consent service restarts in the middle of a fetch', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      const externalUserId = `restart-${Date.now()}`;
      const created = await createConsent(stack, token, { providerKey: 'sandbox-slow', externalUserId });
      await decide(created.consentUrl, 'approve');
      // The first account's transactions are stored (in its month buckets); the second account's call is under way.
      const buckets = stack.consent.db.collection('transaction_buckets');
      await waitFor(async () => (await buckets.countDocuments({ consentId: created.consentId })) > 0, { what: 'a partly stored fetch', timeoutMs: 20_000, intervalMs: 20 });
      expect((await getConsent(stack, token, created.consentId)).status).toBe('Updating');
      await stack.consent.stop();

      await stack.restartConsent();
      const updated = await waitForStatus(stack, token, created.consentId, 'Updated', 45_000);
      expect(updated.errors).toEqual([]);

      const expected = generateSandboxData({ seed: `sandbox-slow:${externalUserId}`, profile: 'retail', asOf: new Date() }).transactions.length;
      const api = stack.clientWithToken(token);
      const accounts = (await api.GET('/consents/{id}/accounts', { params: { path: { id: created.consentId } } })).data!.data;
      const stored = [];
      for (const account of accounts) stored.push(...(await collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { page, pageSize: 500 } } })))));
      expect(stored).toHaveLength(expected);
      expect(new Set(stored.map((t) => t.id)).size).toBe(expected);

      await waitFor(() => recorder.events(ConsentEventTypes.transactionsFetched).some((e) => (e.data as TransactionsFetchedData).consentId === created.consentId), {
        what: 'transactions.fetched',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const mine = <T>(type: string) => recorder.events(type).filter((e) => (e.data as { consentId: string }).consentId === created.consentId).map((e) => e.data as T);
      const fetched = mine<TransactionsFetchedData>(ConsentEventTypes.transactionsFetched);
      expect(fetched).toHaveLength(1);
      expect(fetched[0]!.addedTransactionsCount).toBe(expected);
      const announced = mine<TransactionsAddedData>(ConsentEventTypes.transactionsAdded).flatMap((d) => d.transactions.map((t) => t.id));
      expect(announced).toHaveLength(expected);
      expect(new Set(announced).size).toBe(expected);
    } finally {
      await recorder.stop();
    }
  });

  it('does not let a slow bank hold up fetches of other consents', async () => {
    const slow = await createConsent(stack, token, { providerKey: 'sandbox-slow', externalUserId: `slow-${Date.now()}` });
    await decide(slow.consentUrl, 'approve');
    await waitForStatus(stack, token, slow.consentId, 'Updating');
    const claimedAt = Date.now();
    const quick = await createConsent(stack, token, { providerKey: 'sandbox-retail', externalUserId: `quick-${Date.now()}` });
    await decide(quick.consentUrl, 'approve');
    await waitForStatus(stack, token, quick.consentId, 'Updated', 4_000);
    expect((await getConsent(stack, token, slow.consentId)).status).toBe('Updating');
    // Past the 3-second lease the running fetch still holds it: the lease is renewed while it runs.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, claimedAt + 4_000 - Date.now())));
    const running = await stack.consent.db.collection('consents').findOne({ _id: slow.consentId } as object);
    expect(running?.status).toBe('Updating');
    expect((running?.fetch as { leaseUntil: Date }).leaseUntil.getTime()).toBeGreaterThan(Date.now());
    await waitForStatus(stack, token, slow.consentId, 'Updated', 20_000);
  });
});
