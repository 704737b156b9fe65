import type { EnrichTransactionInput, EnrichTransactionsBody, FeedbackItemDto } from '@obp/contracts';
import { ValidationFailed } from '@obp/core';
import { connectDatabase, database } from '@obp/db';
import { camtBankTransactionCode, generateSandboxData } from '@obp/sandbox-bank';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { analyse } from '../../domain/engine/analyse';
import { FeedbackRules } from '../../infrastructure/feedback-rules';
import { EnrichTransactionsService, TooManyTransactions } from './enrich-transactions.service';

const APP = 'enriching-app';
const OTHER_APP = 'other-app';
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function testBed() {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('analysis_enrich'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const rules = new FeedbackRules(database(connection));
  await rules.ensureIndexes();
  return { rules, service: new EnrichTransactionsService(rules) };
}

const asOf = new Date('2026-10-15T00:00:00.000Z');

/** A year of a sandbox household's current account, as an app holding it would send it (its own ids, the bank transaction codes). */
function household(seed: string): { transactions: EnrichTransactionInput[]; iban: string } {
  const data = generateSandboxData({ seed, profile: 'retail', asOf, months: 12 });
  const account = data.accounts.find((a) => a.type === 'Current')!;
  const transactions = data.transactions
    .filter((t) => t.accountExternalId === account.externalId)
    .map((t) => ({
      id: `app-${t.externalId}`,
      amount: t.amount,
      currency: t.currency,
      bookingDate: new Date(t.bookingDate),
      valueDate: new Date(t.valueDate),
      description: t.description,
      counterpartName: t.counterpartName,
      counterpartAccountNumber: t.counterpartAccountNumber,
      transactionType: t.transactionType,
      transactionTypeName: t.transactionTypeName,
      reasonCode: t.reasonCode,
      purposeCode: t.purposeCode,
      bankTransactionCode: camtBankTransactionCode(t),
      mandateId: null,
      creditorSchemeId: null,
      merchantCategoryCode: null,
    }));
  return { transactions, iban: account.iban };
}

const body = (transactions: EnrichTransactionInput[], fields: Partial<EnrichTransactionsBody> = {}): EnrichTransactionsBody => ({
  transactions,
  ownIbans: [],
  profile: 'retail',
  countryCode: null,
  kvkNumber: null,
  ...fields,
});

function acceptedItem(id: string, counterpartName: string, category: string): FeedbackItemDto {
  return {
    id,
    status: 'Accepted',
    engine: 'e1',
    countryCode: 'nl',
    profile: 'retail',
    transaction: {
      transactionId: `tx-${id}`,
      accountId: 'acc',
      amount: -20,
      currency: 'EUR',
      description: 'x',
      counterpartDescription: counterpartName,
      counterpartAccountNumber: null,
      providerKey: 'sandbox-retail',
      transactionType: null,
      transactionTypeName: null,
      reasonCode: null,
      purposeCode: null,
    },
    original: { category: 'expenses.other', flags: [] },
    target: { category, flags: [] },
    remark: null,
    createdAt: '2026-10-01T00:00:00.000Z',
    reviewedAt: '2026-10-02T00:00:00.000Z',
    reviewNote: null,
    supersededBy: null,
    history: [],
  };
}

describe('EnrichTransactionsService', () => {
  it('answers each transaction in the order sent with what an e1 job over the same transactions gives', async () => {
    const { service } = await testBed();
    const { transactions, iban } = household('enrich-e1');
    const shuffled = [...transactions].reverse();
    const result = await service.execute({ clientId: APP, body: body(shuffled, { ownIbans: [iban] }), includeSequences: false }, asOf);
    if (!result.ok) throw result.error;

    expect(result.value.transactions.map((t) => t.id)).toEqual(shuffled.map((t) => t.id));
    const job = analyse({
      jobId: 'job',
      engine: 'e1',
      profile: 'retail',
      countryCode: 'nl',
      kvkNumber: null,
      consentIds: [],
      accountIds: [],
      transactions: shuffled.map((t) => ({ ...t, accountId: '00000000-0000-4000-8000-000000000000', bookingDate: t.bookingDate.toISOString(), valueDate: t.valueDate!.toISOString() })),
      ownIbans: [iban],
      internalIbans: [],
      asOf,
      feedbackRules: [],
    });
    const fromJob = new Map(job.transactions!.map((t) => [t.transactionId, { category: t.category, flags: t.flags, confidence: t.confidence, source: t.source }]));
    for (const enriched of result.value.transactions) {
      const { id, counterparty: _counterparty, ...categorisation } = enriched;
      expect(categorisation).toEqual(fromJob.get(id));
    }
    expect(result.value.transactions.filter((t) => t.flags.includes('recurring')).length).toBeGreaterThan(0);
    expect(result.value.sequencing).toBeNull();
  });

  it('gives the normalised counterparty, and the sequences found in the batch by the ids sent when asked', async () => {
    const { service } = await testBed();
    const { transactions } = household('enrich-sequences');
    const result = await service.execute({ clientId: APP, body: body(transactions), includeSequences: true }, asOf);
    if (!result.ok) throw result.error;

    const sequencing = result.value.sequencing!;
    const sequences = [...sequencing.incomeSequences, ...sequencing.expenseSequences];
    expect(sequences.length).toBeGreaterThan(0);
    const sent = new Set(transactions.map((t) => t.id));
    for (const sequence of sequences) expect(sequence.transactionIds.every((id) => sent.has(id))).toBe(true);
    const recurring = new Set(result.value.transactions.filter((t) => t.flags.includes('recurring')).map((t) => t.id));
    expect(new Set(sequences.flatMap((s) => s.transactionIds))).toEqual(recurring);

    const named = transactions.findIndex((t) => t.counterpartName !== null && /albert heijn/i.test(t.counterpartName));
    expect(named).toBeGreaterThanOrEqual(0);
    expect(result.value.transactions[named].counterparty).toBe('albert heijn');
  });

  it('reads a sole trader’s trade purchases as business costs when the request gives a KvK number, and their groceries as groceries', async () => {
    const { service } = await testBed();
    const [template] = household('enrich-sole-trader').transactions;
    const sent = [
      { ...template!, id: 'wholesaler', amount: -212.4, transactionType: 'ba', counterpartName: 'SLIGRO 123 UTRECHT', description: 'Pasvolgnr: 001', counterpartAccountNumber: null },
      { ...template!, id: 'supermarket', amount: -48.2, transactionType: 'ba', counterpartName: 'ALBERT HEIJN 1403 AMSTERDAM', description: 'Pasvolgnr: 002', counterpartAccountNumber: null },
    ];
    const categories = async (kvkNumber: string | null) => {
      const result = await service.execute({ clientId: APP, body: body(sent, { kvkNumber }), includeSequences: false }, asOf);
      if (!result.ok) throw result.error;
      return result.value.transactions.map((t) => [t.id, t.category.split('.').slice(0, 2).join('.')]);
    };
    expect(await categories('12345678')).toEqual([
      ['wholesaler', 'expenses.business'],
      ['supermarket', 'expenses.groceries'],
    ]);
    expect(await categories(null)).toEqual([
      ['wholesaler', 'expenses.groceries'],
      ['supermarket', 'expenses.groceries'],
    ]);
  });

  it('applies the calling app’s accepted feedback rules, and no other app’s', async () => {
    const { rules, service } = await testBed();
    const { transactions } = household('enrich-feedback');
    const groceries = transactions.findIndex((t) => t.counterpartName !== null && /albert heijn/i.test(t.counterpartName) && t.amount < 0);
    const request = { body: body(transactions), includeSequences: false };

    const before = await service.execute({ clientId: APP, ...request }, asOf);
    if (!before.ok) throw before.error;
    expect(before.value.transactions[groceries].category).toBe('expenses.groceries');

    await rules.accept(acceptedItem('fb-1', 'Albert Heijn', 'expenses.leisure'), APP);
    const mine = await service.execute({ clientId: APP, ...request }, asOf);
    const theirs = await service.execute({ clientId: OTHER_APP, ...request }, asOf);
    if (!mine.ok || !theirs.ok) throw new Error('enrichment failed');

    expect(mine.value.transactions[groceries]).toMatchObject({ category: 'expenses.leisure', source: 'feedback:fb-1', confidence: 1 });
    expect(theirs.value.transactions).toEqual(before.value.transactions);
  });

  it('refuses ids sent twice, naming the later position and the first', async () => {
    const { service } = await testBed();
    const { transactions } = household('enrich-duplicates');
    const sent = transactions.slice(0, 5);
    sent[3] = { ...sent[3], id: sent[1].id };
    const result = await service.execute({ clientId: APP, body: body(sent), includeSequences: false }, asOf);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ValidationFailed);
    expect((result.error as ValidationFailed).errors).toEqual({ 'transactions[3].id': [expect.stringContaining('transactions[1]')] });
  });

  it('refuses more than 1,000 transactions as too many', async () => {
    const { service } = await testBed();
    const one = household('enrich-many').transactions[0];
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...one, id: `t${i}` }));
    const result = await service.execute({ clientId: APP, body: body(many), includeSequences: false }, asOf);
    expect(!result.ok && result.error instanceof TooManyTransactions).toBe(true);
    const limit = await service.execute({ clientId: APP, body: body(many.slice(0, 1000)), includeSequences: false }, asOf);
    expect(limit.ok).toBe(true);
  });
});
