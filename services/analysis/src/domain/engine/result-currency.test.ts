import { analysisResultSchema, type TransactionDto } from '@obp/contracts';
import { analyse } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, sequence, tx } from './engine.fixture';
import { resultCurrency } from './result-currency';

const inCurrencies = (...currencies: string[]) => currencies.map((currency) => ({ currency }));

describe('the currency of a result', () => {
  it('is the one most transactions are booked in', () => {
    expect(resultCurrency(inCurrencies('USD', 'EUR', 'USD'))).toBe('USD');
    expect(resultCurrency(inCurrencies('EUR', 'GBP', 'EUR', 'USD'))).toBe('EUR');
  });

  it('goes to EUR on a tie, otherwise to the first code in alphabetical order', () => {
    expect(resultCurrency(inCurrencies('USD', 'EUR'))).toBe('EUR');
    expect(resultCurrency(inCurrencies('USD', 'GBP', 'CHF', 'GBP', 'USD'))).toBe('GBP');
    expect(resultCurrency(inCurrencies('USD', 'GBP', 'EUR', 'GBP', 'USD', 'EUR'))).toBe('EUR');
  });

  it('is EUR without transactions', () => {
    expect(resultCurrency([])).toBe('EUR');
    expect(analyse(analysisInput({ transactions: [] }), { categorise: labelCategorise, detectSequences: fixedSequences([]) })).toMatchObject({ currency: 'EUR', otherCurrencyTransactionIds: [] });
  });

  it('compares codes as given, as the sequencing engine does', () => {
    expect(resultCurrency(inCurrencies('eur', 'eur', 'EUR'))).toBe('eur');
  });
});

describe('a history in EUR and USD', () => {
  // asOf 2026-06-30T12:00Z. 8 transactions in EUR, 6 in USD: the figures are in EUR.
  const salary = ['2026-04-25', '2026-05-25', '2026-06-25'].map((date) => tx({ amount: 2000, date, category: 'income.salary', counterpartName: 'Werkgever' }));
  const rent = ['2026-04-01', '2026-05-01', '2026-06-01'].map((date) => tx({ amount: -800, date, category: 'expenses.housing.rent', counterpartName: 'Woonstichting' }));
  const groceries = tx({ amount: -60.4, date: '2026-05-10', category: 'expenses.groceries' });
  const casino = tx({ amount: -20, date: '2026-06-12', category: 'expenses.gambling' });
  const usdTrip = tx({ amount: -30, date: '2026-03-20', category: 'expenses.travel', currency: 'USD' });
  const usdSubscription = ['2026-04-03', '2026-05-03', '2026-06-03'].map((date) => tx({ amount: -15, date, category: 'expenses.subscriptions', counterpartName: 'Cloud Inc', currency: 'USD' }));
  const usdFee = tx({ amount: 500, date: '2026-05-15', category: 'income.business', currency: 'USD' });
  const usdPoker = tx({ amount: -100, date: '2026-06-05', category: 'expenses.gambling', currency: 'USD' });
  const transactions: TransactionDto[] = [...salary, ...rent, groceries, casino, usdTrip, ...usdSubscription, usdFee, usdPoker];
  const sequences = [sequence('Monthly', 'Active', salary), sequence('Monthly', 'Active', rent), sequence('Monthly', 'Active', usdSubscription)];
  const ids = (list: TransactionDto[]) => list.map((t) => t.id);

  const run = (engine: 'e1' | 'z2') =>
    analysisResultSchema.parse(analyse(analysisInput({ engine, transactions }), { categorise: labelCategorise, detectSequences: fixedSequences(sequences) }));

  it.each(['e1', 'z2'] as const)('adds up only the EUR transactions in the months and totals, and lists the USD ones (%s)', (engine) => {
    const result = run(engine);
    expect(result.currency).toBe('EUR');
    // In booking order.
    expect(result.otherCurrencyTransactionIds).toEqual(ids([usdTrip, usdSubscription[0], usdSubscription[1], usdFee, usdSubscription[2], usdPoker]));
    // The period and the months still cover the USD trip of March, which is in no figure.
    expect(result.period).toEqual({ from: '2026-03-20', to: '2026-06-25' });
    const flows = result.months.map((m) => [m.month, m.income.amount, m.income.transactionIds, m.expense.amount, m.expense.transactionIds, m.net]);
    expect(flows).toEqual([
      ['2026-03', 0, [], 0, [], 0],
      ['2026-04', 2000, [salary[0].id], -800, [rent[0].id], 1200],
      ['2026-05', 2000, [salary[1].id], -860.4, [rent[1].id, groceries.id], 1139.6],
      ['2026-06', 2000, [salary[2].id], -820, [rent[2].id, casino.id], 1180],
    ]);
    expect(result.totals.income.amount).toBe(6000);
    expect(result.totals.income.transactionIds).toEqual(ids(salary));
    expect(result.totals.expense.amount).toBe(-2480.4);
    expect(result.totals.expense.transactionIds).toEqual(ids([rent[0], rent[1], groceries, rent[2], casino]));
    expect(result.totals.net).toBe(3519.6);
  });

  it('leaves the USD sequence and USD gambling out of the indicators', () => {
    const { indicators } = run('e1');
    expect(indicators.recurringIncomePerMonth).toEqual({ amount: 2000, transactionIds: ids(salary) });
    // Rent only: the USD subscription is an Active monthly sequence too, in another currency.
    expect(indicators.fixedCostsPerMonth).toEqual({ amount: -800, transactionIds: ids(rent) });
    expect(indicators.disposableIncomePerMonth).toEqual({ amount: 1200 });
    // 20 / 2480.40 = 0.00806…: the USD 100 at the poker table is neither part nor whole.
    expect(indicators.gambling).toEqual({ share: 0.0081, amount: -20, transactionIds: [casino.id] });
  });

  it('keeps every sequence, each in its own currency, and every categorised transaction with its currency (e1)', () => {
    const result = run('e1');
    expect(result.sequencing.expenseSequences.map((s) => [s.currency, s.transactions.length])).toEqual([
      ['EUR', 3],
      ['USD', 3],
    ]);
    expect(result.transactions).toHaveLength(14);
    expect(result.transactions?.find((t) => t.transactionId === usdFee.id)).toMatchObject({ amount: 500, currency: 'USD', category: 'income.business' });
    expect(result.transactions?.find((t) => t.transactionId === groceries.id)).toMatchObject({ amount: -60.4, currency: 'EUR' });
  });

  it('states the figures in USD when most transactions are in USD, leaving the EUR ones out', () => {
    const usdSalary = ['2026-05-28', '2026-06-28'].map((date) => tx({ amount: 3100.5, date, category: 'income.salary', currency: 'USD' }));
    const eurCoffee = tx({ amount: -3.2, date: '2026-06-02', category: 'expenses.eating-out' });
    const result = analysisResultSchema.parse(analyse(analysisInput({ transactions: [...usdSalary, eurCoffee] }), { categorise: labelCategorise, detectSequences: fixedSequences([]) }));
    expect(result.currency).toBe('USD');
    expect(result.otherCurrencyTransactionIds).toEqual([eurCoffee.id]);
    expect(result.totals.income.amount).toBe(6201);
    expect(result.totals.expense).toEqual({ amount: 0, transactionIds: [], byCategory: [] });
  });
});

