import { randomUUID } from 'node:crypto';
import type { EnrichmentDto } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import { mentions } from '../analysis-helpers';
import { feedbackBody, reviewFeedback, submitFeedback } from '../feedback-helpers';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

/** Transactions as an app holds them: its own ids, the account-information fields, bank details where known. */
function batch(marker: string) {
  return [
    { id: `${marker}-1`, amount: -23.45, currency: 'EUR', bookingDate: '2026-11-02T00:00:00Z', counterpartName: 'ALBERT HEIJN 1403 UTRECHT', description: `BEA, Betaalpas ALBERT HEIJN 1403,PAS123 NR:X1, 02.11.26/10:00 UTRECHT ${marker}`, transactionType: 'ba' },
    { id: `${marker}-2`, amount: 2850, currency: 'eur', bookingDate: '2026-10-25T00:00:00Z', counterpartName: 'Werkgever B.V.', description: `Salaris oktober ${marker}`, purposeCode: 'SALA', bankTransactionCode: 'PMNT-RCDT-ESCT' },
    {
      id: `${marker}-3`,
      amount: -61.2,
      currency: 'EUR',
      bookingDate: '2026-10-28T00:00:00Z',
      counterpartName: 'Zorgverzekeraar Zilveren Kruis',
      description: `Premie november ${marker}`,
      bankTransactionCode: 'PMNT-RDDT-ESDD',
      mandateId: 'ZK-0042',
      creditorSchemeId: 'NL12ZZZ123456780000',
    },
    { id: `${marker}-4`, amount: 61.2, currency: 'EUR', bookingDate: '2026-10-30T00:00:00Z', counterpartName: 'Zorgverzekeraar Zilveren Kruis', description: `Storno ${marker}`, bankTransactionCode: 'PMNT-RDDT-ESDD', reasonCode: 'MD06' },
  ];
}

const enrich = (stack: Stack, token: string, json: unknown, query = '') => stack.api(token, `/enrich/transactions${query}`, { method: 'POST', json });

