import { analysisResultSchema, type TransactionDto } from '@obp/contracts';
import { analyse } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, sequence, tx } from './engine.fixture';
import { PER_MONTH } from './recurring-per-month';

// asOf 2026-06-30T12:00Z: the last-3-months window is bookings after 2026-03-30T12:00Z.
const series = (amount: number, dates: string[], name: string): TransactionDto[] => dates.map((date) => tx({ amount, date, counterpartName: name }));

describe('recurring income and fixed costs per month', () => {
  const weeklyOld = series(50, ['2026-03-16', '2026-03-23', '2026-03-30'], 'Bezorgdienst');
  const weeklyRecent = [tx({ amount: 100, date: '2026-06-15', counterpartName: 'Bezorgdienst' }), tx({ amount: 110, date: '2026-06-22', counterpartName: 'Bezorgdienst' })];
  const quadWeekly = series(260, ['2026-05-04', '2026-06-01', '2026-06-29'], 'UWV');
  const monthlyOld = series(-700, ['2026-02-01', '2026-03-01'], 'Woonstichting');
  const monthlyRecent = series(-800, ['2026-04-01', '2026-05-01', '2026-06-01'], 'Woonstichting');
  const quarterly = series(-300, ['2025-12-15', '2026-06-15'], 'Waterschap');
  // Active, but nothing in the last 3 months: its most recent amount is used.
  const quarterlyLate = series(-600, ['2025-12-15', '2026-03-15'], 'Verzekeraar');
  const early = series(999, ['2026-05-25', '2026-06-25'], 'Nieuwe werkgever');
  const ended = series(-45, ['2025-10-01', '2025-11-01', '2025-12-01'], 'Oude sportschool');

  const sequences = [
    sequence('Weekly', 'Active', [...weeklyOld, ...weeklyRecent]),
    sequence('Quad Weekly', 'Active', quadWeekly),
    sequence('Monthly', 'Active', [...monthlyOld, ...monthlyRecent]),
    sequence('Quarterly', 'Active', quarterly),
    sequence('Quarterly', 'Active', quarterlyLate),
    sequence('Monthly', 'Early', early),
    sequence('Monthly', 'Ended', ended),
  ];
  const transactions = sequences.flatMap((s) => s.transactions);

  it.each(['e1', 'z2'] as const)('averages the last 3 months of each active sequence, per month (%s)', (engine) => {
    const result = analysisResultSchema.parse(analyse(analysisInput({ engine, transactions }), { categorise: labelCategorise, detectSequences: fixedSequences(sequences) }));
    const { recurringIncomePerMonth, fixedCostsPerMonth, disposableIncomePerMonth } = result.indicators;
    // Weekly: (100 + 110) / 2 × 52/12 = 455; quad weekly: 260 × 13/12 = 281.666…
    expect(recurringIncomePerMonth.amount).toBe(736.67);
    expect(recurringIncomePerMonth.transactionIds).toEqual([...weeklyRecent, ...quadWeekly].map((t) => t.id));
    // Monthly -800; quarterly -300 / 3 = -100; late quarterly -600 / 3 = -200.
    expect(fixedCostsPerMonth.amount).toBe(-1100);
    expect(fixedCostsPerMonth.transactionIds).toEqual([...monthlyRecent, quarterly[1], quarterlyLate[1]].map((t) => t.id));
    expect(disposableIncomePerMonth).toEqual({ amount: -363.33 });
  });

  it('knows the occurrences per month of each periodicity', () => {
    expect(PER_MONTH).toEqual({ Weekly: 52 / 12, 'Quad Weekly': 13 / 12, Monthly: 1, Quarterly: 1 / 3 });
  });

  it('marks the members of every detected sequence recurring (e1)', () => {
    const result = analyse(analysisInput({ transactions }), { categorise: labelCategorise, detectSequences: fixedSequences(sequences) });
    expect(result.transactions?.every((t) => t.flags.includes('recurring'))).toBe(true);
  });

  it('finds a real salary and rent with the sequence detector', () => {
    const months = ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
    const salary = months.map((m) => tx({ amount: 2850.4, date: `${m}-24`, category: 'income.salary', counterpartName: 'Werkgever B.V.', counterpartAccountNumber: 'NL20INGB0001234567', description: 'Salaris' }));
    const rent = months.map((m) => tx({ amount: -1125, date: `${m}-01`, category: 'expenses.housing.rent', counterpartName: 'Woonstichting De Key', counterpartAccountNumber: 'NL44RABO0123456789', description: 'Huur' }));
    const coffee = tx({ amount: -3.2, date: '2026-06-03', category: 'expenses.eating-out', counterpartName: 'Coffee Company' });
    const result = analysisResultSchema.parse(analyse(analysisInput({ transactions: [...salary, ...rent, coffee] }), { categorise: labelCategorise }));
    expect(result.sequencing.incomeSequences).toHaveLength(1);
    expect(result.sequencing.expenseSequences).toHaveLength(1);
    expect(result.indicators.recurringIncomePerMonth.amount).toBe(2850.4);
    expect(result.indicators.fixedCostsPerMonth.amount).toBe(-1125);
    expect(result.indicators.disposableIncomePerMonth.amount).toBe(1725.4);
    const coffeeFlags = result.transactions?.find((t) => t.transactionId === coffee.id)?.flags;
    expect(coffeeFlags).toEqual([]);
    expect(result.transactions?.filter((t) => t.flags.includes('recurring'))).toHaveLength(24);
  });
});
