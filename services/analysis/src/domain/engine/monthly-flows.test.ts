import { analysisResultSchema } from '@obp/contracts';
import { analyse } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, tx } from './engine.fixture';

const noSequences = fixedSequences([]);
const run = (transactions: ReturnType<typeof tx>[], engine: 'e1' | 'z2' = 'e1') =>
  analysisResultSchema.parse(analyse(analysisInput({ engine, transactions }), { categorise: labelCategorise, detectSequences: noSequences }));

describe('monthly income and expense', () => {
  const salary = tx({ amount: 2500, date: '2026-01-24', category: 'income.salary' });
  const groceries1 = tx({ amount: -50.1, date: '2026-01-05', category: 'expenses.groceries' });
  const groceries2 = tx({ amount: -20.25, date: '2026-01-19', category: 'expenses.groceries.supermarket' });
  const rent = tx({ amount: -1000, date: '2026-01-01', category: 'expenses.housing.rent' });
  const refund = tx({ amount: 15.5, date: '2026-03-02', category: 'income.refund', flags: ['refund'] });
  const savings = tx({ amount: -100, date: '2026-03-10', category: 'transfers.savings', counterpartAccountNumber: 'NL02RABO0123456789' });
  // Given out of order: the engine sorts by booking date.
  const transactions = [refund, salary, savings, groceries2, rent, groceries1];

  it('sums each month, with every month from the first to the last (empty ones included)', () => {
    const result = run(transactions);
    expect(result.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const [jan, feb, mar] = result.months;
    expect(jan.income).toEqual({ amount: 2500, transactionIds: [salary.id], byCategory: [{ category: 'income.salary', amount: 2500, transactionIds: [salary.id] }] });
    expect(jan.expense.amount).toBe(-1070.35);
    expect(jan.expense.transactionIds).toEqual([rent.id, groceries1.id, groceries2.id]);
    expect(jan.net).toBe(1429.65);
    expect(feb).toEqual({ month: '2026-02', income: { amount: 0, transactionIds: [], byCategory: [] }, expense: { amount: 0, transactionIds: [], byCategory: [] }, net: 0 });
    // A refund is income; a transfer to savings is neither income nor expense.
    expect(mar.income).toEqual({ amount: 15.5, transactionIds: [refund.id], byCategory: [{ category: 'income.refund', amount: 15.5, transactionIds: [refund.id] }] });
    expect(mar.expense).toEqual({ amount: 0, transactionIds: [], byCategory: [] });
    expect(result.totals).toEqual({
      income: {
        amount: 2515.5,
        transactionIds: [salary.id, refund.id],
        byCategory: [
          { category: 'income.salary', amount: 2500, transactionIds: [salary.id] },
          { category: 'income.refund', amount: 15.5, transactionIds: [refund.id] },
        ],
      },
      expense: {
        amount: -1070.35,
        transactionIds: [rent.id, groceries1.id, groceries2.id],
        byCategory: [
          { category: 'expenses.housing.rent', amount: -1000, transactionIds: [rent.id] },
          // Finer leaves are grouped under their canonical category.
          { category: 'expenses.groceries', amount: -70.35, transactionIds: [groceries1.id, groceries2.id] },
        ],
      },
      net: 1445.15,
    });
    expect(result.period).toEqual({ from: '2026-01-01', to: '2026-03-10' });
  });

  it('lists every transaction with its category, in booking order (e1)', () => {
    const result = run(transactions);
    expect(result.transactions?.map((t) => t.transactionId)).toEqual([rent.id, groceries1.id, groceries2.id, salary.id, refund.id, savings.id]);
    expect(result.transactions?.[2]).toMatchObject({ category: 'expenses.groceries.supermarket', amount: -20.25, confidence: 0.9, source: 'rule:test', accountId: salary.accountId });
  });

  it('sums in cents: no floating-point drift', () => {
    const dimes = Array.from({ length: 10 }, (_, i) => tx({ amount: -0.1, date: `2026-02-${String(i + 1).padStart(2, '0')}`, category: 'expenses.eating-out' }));
    const thirds = [0.1, 0.2].map((amount) => tx({ amount, date: '2026-02-20', category: 'income.interest' }));
    const result = run([...dimes, ...thirds]);
    expect(result.totals.expense.amount).toBe(-1);
    expect(result.totals.income.amount).toBe(0.3);
    expect(result.totals.net).toBe(-0.7);
  });

  it('groups by booking month in UTC, whatever the offset the date is written with', () => {
    const lateNight = tx({ amount: -10, date: '2026-02-01T00:30:00+02:00', category: 'expenses.leisure' }); // 2026-01-31T22:30Z
    const result = run([lateNight, tx({ amount: -5, date: '2026-02-01', category: 'expenses.leisure' })]);
    expect(result.months.map((m) => [m.month, m.expense.amount])).toEqual([
      ['2026-01', -10],
      ['2026-02', -5],
    ]);
  });

  it('orders categories by absolute amount, then name', () => {
    const result = run([
      tx({ amount: -30, date: '2026-01-02', category: 'expenses.telecom' }),
      tx({ amount: -30, date: '2026-01-03', category: 'expenses.leisure' }),
      tx({ amount: -45, date: '2026-01-04', category: 'expenses.shopping' }),
    ]);
    expect(result.totals.expense.byCategory?.map((c) => c.category)).toEqual(['expenses.shopping', 'expenses.leisure', 'expenses.telecom']);
  });

  it('gives an empty result without transactions', () => {
    const result = run([]);
    expect(result.period).toBeNull();
    expect(result.months).toEqual([]);
    expect(result.totals).toEqual({ income: { amount: 0, transactionIds: [], byCategory: [] }, expense: { amount: 0, transactionIds: [], byCategory: [] }, net: 0 });
    expect(result.transactions).toEqual([]);
    expect(run([], 'z2').transactions).toBeNull();
  });
});