describe('POST /enrich/transactions through the edge', () => {
  let stack: Stack;
  let token: string;
  let otherToken: string;
  let reviewerToken: string;

  beforeAll(async () => {
    stack = await sharedStack();
    token = await stack.token(await stack.registerClient());
    otherToken = await stack.token(await stack.registerClient());
    reviewerToken = await stack.token(await stack.registerClient(['feedback-review']), 'feedback-review');
  });

  it('answers each transaction in the order sent, with category, flags, confidence, source and counterparty', async () => {
    const sent = batch(`order-${randomUUID()}`);
    const response = await enrich(stack, token, { transactions: sent });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: EnrichmentDto };
    expect(data.transactions.map((t) => t.id)).toEqual(sent.map((t) => t.id));
    expect(data.transactions[0]).toMatchObject({ category: 'expenses.groceries', counterparty: 'albert heijn' });
    expect(data.transactions[1]).toMatchObject({ category: 'income.salary' });
    expect(data.transactions[2].flags).toContain('direct-debit');
    expect(data.transactions[3].flags).toContain('returned-direct-debit');
    expect(data.transactions[3].flags).not.toContain('direct-debit');
    for (const t of data.transactions) {
      expect(t.confidence).toBeGreaterThan(0);
      expect(t.source).toMatch(/^(rule|model|feedback):/);
    }
    expect(data.sequencing).toBeNull();
  });

  it('is in the typed client, which needs only id, amount, currency and bookingDate of a transaction', async () => {
    const { data, response } = await stack.clientWithToken(token).POST('/enrich/transactions', {
      params: { query: { includeSequences: false } },
      body: { transactions: [{ id: 'typed-1', amount: -4.2, currency: 'EUR', bookingDate: '2026-11-04', counterpartName: 'PAYPAL *SPOTIFY' }] },
    });
    expect(response.status).toBe(200);
    expect(data.data.transactions).toEqual([expect.objectContaining({ id: 'typed-1', counterparty: 'spotify' })]);
  });

  it('gives the sequences found in the batch, by the ids sent, when asked', async () => {
    const months = Array.from({ length: 8 }, (_, i) => ({
      id: `rent-${i}`,
      amount: -950,
      currency: 'EUR',
      bookingDate: new Date(Date.UTC(2026, 3 + i, 1)).toISOString(),
      counterpartName: 'Woonstichting De Key',
      counterpartAccountNumber: 'NL44RABO0123456789',
      description: 'Huur',
    }));
    const response = await enrich(stack, token, { transactions: months }, '?includeSequences=true');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: EnrichmentDto };
    expect(data.sequencing!.expenseSequences.map((s) => ({ periodicity: s.periodicity, transactionIds: [...s.transactionIds].sort() }))).toEqual([
      { periodicity: 'Monthly', transactionIds: months.map((t) => t.id).sort() },
    ]);
    expect(data.transactions.every((t) => t.flags.includes('recurring'))).toBe(true);
  });

  it('refuses invalid items with a 400 naming transactions[i].field, and ids sent twice naming the index', async () => {
    const sent: Array<Record<string, unknown>> = batch('invalid');
    sent[1] = { ...sent[1], amount: '12,50' };
    sent[2] = { ...sent[2], bookingDate: 'yesterday' };
    delete sent[3].currency;
    const response = await enrich(stack, token, { transactions: sent });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).sort()).toEqual(['transactions[1].amount', 'transactions[2].bookingDate', 'transactions[3].currency']);

    const twice = batch('twice');
    twice[2] = { ...twice[2], id: twice[0].id };
    const duplicate = await enrich(stack, token, { transactions: twice });
    expect(duplicate.status).toBe(400);
    expect(((await duplicate.json()) as { errors: Record<string, string[]> }).errors).toEqual({ 'transactions[2].id': [expect.stringContaining('transactions[0]')] });

    const none = await enrich(stack, token, { transactions: [] });
    expect(none.status).toBe(400);
    expect(Object.keys(((await none.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['transactions']);
  });

  it('takes 1,000 transactions with every field at its longest, refuses more than 1,000 transactions and a body over its limit with 413', async () => {
    const one = batch('many')[0];
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...one, id: `many-${i}` }));
    const tooMany = await enrich(stack, token, { transactions: many });
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { detail: string }).detail).toContain('1001');

    const thousand = await enrich(stack, token, { transactions: many.slice(0, 1000) });
    expect(thousand.status).toBe(200);

    const longest = Array.from({ length: 1000 }, (_, i) => ({
      id: `${String(i).padStart(4, '0')}${'i'.repeat(124)}`,
      amount: -123456.78,
      currency: 'EUR',
      bookingDate: '2026-11-02T00:00:00.000Z',
      valueDate: '2026-11-01T00:00:00.000Z',
      description: 'Omschrijving '.repeat(77).slice(0, 1000),
      counterpartName: 'N'.repeat(256),
      counterpartAccountNumber: 'A'.repeat(64),
      transactionType: 'T'.repeat(64),
      transactionTypeName: 'Betaalautomaat '.repeat(18).slice(0, 256),
      reasonCode: 'R'.repeat(35),
      purposeCode: 'P'.repeat(35),
      bankTransactionCode: 'PMNT-RDDT-ESDD'.padEnd(64, 'X'),
      mandateId: 'M'.repeat(35),
      creditorSchemeId: 'C'.repeat(35),
      merchantCategoryCode: '5411',
    }));
    const everyFieldAtItsLongest = await enrich(stack, token, { transactions: longest });
    expect(everyFieldAtItsLongest.status).toBe(200);

    const oversized = await enrich(stack, token, { transactions: [one], padding: 'x'.repeat(3.2 * 1024 * 1024) });
    expect(oversized.status).toBe(413);
  });

  it('stores nothing of the request: every collection of the analysis database holds as many documents after as before, and no database names it', async () => {
    const counts = async () => {
      const db = stack.analysis.db.db!;
      const out: Record<string, number> = {};
      for (const { name } of await db.listCollections().toArray()) out[name] = await db.collection(name).countDocuments({});
      return out;
    };
    const marker = `unstored-${randomUUID()}`;
    const before = await counts();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    const response = await enrich(stack, token, { transactions: batch(marker), ownIbans: ['NL91 ABNA 0417 1643 00'], profile: 'retail', countryCode: 'nl' }, '?includeSequences=true');
    expect(response.status).toBe(200);
    expect(await counts()).toEqual(before);
    const databases = [stack.analysis, stack.consent, stack.share, stack.feedback, stack.webhooks, stack.sequencing, stack.edge].map((service) => service.db);
    const found = (await Promise.all(databases.map((db) => mentions(db, [marker])))).flat();
    expect(found).toEqual([]);
  });

  it('applies the calling app’s accepted feedback, not another app’s', async () => {
    const name = `Kwekerij ${randomUUID().slice(0, 8)}`;
    const sent = [{ id: 'kwekerij-1', amount: -18.5, currency: 'EUR', bookingDate: '2026-11-03T00:00:00Z', counterpartName: name, description: 'Bestelling 1044' }];
    const categoryOf = async (caller: string) => {
      const response = await enrich(stack, caller, { transactions: sent });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: EnrichmentDto }).data.transactions[0];
    };
    const before = await categoryOf(token);
    expect(before.category).not.toBe('expenses.leisure');

    const itemId = await submitFeedback(
      stack,
      token,
      feedbackBody({ counterpartDescription: name, description: 'Bestelling 1044', counterpartAccountNumber: null, transactionType: null, transactionTypeName: null, originalCategory: before.category, targetCategory: 'expenses.leisure' }),
    );
    await reviewFeedback(stack, reviewerToken, itemId, 'Accepted');

    const after = await waitFor(async () => {
      const enriched = await categoryOf(token);
      return enriched.source === `feedback:${itemId}` && enriched;
    }, { what: 'the accepted feedback to apply to enrichment', timeoutMs: 30_000 });
    expect(after).toMatchObject({ category: 'expenses.leisure', confidence: 1 });
    expect(await categoryOf(otherToken)).toEqual(before);
  });
});
