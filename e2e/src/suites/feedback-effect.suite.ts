import type { AnalysisResult, TransactionDto } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import { createJob, finishedJob, getResult, jobBody } from '../analysis-helpers';
import { connectedConsent } from '../consent-helpers';
import { feedbackBody, reviewFeedback, submitFeedback } from '../feedback-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

type Categorised = NonNullable<AnalysisResult['transactions']>[number];

describe('accepted feedback shapes later e1 jobs of its app, and nothing else', () => {
  let stack: Stack;
  let owner: TestClient;
  let ownerToken: string;
  let partnerToken: string;
  let reviewerToken: string;
  let consentId: string;
  let otherConsentId: string;
  /** The accepted correction of the first test: about a transaction of `consentId`. */
  let acceptedId: string;

  beforeAll(async () => {
    stack = await sharedStack();
    owner = await stack.registerClient();
    ownerToken = await stack.token(owner);
    const partner = await stack.registerClient();
    partnerToken = await stack.token(partner);
    const reviewer = await stack.registerClient(['feedback-review']);
    reviewerToken = await stack.token(reviewer, 'feedback-review');
    const [first, second] = await Promise.all([
      connectedConsent(stack, ownerToken, { externalUserId: `effect-${Date.now()}` }),
      connectedConsent(stack, ownerToken, { externalUserId: `effect-other-${Date.now()}` }),
    ]);
    consentId = first.consentId;
    otherConsentId = second.consentId;
    const share = await stack.clientWithToken(ownerToken).POST('/shares', { body: { clientId: partner.clientId, consentIds: [consentId] } });
    expect(share.response.status).toBe(200);
  });

  const e1Result = async (token: string, consentIds: string[]) => {
    const id = await createJob(stack, token, jobBody(consentIds));
    expect((await finishedJob(stack, token, id)).status).toBe('Completed');
    return { id, result: await getResult(stack, token, id) };
  };

  /** The transaction as the app read it through the API: what it sends back as feedback. */
  const transactionOf = async (categorised: Categorised): Promise<TransactionDto> => {
    const api = stack.clientWithToken(ownerToken);
    for await (const t of api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: categorised.accountId }, query: { pageSize: 500, page } } }))) {
      if (t.id === categorised.transactionId) return t;
    }
    throw new Error(`transaction ${categorised.transactionId} not found`);
  };

  const correctionOf = (tx: TransactionDto, from: Categorised, targetCategory: string) =>
    feedbackBody({
      transactionId: tx.id,
      accountId: tx.accountId,
      amount: tx.amount,
      currency: tx.currency,
      description: tx.description ?? '',
      counterpartDescription: tx.counterpartName,
      counterpartAccountNumber: tx.counterpartAccountNumber,
      transactionType: tx.transactionType,
      transactionTypeName: tx.transactionTypeName,
      originalCategory: from.category,
      originalFlags: from.flags,
      targetCategory,
      targetFlags: [],
    });

  it('applies an accepted correction to the counterparty in a new job, leaves the earlier result as it was, other apps and rejected feedback alone', async () => {
    const earlier = await e1Result(ownerToken, [consentId]);
    const transactions = earlier.result.transactions!;
    // The second test needs the counterparty in the other consent's data too (the generated data differs per user).
    const { result: others } = await e1Result(ownerToken, [otherConsentId]);
    const otherCounterparties = new Set(others.transactions!.map((t) => t.counterpartName));
    // A payment at a merchant that is not groceries, and another transaction to correct and reject.
    const corrected = transactions.find((t) => t.category !== 'expenses.groceries' && t.category.startsWith('expenses.') && t.counterpartName !== null && otherCounterparties.has(t.counterpartName) && !t.flags.includes('internal-transfer'))!;
    const rejected = transactions.find((t) => t.counterpartName !== null && t.counterpartName !== corrected.counterpartName && t.category.startsWith('expenses.') && t.category !== 'expenses.leisure')!;
    expect(corrected).toBeDefined();
    expect(rejected).toBeDefined();
    const sameCounterparty = transactions.filter((t) => t.counterpartName === corrected.counterpartName).map((t) => t.transactionId);

    acceptedId = await submitFeedback(stack, ownerToken, correctionOf(await transactionOf(corrected), corrected, 'expenses.groceries.organic'));
    const rejectedId = await submitFeedback(stack, ownerToken, correctionOf(await transactionOf(rejected), rejected, 'expenses.leisure'));
    expect((await reviewFeedback(stack, reviewerToken, rejectedId, 'Rejected', 'No: it is what it says.')).status).toBe(200);
    expect((await reviewFeedback(stack, reviewerToken, acceptedId, 'Accepted', 'Organic groceries.')).status).toBe(200);

    // The rule reaches the analysis service through the feedback events: the first job created after that applies it.
    const later = await waitFor(async () => {
      const { result } = await e1Result(ownerToken, [consentId]);
      return result.transactions!.find((t) => t.transactionId === corrected.transactionId)?.source === `feedback:${acceptedId}` && result;
    }, { what: 'a job that applies the accepted feedback', timeoutMs: 60_000, intervalMs: 200 });
    const byId = new Map(later.transactions!.map((t) => [t.transactionId, t]));
    for (const id of sameCounterparty) expect(byId.get(id)).toMatchObject({ category: 'expenses.groceries.organic', source: `feedback:${acceptedId}`, confidence: 1 });
    expect(byId.get(rejected.transactionId)).toMatchObject({ category: rejected.category, source: rejected.source });
    // The result's figures follow the new category.
    // (by canonical category: the organic leaf counts under expenses.groceries)
    const groceries = later.totals.expense.byCategory!.find((c) => c.category === 'expenses.groceries');
    expect(groceries?.transactionIds.sort()).toEqual(expect.arrayContaining(sameCounterparty.filter((id) => byId.get(id)!.amount < 0)));

    // The earlier result is as it was.
    expect(await getResult(stack, ownerToken, earlier.id)).toEqual(earlier.result);
    // Another app analysing the same (shared) consent is not affected.
    const partners = await e1Result(partnerToken, [consentId]);
    expect(partners.result.transactions!.find((t) => t.transactionId === corrected.transactionId)).toMatchObject({ category: corrected.category, source: corrected.source });
  });

  it('never brings an erased transaction back: after the consent’s erasure the app’s jobs on its other data do not hold it, nor apply the rule learnt from it', async () => {
    const { result } = await e1Result(ownerToken, [consentId]);
    const erasedIds = new Set(result.transactions!.map((t) => t.transactionId));
    // The rule learnt from a transaction of the consent applies to the other consent's data too (same counterparty).
    const ruled = (categorised: AnalysisResult) => categorised.transactions!.some((t) => t.source === `feedback:${acceptedId}`);
    // (polled: under load the analysis service's copy of the other consent's transactions may still be arriving)
    await waitFor(async () => ruled((await e1Result(ownerToken, [otherConsentId])).result), { what: 'a job on the other consent that applies the rule', timeoutMs: 60_000, intervalMs: 500 });

    expect((await stack.clientWithToken(ownerToken).DELETE('/consents/{id}', { params: { path: { id: consentId } } })).response.status).toBe(204);
    const failed = await createJob(stack, ownerToken, jobBody([consentId]));
    expect((await finishedJob(stack, ownerToken, failed)).failure?.code).toBe('ConsentDeleted');
    // The feedback about the consent is erased with it, and its rule with the feedback.
    await waitFor(async () => (await stack.api(ownerToken, `/v2/categorization-feedback/${acceptedId}`)).status === 404, { what: 'the feedback to be erased', timeoutMs: 30_000 });
    await waitFor(async () => !(await stack.analysis.feedbackRules.rulesFor(owner.clientId, new Date())).some((rule) => rule.id === acceptedId), { what: 'the rule to be forgotten', timeoutMs: 30_000 });
    const other = await e1Result(ownerToken, [otherConsentId]);
    expect(other.result.transactions!.some((t) => erasedIds.has(t.transactionId))).toBe(false);
    expect(ruled(other.result)).toBe(false);
    expect(other.result.consentIds).toEqual([otherConsentId]);
  });
});

