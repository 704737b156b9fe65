import { randomUUID } from 'node:crypto';
import { waitFor } from '@obp/testkit';
import type { TransactionDto } from '@obp/contracts';
import { connectedConsent, seenBy } from './consent-helpers';
import { decideFeedback, feedbackBody, feedbackItem, feedbackWithStatus, postFeedback, reviewFeedback, submitFeedback } from './feedback-helpers';
import { startStack, type Stack, type TestClient } from './harness';
import { RecordingReceiver, verifiedMessage } from './recording-receiver';

interface Problem {
  status: number;
  title: string | null;
  errors?: Record<string, string[]> | null;
  detail?: string;
}

describe('categorization feedback through the edge', () => {
  let stack: Stack;
  let app: TestClient;
  let appToken: string;
  let otherToken: string;
  let reviewer: TestClient;
  let reviewerToken: string;
  const receiver = new RecordingReceiver();

  beforeAll(async () => {
    await receiver.start();
    stack = await startStack();
    app = await stack.registerClient();
    appToken = await stack.token(app);
    otherToken = await stack.token(await stack.registerClient());
    reviewer = await stack.registerClient(['feedback-review']);
    reviewerToken = await stack.token(reviewer, 'feedback-review');
  });
  afterAll(async () => {
    await stack.stop();
    await receiver.stop();
  });

  const queue = async (query: { category?: string; clientId?: string; engine?: string; status?: string; pageSize?: number } = {}) => {
    const { data, response } = await stack.clientWithToken(reviewerToken).GET('/v2/review/categorization-feedback', { params: { query } });
    expect(response.status).toBe(200);
    return { ...data, data: data.data ?? [] };
  };

  describe('submitting', () => {
    it('answers 202 with the id and its Location, and the app reads the item back, Pending, as it sent it', async () => {
      const body = feedbackBody({ currency: 'eur', targetFlags: ['subscription', 'recurring'] });
      const { data: created, response } = await stack.clientWithToken(appToken).POST('/v2/categorization-feedback', { body });
      expect(response.status).toBe(202);
      const { id } = created.data;
      expect(response.headers.get('location')).toBe(`/v2/categorization-feedback/${id}`);

      const item = await feedbackItem(stack, appToken, id);
      expect(item).toMatchObject({
        id,
        status: 'Pending',
        engine: 'e1',
        countryCode: 'nl',
        profile: 'retail',
        transaction: { transactionId: body.transactionId, accountId: body.accountId, amount: -23.4, currency: 'EUR', counterpartDescription: 'Ekoplaza Utrecht' },
        original: { category: 'expenses.shopping', flags: [] },
        target: { category: 'expenses.groceries', flags: ['recurring', 'subscription'] },
        remark: 'This is an organic supermarket.',
        reviewedAt: null,
        supersededBy: null,
      });
      expect(item.history).toEqual([{ at: item.createdAt, event: 'submitted', by: app.clientId, note: null }]);

      const { data: listed } = await stack.clientWithToken(appToken).GET('/v2/categorization-feedback', { params: { query: { status: 'pending' } } });
      expect(listed.data?.map((i) => i.id)).toContain(id);
      // Another app sees nothing of it.
      expect((await stack.api(otherToken, `/v2/categorization-feedback/${id}`)).status).toBe(404);
      expect((await stack.clientWithToken(otherToken).GET('/v2/categorization-feedback')).data.data).toEqual([]);
    });

    it('takes finer leaves below a canonical category, and property names in any letter case', async () => {
      // Raw on purpose: the generated client's body type has the names as documented.
      const res = await postFeedback(stack, appToken, { ...feedbackBody({ targetCategory: 'expenses.groceries.organic' }), transactionId: undefined, TRANSACTIONID: randomUUID() });
      expect(res.status).toBe(202);
      const { id } = ((await res.json()) as { data: { id: string } }).data;
      expect((await feedbackItem(stack, appToken, id)).target.category).toBe('expenses.groceries.organic');
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['engine z2 (it does not categorise)', { engine: 'z2' }, 'engine'],
      ['no engine', { engine: undefined }, 'engine'],
      ['an upper-case country code', { countryCode: 'NL' }, 'countryCode'],
      ['a profile that does not exist', { profile: 'household' }, 'profile'],
      ['a transactionId that is no GUID', { transactionId: 'tx-1' }, 'transactionId'],
      ['no accountId', { accountId: null }, 'accountId'],
      ['an amount sent as a string', { amount: '-23.40' }, 'amount'],
      ['an amount beyond any balance', { amount: 1e15 }, 'amount'],
      ['a currency that is no ISO code', { currency: 'euro' }, 'currency'],
      ['a description of 1,001 characters', { description: 'x'.repeat(1001) }, 'description'],
      ['no description at all', { description: undefined }, 'description'],
      ['a counterparty name of 257 characters', { counterpartDescription: 'n'.repeat(257) }, 'counterpartDescription'],
      ['no providerKey', { providerKey: '' }, 'providerKey'],
      ['a category outside the list', { originalCategory: 'expenses.yachts' }, 'originalCategory'],
      ['a category in upper case', { targetCategory: 'Expenses.Groceries' }, 'targetCategory'],
      ['a category that is not a path', { targetCategory: 'groceries' }, 'targetCategory'],
      ['an unknown flag', { targetFlags: ['recurring', 'yearly'] }, 'targetFlags[1]'],
      ['flags that are not an array', { originalFlags: 'recurring' }, 'originalFlags'],
      ['no target flags', { targetFlags: undefined }, 'targetFlags'],
      ['a remark of 2,001 characters', { remark: 'r'.repeat(2001) }, 'remark'],
      ['a target that is the original', { targetCategory: 'expenses.shopping' }, 'targetCategory'],
    ];
    it.each(invalid)('refuses %s with a 400 naming the field', async (_what, change, field) => {
      const res = await postFeedback(stack, appToken, feedbackBody(change));
      expect(res.status).toBe(400);
      const problem = (await res.json()) as Problem;
      expect(Object.keys(problem.errors ?? {})).toEqual([field]);
    });

    it('refuses a body that is not an object, and malformed JSON', async () => {
      expect((await postFeedback(stack, appToken, [feedbackBody()])).status).toBe(400);
      const malformed = await stack.api(appToken, '/v2/categorization-feedback', { method: 'POST', body: '{"engine":', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
    });
  });

  describe('naming accounts and transactions', () => {
    let consentId: string;
    /** Two accounts of the app's consent, each with one of its transactions. */
    let owned: Array<{ accountId: string; transaction: TransactionDto }>;
    let intruder: TestClient;
    let intruderToken: string;

    beforeAll(async () => {
      ({ consentId } = await connectedConsent(stack, appToken, { externalUserId: `feedback-${randomUUID()}` }));
      const api = stack.clientWithToken(appToken);
      const accounts = (await api.GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;
      owned = [];
      for (const account of accounts) {
        const first = (await api.GET('/accounts/{id}/transactions', { params: { path: { id: account.id }, query: { pageSize: 1 } } })).data.data?.[0];
        if (first) owned.push({ accountId: account.id, transaction: first });
      }
      expect(owned.length).toBeGreaterThanOrEqual(2);
      intruder = await stack.registerClient();
      intruderToken = await stack.token(intruder);
      await seenBy(stack.feedback.consentOwners, consentId, owned.map((o) => o.accountId));
      await waitFor(async () => (await stack.feedback.transactionAccounts.accountOf(owned[1]!.transaction.id)) !== null, { what: 'the transactions to reach the feedback service' });
    });

    const about = ({ accountId, transaction }: { accountId: string; transaction: TransactionDto }) =>
      feedbackBody({ accountId, transactionId: transaction.id, amount: transaction.amount, currency: transaction.currency, description: transaction.description ?? '' });
    const refusedFields = async (res: Response) => {
      const problem = (await res.json()) as Problem;
      return { status: res.status, fields: Object.keys(problem.errors ?? {}) };
    };

    it("refuses another app's account, or its transaction, with a 422 naming the field, and nothing reaches the reviewers' queue", async () => {
      expect(await refusedFields(await postFeedback(stack, intruderToken, about(owned[0]!)))).toEqual({ status: 422, fields: ['accountId'] });
      // The intruder's own (unknown) account, with the app's transaction.
      const ownAccountTheirTransaction = { ...about(owned[0]!), accountId: randomUUID() };
      expect(await refusedFields(await postFeedback(stack, intruderToken, ownAccountTheirTransaction))).toEqual({ status: 422, fields: ['transactionId'] });
      expect((await queue({ clientId: intruder.clientId })).data).toEqual([]);
      expect((await stack.clientWithToken(intruderToken).GET('/v2/categorization-feedback', { params: { query: {} } })).data.data).toEqual([]);
    });

    it('refuses a transaction named with another account than its own', async () => {
      const mismatched = { ...about(owned[0]!), transactionId: owned[1]!.transaction.id };
      expect(await refusedFields(await postFeedback(stack, appToken, mismatched))).toEqual({ status: 422, fields: ['transactionId'] });
    });

    it('takes the app’s own account and transaction, and another app’s named at once after a share of the consent (the grant on its way is waited for)', async () => {
      expect((await postFeedback(stack, appToken, about(owned[0]!))).status).toBe(202);
      const shared = await stack.clientWithToken(appToken).POST('/shares', { body: { clientId: intruder.clientId, consentIds: [consentId] } });
      expect(shared.response.status).toBe(200);
      const res = await postFeedback(stack, intruderToken, about(owned[1]!));
      expect(res.status).toBe(202);
      const { id } = ((await res.json()) as { data: { id: string } }).data;
      expect((await queue({ clientId: intruder.clientId })).data.map((i) => i.id)).toEqual([id]);
    });
  });

  describe('reviewing', () => {
    it('is for reviewers only: a customer-api token gets 403 on the review routes, a reviewer token 403 on the app routes', async () => {
      const id = await submitFeedback(stack, appToken);
      for (const [method, path] of [
        ['GET', '/v2/review/categorization-feedback'],
        ['GET', `/v2/review/categorization-feedback/${id}`],
        ['POST', `/v2/review/categorization-feedback/${id}/decision`],
      ] as const) {
        const res = await stack.api(appToken, path, { method, ...(method === 'POST' ? { json: { decision: 'Accepted' } } : {}) });
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
      expect((await postFeedback(stack, reviewerToken, feedbackBody())).status).toBe(403);
      expect((await feedbackItem(stack, appToken, id)).status).toBe('Pending');
    });

    it('lists the queue oldest first, filtered by status, engine, category and app, and shows an item with the others about its counterparty', async () => {
      const counterparty = `NL${Math.floor(Math.random() * 90 + 10)}RABO0${String(Date.now()).slice(-9)}`;
      const first = await submitFeedback(stack, appToken, feedbackBody({ counterpartAccountNumber: counterparty, targetCategory: 'expenses.leisure' }));
      const second = await submitFeedback(stack, otherToken, feedbackBody({ counterpartAccountNumber: counterparty, targetCategory: 'expenses.leisure.cinema' }));

      const pending = (await queue({ pageSize: 500 })).data.map((i) => i.id);
      expect(pending.indexOf(first)).toBeLessThan(pending.indexOf(second));
      const leisure = await queue({ category: 'expenses.leisure' });
      expect(leisure.data.map((i) => i.id)).toEqual([first, second]);
      expect(leisure._pagination.totalCount).toBe(2);
      expect((await queue({ category: 'expenses.leisure.cinema' })).data.map((i) => i.id)).toEqual([second]);
      expect((await queue({ category: 'expenses.leisure', clientId: app.clientId })).data.map((i) => [i.id, i.clientId])).toEqual([[first, app.clientId]]);
      expect((await queue({ category: 'expenses.leisure', engine: 'e1' })).data).toHaveLength(2);
      expect((await queue({ category: 'expenses.leisure', status: 'Accepted' })).data).toEqual([]);
      expect((await stack.api(reviewerToken, '/v2/review/categorization-feedback?status=Maybe')).status).toBe(400);

      const reviewer = stack.clientWithToken(reviewerToken);
      const detail = await reviewer.GET('/v2/review/categorization-feedback/{id}', { params: { path: { id: first } } });
      expect(detail.response.status).toBe(200);
      const { data } = detail.data;
      expect(data.item.id).toBe(first);
      expect(data.clientId).toBe(app.clientId);
      expect(data.related.map((r) => r.id)).toEqual([second]);
      await expect(reviewer.GET('/v2/review/categorization-feedback/{id}', { params: { path: { id: randomUUID() } } })).rejects.toMatchObject({ status: 404 });
    });

    it('accepts or rejects once with a note, keeps who, when and why, and tells the app’s webhooks', async () => {
      const path = `/hooks/${randomUUID()}`;
      const endpoint = await stack.clientWithToken(appToken).POST('/webhooks', { body: { url: receiver.url(path), events: ['categorization-feedback.reviewed'] } });
      expect(endpoint.response.status).toBe(201);
      const { secret } = endpoint.data.data;
      const acceptedId = await submitFeedback(stack, appToken);
      const rejectedId = await submitFeedback(stack, appToken);

      const accepted = await reviewFeedback(stack, reviewerToken, acceptedId, 'Accepted', 'Ekoplaza sells groceries.');
      expect(accepted.status).toBe(200);
      const decided = accepted.item;
      expect(decided).toMatchObject({ status: 'Accepted', reviewNote: 'Ekoplaza sells groceries.', reviewedAt: expect.any(String) });
      expect(decided.history.at(-1)).toEqual({ at: decided.reviewedAt, event: 'accepted', by: reviewer.clientId, note: 'Ekoplaza sells groceries.' });
      expect((await reviewFeedback(stack, reviewerToken, rejectedId, 'Rejected', null)).status).toBe(200);

      const again = await decideFeedback(stack, reviewerToken, acceptedId, 'Rejected', 'changed my mind');
      expect(again.status).toBe(409);
      expect(((await again.json()) as Problem).detail).toContain('Accepted');
      expect((await decideFeedback(stack, reviewerToken, randomUUID(), 'Accepted')).status).toBe(404);
      const badDecision = await stack.api(reviewerToken, `/v2/review/categorization-feedback/${rejectedId}/decision`, { method: 'POST', json: { decision: 'Maybe' } });
      expect(badDecision.status).toBe(400);
      expect(Object.keys(((await badDecision.json()) as Problem).errors!)).toEqual(['decision']);

      // The app sees the decision on its item.
      expect(await feedbackItem(stack, appToken, acceptedId)).toMatchObject({ status: 'Accepted', reviewNote: 'Ekoplaza sells groceries.' });
      const messages = await waitFor(() => receiver.on(path).length >= 2 && receiver.on(path), { what: 'both review webhooks', timeoutMs: 30_000 });
      const bodies = messages.map((m) => verifiedMessage(m, secret));
      expect(bodies.map((b) => b.type)).toEqual(['categorization-feedback.reviewed', 'categorization-feedback.reviewed']);
      const byId = new Map(bodies.flatMap((b) => (b.type === 'categorization-feedback.reviewed' ? [[b.data.feedbackId, b.data] as const] : [])));
      expect(byId.get(acceptedId)).toEqual({ feedbackId: acceptedId, transactionId: decided.transaction.transactionId, status: 'Accepted', note: 'Ekoplaza sells groceries.', reviewedAt: decided.reviewedAt });
      expect(byId.get(rejectedId)).toMatchObject({ feedbackId: rejectedId, status: 'Rejected', note: null });
    });
  });

  describe('superseding', () => {
    it('supersedes a Pending item when a newer one about the same transaction comes from the same app, and a reviewer cannot decide it then', async () => {
      const transactionId = randomUUID();
      const older = await submitFeedback(stack, appToken, feedbackBody({ transactionId, targetCategory: 'expenses.groceries' }));
      const newer = await submitFeedback(stack, appToken, feedbackBody({ transactionId, targetCategory: 'expenses.eating-out' }));
      // Another app's item about a transaction with the same id is its own business.
      const others = await submitFeedback(stack, otherToken, feedbackBody({ transactionId }));

      const superseded = await feedbackWithStatus(stack, appToken, older, 'Superseded');
      expect(superseded.supersededBy).toBe(newer);
      expect(superseded.history.map((h) => h.event)).toEqual(['submitted', 'superseded']);
      expect((await feedbackItem(stack, appToken, newer)).status).toBe('Pending');
      expect((await feedbackItem(stack, otherToken, others)).status).toBe('Pending');
      expect((await queue()).data.map((i) => i.id)).not.toContain(older);
      const refused = await decideFeedback(stack, reviewerToken, older, 'Accepted');
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as Problem).detail).toContain('Superseded');
    });

    it('retires an Accepted item once a newer one about its transaction is accepted', async () => {
      const transactionId = randomUUID();
      const first = await submitFeedback(stack, appToken, feedbackBody({ transactionId, targetCategory: 'expenses.groceries' }));
      expect((await reviewFeedback(stack, reviewerToken, first, 'Accepted')).status).toBe(200);
      const second = await submitFeedback(stack, appToken, feedbackBody({ transactionId, targetCategory: 'expenses.eating-out' }));
      // Accepted stays until the newer one is accepted too.
      await waitFor(async () => (await queue()).data.some((i) => i.id === second), { what: 'the newer item in the queue' });
      expect((await feedbackItem(stack, appToken, first)).status).toBe('Accepted');

      expect((await reviewFeedback(stack, reviewerToken, second, 'Accepted')).status).toBe(200);
      const retired = await feedbackWithStatus(stack, appToken, first, 'Superseded');
      expect(retired).toMatchObject({ supersededBy: second });
      expect(retired.history.map((h) => h.event)).toEqual(['submitted', 'accepted', 'retired']);
    });
  });
});
