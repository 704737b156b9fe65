import { analysisResultSchema, type TransactionDto } from '@obp/contracts';
import { sandboxTransactionDto } from '@obp/categorisation-eval';
import { generateLabelledSandboxData } from '@obp/sandbox-bank';
import { analyse } from './analyse';
import { analysisInput, label, labelCategorise } from './engine.fixture';

const asOf = new Date('2026-06-30T12:00:00.000Z');
/** asOf less the 13 months sequencing looks at. */
const sequencingStart = '2025-05-30T12:00:00.000Z';

/** 17 months of a sandbox household, as the consent service stores them. */
function history(seed: string, profile: 'retail' | 'business'): { transactions: TransactionDto[]; ownIbans: string[] } {
  const dataset = generateLabelledSandboxData({ seed, profile, asOf, months: 17 });
  return { transactions: dataset.transactions.map((t) => label(sandboxTransactionDto(t), t.label)), ownIbans: dataset.accounts.map((a) => a.iban) };
}

const monthsFrom = (first: string, last: string): string[] => {
  const months: string[] = [];
  for (let d = new Date(`${first}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= last; d.setUTCMonth(d.getUTCMonth() + 1)) months.push(d.toISOString().slice(0, 7));
  return months;
};

describe('a history longer than the 13 months sequencing uses', () => {
  it.each(['e1', 'z2'] as const)('%s: every transaction is in the months, totals and period; sequencing keeps to the latest 13 months', (engine) => {
    const { transactions, ownIbans } = history('erik', 'retail');
    const result = analysisResultSchema.parse(analyse(analysisInput({ engine, transactions, ownIbans, asOf }), { categorise: labelCategorise }));
    const days = transactions.map((t) => t.bookingDate.slice(0, 10)).sort();
    expect(days[0]! < sequencingStart.slice(0, 10)).toBe(true);
    expect(result.period).toEqual({ from: days[0], to: days[days.length - 1] });
    expect(result.months.map((m) => m.month)).toEqual(monthsFrom(days[0]!.slice(0, 7), days[days.length - 1]!.slice(0, 7)));
    const inMonths = result.months.flatMap((m) => [...m.income.transactionIds, ...m.expense.transactionIds]);
    expect(new Set([...inMonths, ...result.internalTransferIds])).toEqual(new Set(transactions.map((t) => t.id)));
    expect(result.totals.income.transactionIds).toHaveLength(result.months.reduce((n, m) => n + m.income.transactionIds.length, 0));
    expect(result.totals.expense.amount).toBeCloseTo(result.months.reduce((sum, m) => sum + m.expense.amount, 0), 2);
    if (engine === 'e1') expect(new Set(result.transactions!.map((t) => t.transactionId))).toEqual(new Set(transactions.map((t) => t.id)));
    const sequenced = [...result.sequencing.incomeSequences, ...result.sequencing.expenseSequences].flatMap((s) => s.transactions);
    expect(sequenced.length).toBeGreaterThan(0);
    expect(sequenced.every((t) => t.bookingDate >= sequencingStart)).toBe(true);
  });

  it('corporate: revenue, costs and taxes of every month, adding up to the totals', () => {
    const { transactions, ownIbans } = history('business-erik', 'business');
    const result = analysisResultSchema.parse(analyse(analysisInput({ transactions, ownIbans, asOf, profile: 'corporate', kvkNumber: '87654321' }), { categorise: labelCategorise }));
    const corporate = result.corporate!;
    const months = corporate.months!;
    expect(months.map((m) => m.month)).toEqual(result.months.map((m) => m.month));
    for (const figure of ['revenue', 'costs', 'vatPaid', 'taxPaid'] as const) {
      expect(months.reduce((sum, m) => sum + m[figure].amount, 0)).toBeCloseTo(corporate[figure].amount, 2);
      expect(months.flatMap((m) => m[figure].transactionIds)).toEqual(corporate[figure].transactionIds);
    }
    expect(months.filter((m) => m.vatPaid.transactionIds.length > 0).length).toBeGreaterThanOrEqual(4);
    for (const month of months) expect(month.result).toBeCloseTo(month.revenue.amount + month.costs.amount, 2);
    // Each month's figures are that month's transactions.
    const monthOf = new Map(transactions.map((t) => [t.id, t.bookingDate.slice(0, 7)]));
    for (const month of months) for (const id of [...month.revenue.transactionIds, ...month.costs.transactionIds, ...month.vatPaid.transactionIds, ...month.taxPaid.transactionIds]) expect(monthOf.get(id)).toBe(month.month);
  });
});
