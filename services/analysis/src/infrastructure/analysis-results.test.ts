import { gzipSync } from 'node:zlib';
import { analysisResultSchema, type AnalysisResult } from '@obp/contracts';
import { connectDatabase, database, mongo } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { analyse } from '../domain/engine/analyse';
import { analysisInput, fixedSequences, JOB_ID, labelCategorise, sequence, tx } from '../domain/engine/engine.fixture';
import { AnalysisResults } from './analysis-results';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function open(): Promise<{ results: AnalysisResults; db: mongo.Db }> {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('analysis_results'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const db = database(connection);
  const results = new AnalysisResults(db);
  await results.ensureIndexes();
  return { results, db };
}

// A history with a EUR and a USD sequence: the figures are in EUR, the USD sequence is kept with its currency.
const rent = ['2026-04-01', '2026-05-01', '2026-06-01'].map((date) => tx({ amount: -800, date, category: 'expenses.housing.rent' }));
const hosting = ['2026-04-03', '2026-05-03', '2026-06-03'].map((date) => tx({ amount: -15, date, category: 'expenses.subscriptions', currency: 'USD' }));
const sequences = [sequence('Monthly', 'Active', rent), sequence('Monthly', 'Active', hosting)];
const current: AnalysisResult = analyse(analysisInput({ transactions: [...rent, ...hosting, tx({ amount: -4.5, date: '2026-06-10' })] }), {
  categorise: labelCategorise,
  detectSequences: fixedSequences(sequences),
});
const scope = { consentIds: current.consentIds, accountIds: current.accountIds };

/** The same result as analysis engine 1.0.0 (and sequencing before 1.2.0) stored it: without any currency. */
function asStoredByEngine100(result: AnalysisResult): Record<string, unknown> {
  const withoutCurrency = <T extends { currency: unknown }>({ currency: _currency, ...rest }: T): Omit<T, 'currency'> => rest;
  const { currency: _currency, otherCurrencyTransactionIds: _otherCurrencyTransactionIds, ...legacy } = result;
  return {
    ...legacy,
    engineVersion: '1.0.0',
    transactions: result.transactions?.map(withoutCurrency) ?? null,
    sequencing: { engineVersion: '1.1.0', incomeSequences: result.sequencing.incomeSequences.map(withoutCurrency), expenseSequences: result.sequencing.expenseSequences.map(withoutCurrency) },
  };
}

describe('AnalysisResults (real store)', () => {
  it('gives back a stored result as it was computed', async () => {
    const { results } = await open();
    await results.storeOnce(JOB_ID, scope, current, new Date());
    expect(await results.find(JOB_ID)).toEqual(current);
  });

  it('completes a result stored by engine 1.0.0: no currency it could not know, each sequence in its transactions’ currency', async () => {
    const { results, db } = await open();
    const legacy = asStoredByEngine100(current);
    await db.collection<{ _id: string; consentIds: string[]; accountIds: string[]; computedAt: Date; resultGzip: mongo.Binary }>('analysis_results').insertOne({ _id: JOB_ID, ...scope, computedAt: new Date(), resultGzip: new mongo.Binary(gzipSync(JSON.stringify(legacy))) });

    const found = await results.find(JOB_ID);
    expect(analysisResultSchema.safeParse(found).success).toBe(true);
    expect(found).toMatchObject({ engineVersion: '1.0.0', currency: null, otherCurrencyTransactionIds: null, months: current.months, totals: current.totals, indicators: current.indicators });
    expect(found?.transactions?.map((t) => [t.transactionId, t.amount, t.currency])).toEqual(current.transactions?.map((t) => [t.transactionId, t.amount, null]));
    expect(found?.sequencing.expenseSequences.map((s) => [s.currency, s.transactions.map((t) => t.id)])).toEqual([
      ['EUR', rent.map((t) => t.id)],
      ['USD', hosting.map((t) => t.id)],
    ]);
  });

  it('completes a corporate result stored before engine 1.2.0: its totals as computed, no figures per month', async () => {
    const { results, db } = await open();
    const corporate = analyse(analysisInput({ profile: 'corporate', kvkNumber: '12345678', transactions: [...rent, tx({ amount: 1500, date: '2026-05-20', category: 'income.business' })] }), {
      categorise: labelCategorise,
      detectSequences: fixedSequences([]),
    });
    const { months: _months, ...totalsOnly } = corporate.corporate!;
    const legacy = { ...corporate, engineVersion: '1.1.0', corporate: totalsOnly };
    await db.collection<{ _id: string; consentIds: string[]; accountIds: string[]; computedAt: Date; resultGzip: mongo.Binary }>('analysis_results').insertOne({ _id: JOB_ID, ...scope, computedAt: new Date(), resultGzip: new mongo.Binary(gzipSync(JSON.stringify(legacy))) });

    const found = await results.find(JOB_ID);
    expect(analysisResultSchema.safeParse(found).success).toBe(true);
    expect(found?.corporate).toEqual({ ...totalsOnly, months: null });
  });
});