describe('a corporate history in EUR and USD', () => {
  const OWN = 'NL91ABNA0417164300';
  const invoice = tx({ amount: 1210, date: '2026-01-10', category: 'income.business' });
  const software = tx({ amount: -121, date: '2026-01-12', category: 'expenses.business.software' });
  const vat = tx({ amount: -210, date: '2026-01-31', category: 'expenses.taxes.vat', purposeCode: 'VATX' });
  const usdInvoice = tx({ amount: 500, date: '2026-01-15', category: 'income.business', currency: 'USD' });
  const usdHosting = tx({ amount: -50, date: '2026-01-20', category: 'expenses.business', currency: 'USD' });
  const usdDraw = tx({ amount: -1000, date: '2026-01-25', category: 'transfers.own-accounts', counterpartAccountNumber: OWN, currency: 'USD' });

  it('sums revenue, costs and taxes in the result’s currency; an own transfer in USD is in both lists', () => {
    const input = analysisInput({ profile: 'corporate', kvkNumber: '12345678', internalIbans: [OWN], transactions: [invoice, software, vat, usdInvoice, usdHosting, usdDraw] });
    const result = analysisResultSchema.parse(analyse(input, { categorise: labelCategorise, detectSequences: fixedSequences([]) }));
    // Three transactions in each currency: a tie goes to EUR.
    expect(result.currency).toBe('EUR');
    const figures = {
      revenue: { amount: 1210, transactionIds: [invoice.id] },
      costs: { amount: -121, transactionIds: [software.id] },
      vatPaid: { amount: -210, transactionIds: [vat.id] },
      taxPaid: { amount: 0, transactionIds: [] },
      result: 1089,
    };
    expect(result.corporate).toEqual({ kvkNumber: '12345678', ...figures, months: [{ month: '2026-01', ...figures }] });
    expect(result.otherCurrencyTransactionIds).toEqual([usdInvoice.id, usdHosting.id, usdDraw.id]);
    expect(result.internalTransferIds).toEqual([usdDraw.id]);
  });
});
