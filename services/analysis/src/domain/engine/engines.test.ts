import { analysisResultSchema } from '@obp/contracts';
import { analyse, ANALYSIS_ENGINE_VERSIONS } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, sequence, tx } from './engine.fixture';

const deps = { categorise: labelCategorise, detectSequences: fixedSequences([]) };
const run = (engine: 'e1' | 'z2', transactions: ReturnType<typeof tx>[]) => analysisResultSchema.parse(analyse(analysisInput({ engine, transactions }), deps));

describe('engines e1 and z2', () => {
  const salary = tx({ amount: 2000, date: '2026-04-24', category: 'income.salary' });
  const groceries = tx({ amount: -300, date: '2026-04-02', category: 'expenses.groceries', description: 'BEA, Betaalpas Albert Heijn 1234' });
  // z2 knows Holland Casino by name; e1 by the categoriser's flag.
  const casino = tx({ amount: -50, date: '2026-04-05', category: 'expenses.gambling', flags: ['gambling'], counterpartName: 'Holland Casino Online' });
  const winnings = tx({ amount: 80, date: '2026-04-06', category: 'income.other', counterpartName: 'Holland Casino Online' });
  const atm = tx({ amount: -150, date: '2026-04-07', category: 'expenses.cash', flags: ['cash-withdrawal'], transactionType: 'gm', counterpartName: null, description: 'GEA, Betaalpas ING Amsterdam' });
  const toSavings = tx({ amount: -100, date: '2026-04-08', category: 'transfers.savings', counterpartAccountNumber: 'NL02RABO0123456789' });
  const storno = tx({ amount: 45, date: '2026-04-10', category: 'expenses.housing.energy', flags: ['returned-direct-debit'], description: 'Storno incasso Vattenfall', reasonCode: 'MD06' });
  const transactions = [salary, groceries, casino, winnings, atm, toSavings, storno];

  it('versions each engine semantically', () => {
    for (const version of Object.values(ANALYSIS_ENGINE_VERSIONS)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run('z2', []).engineVersion).toBe(ANALYSIS_ENGINE_VERSIONS.z2);
  });

  it('e1 follows the categories: transfers.* is neither income nor expense; a storno on an expense category reduces the expense', () => {
    const result = run('e1', transactions);
    expect(result.engine).toBe('e1');
    expect(result.totals.income).toMatchObject({ amount: 2080, transactionIds: [winnings.id, salary.id] });
    expect(result.totals.expense).toMatchObject({ amount: -455, transactionIds: [groceries.id, casino.id, atm.id, storno.id] });
    expect(result.transactions).toHaveLength(7);
    expect(result.totals.expense.byCategory?.map((c) => [c.category, c.amount])).toEqual([
      ['expenses.groceries', -300],
      ['expenses.cash', -150],
      ['expenses.gambling', -50],
      ['expenses.housing.energy', 45],
    ]);
    // Shares of all expenses (-455).
    expect(result.indicators.gambling).toEqual({ share: 0.1099, amount: -50, transactionIds: [casino.id] });
    expect(result.indicators.cash).toEqual({ share: 0.3297, amount: -150, transactionIds: [atm.id] });
    expect(result.indicators.returnedDirectDebits).toEqual({ count: 1, amount: 45, transactionIds: [storno.id] });
  });

  it('z2 goes by sign, without categories', () => {
    const result = run('z2', transactions);
    expect(result.engine).toBe('z2');
    expect(result.transactions).toBeNull();
    expect(result.totals.income).toEqual({ amount: 2125, transactionIds: [winnings.id, storno.id, salary.id], byCategory: null });
    expect(result.totals.expense).toEqual({ amount: -600, transactionIds: [groceries.id, casino.id, atm.id, toSavings.id], byCategory: null });
    for (const month of result.months) expect([month.income.byCategory, month.expense.byCategory]).toEqual([null, null]);
    expect(result.indicators.gambling).toEqual({ share: 0.0833, amount: -50, transactionIds: [casino.id] });
    expect(result.indicators.cash).toEqual({ share: 0.25, amount: -150, transactionIds: [atm.id] });
    expect(result.indicators.returnedDirectDebits).toEqual({ count: 1, amount: 45, transactionIds: [storno.id] });
  });

  it('z2 recognises cash, gambling and returned direct debits from codes and descriptions', () => {
    const byDescription = tx({ amount: -20, date: '2026-05-01', counterpartName: null, description: 'Geldautomaat Utrecht Centraal' });
    const byTypeName = tx({ amount: -30, date: '2026-05-02', transactionTypeName: 'Geldautomaat' });
    const lottery = tx({ amount: -15.5, date: '2026-05-03', counterpartName: 'Stichting Nationale Postcode Loterij', description: 'Lot mei' });
    const toto = tx({ amount: -10, date: '2026-05-04', counterpartName: 'Nederlandse Loterij Organisatie B.V.', description: 'TOTO sportweddenschap' });
    const notGambling = tx({ amount: -34.5, date: '2026-05-05', counterpartName: 'Totaalbouw B.V.', description: 'Factuur' });
    const reversal = tx({ amount: 60, date: '2026-05-06', description: 'Terugboeking incasso' });
    const result = run('z2', [byDescription, byTypeName, lottery, toto, notGambling, reversal]);
    expect(result.indicators.cash.transactionIds).toEqual([byDescription.id, byTypeName.id]);
    expect(result.indicators.gambling.transactionIds).toEqual([lottery.id, toto.id]);
    expect(result.indicators.returnedDirectDebits).toEqual({ count: 1, amount: 60, transactionIds: [reversal.id] });
  });

  it('gives shares of 0 without expenses', () => {
    const result = run('z2', [salary]);
    expect(result.indicators.gambling).toEqual({ share: 0, amount: 0, transactionIds: [] });
    expect(result.indicators.cash).toEqual({ share: 0, amount: 0, transactionIds: [] });
  });

  it('echoes the job and its input', () => {
    const result = analysisResultSchema.parse(analyse(analysisInput({ engine: 'z2', countryCode: null, transactions: [], kvkNumber: '12345678' }), deps));
    expect(result).toMatchObject({ jobId: analysisInput({ transactions: [] }).jobId, countryCode: null, kvkNumber: '12345678', corporate: null, profile: 'retail' });
    expect(result.consentIds).toHaveLength(1);
    expect(result.accountIds).toHaveLength(1);
  });

  it('gives the categoriser the profile, the KvK number, the own and internal IBANs, the recurring ids and the feedback rules (e1)', () => {
    const calls: Parameters<typeof labelCategorise>[] = [];
    const spy: typeof labelCategorise = (...args) => (calls.push(args), labelCategorise(...args));
    const rules = [{ id: 'fb-1', counterpartName: 'Albert Heijn', category: 'expenses.groceries', flags: [] }];
    const rent = [1, 2, 3].map((m) => tx({ amount: -900, date: `2026-0${m}-01`, category: 'expenses.housing.rent' }));
    const input = analysisInput({ profile: 'corporate', kvkNumber: '12345678', transactions: [salary, ...rent], ownIbans: ['nl91 abna 0417 1643 00'], internalIbans: ['NL02RABO0123456789'], feedbackRules: rules });
    analyse(input, { categorise: spy, detectSequences: fixedSequences([sequence('Monthly', 'Active', rent)]) });
    expect(calls).toHaveLength(1);
    const [given, options] = calls[0];
    expect(given).toBe(input.transactions);
    expect(options).toEqual({ profile: 'corporate', kvkNumber: '12345678', ownIbans: ['NL91ABNA0417164300', 'NL02RABO0123456789'], recurringIds: new Set(rent.map((t) => t.id)), rules });
    expect(run('z2', [salary]).transactions).toBeNull();
  });

  it('does not call the categoriser with z2', () => {
    const categorise = jest.fn(labelCategorise);
    analyse(analysisInput({ engine: 'z2', transactions: [salary] }), { categorise, detectSequences: fixedSequences([]) });
    expect(categorise).not.toHaveBeenCalled();
  });

  it('falls back to the catch-all categories when the categoriser returns a category outside the list', () => {
    const odd = tx({ amount: -12, date: '2026-05-01', category: 'groceries' });
    const result = run('e1', [odd]);
    expect(result.transactions?.[0].category).toBe('expenses.other');
    expect(result.totals.expense.byCategory).toEqual([{ category: 'expenses.other', amount: -12, transactionIds: [odd.id] }]);
  });

  it('e1 on a retail job with a KvK number (a sole trader) reads trade purchases as business costs, the household’s groceries as groceries', () => {
    const wholesaler = tx({ amount: -212.4, date: '2026-04-03', transactionType: 'ba', counterpartName: 'SLIGRO 123 UTRECHT', description: 'Pasvolgnr: 001' });
    const supermarket = tx({ amount: -48.2, date: '2026-04-04', transactionType: 'ba', counterpartName: 'ALBERT HEIJN 1403 AMSTERDAM', description: 'Pasvolgnr: 002' });
    const categoryOf = (kvkNumber: string | null) =>
      analyse(analysisInput({ engine: 'e1', kvkNumber, transactions: [wholesaler, supermarket] }), { detectSequences: fixedSequences([]) }).transactions!.map((t) => [t.transactionId, t.category.split('.').slice(0, 2).join('.')]);
    expect(categoryOf('12345678')).toEqual([
      [wholesaler.id, 'expenses.business'],
      [supermarket.id, 'expenses.groceries'],
    ]);
    expect(categoryOf(null)).toEqual([
      [wholesaler.id, 'expenses.groceries'],
      [supermarket.id, 'expenses.groceries'],
    ]);
  });
});
