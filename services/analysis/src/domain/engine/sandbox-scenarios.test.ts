import { analysisResultSchema, type TransactionDto } from '@obp/contracts';
import { sandboxTransactionDto } from '@obp/categorisation-eval';
import { generateLabelledSandboxData, type LabelledSandboxDataset } from '@obp/sandbox-bank';
import { analyse } from './analyse';
import { analysisInput, label, labelCategorise } from './engine.fixture';

const asOf = new Date('2026-06-30T12:00:00.000Z');
const MONTHS = ['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

/** The sandbox bank's data as the consent service stores it, each transaction labelled with its true category. */
function history(seed: string, profile: 'retail' | 'business'): { dataset: LabelledSandboxDataset; transactions: TransactionDto[] } {
  const dataset = generateLabelledSandboxData({ seed, profile, asOf, months: 13 });
  const transactions = dataset.transactions.map((t) => label(sandboxTransactionDto(t), t.label));
  return { dataset, transactions };
}

describe('sandbox bank scenarios (categories from the sandbox labels)', () => {
  it.each(['alice', 'bob', 'carol'])('retail household %s: salary every month, plausible indicators', (seed) => {
    const { dataset, transactions } = history(seed, 'retail');
    const ownIbans = dataset.accounts.map((a) => a.iban);
    for (const engine of ['e1', 'z2'] as const) {
      const result = analysisResultSchema.parse(analyse(analysisInput({ engine, transactions, ownIbans, asOf }), { categorise: labelCategorise }));
      // (asOf - 13 months, asOf]: 13 or 14 calendar months, the first one partial.
      expect(result.months.map((m) => m.month).slice(-13)).toEqual(MONTHS);
      expect(result.totals.income.amount).toBeGreaterThan(0);
      expect(result.totals.expense.amount).toBeLessThan(0);
      expect(result.indicators.recurringIncomePerMonth.amount).toBeGreaterThan(0);
      expect(result.indicators.fixedCostsPerMonth.amount).toBeLessThan(0);
      expect(result.indicators.cash.share).toBeLessThan(0.5);
      // Transfers between the household's own accounts are internal.
      const own = new Set(ownIbans);
      const internal = transactions.filter((t) => t.counterpartAccountNumber !== null && own.has(t.counterpartAccountNumber)).map((t) => t.id);
      expect(new Set(result.internalTransferIds)).toEqual(new Set(internal));
      if (engine === 'e1') {
        // Every full month has income.salary or another regular income.
        for (const month of result.months.filter((m) => MONTHS.includes(m.month))) {
          const categories = month.income.byCategory?.map((c) => c.category) ?? [];
          expect(categories.some((c) => ['income.salary', 'income.benefits', 'income.pension'].includes(c))).toBe(true);
        }
        expect(result.transactions).toHaveLength(transactions.length);
      }
    }
  });

  it.each(['business-anna', 'business-ben'])('sole trader %s: revenue, costs and taxes', (seed) => {
    const { dataset, transactions } = history(seed, 'business');
    const ownIbans = dataset.accounts.map((a) => a.iban);
    for (const engine of ['e1', 'z2'] as const) {
      const result = analysisResultSchema.parse(
        analyse(analysisInput({ engine, profile: 'corporate', kvkNumber: '87654321', transactions, ownIbans, asOf }), { categorise: labelCategorise }),
      );
      const corporate = result.corporate;
      if (!corporate) throw new Error('no corporate summary');
      expect(corporate.kvkNumber).toBe('87654321');
      expect(corporate.revenue.amount).toBeGreaterThan(0);
      expect(corporate.costs.amount).toBeLessThan(0);
      expect(corporate.vatPaid.amount).toBeLessThan(0);
      expect(corporate.vatPaid.transactionIds.length).toBeGreaterThanOrEqual(3);
      expect(corporate.result).toBeCloseTo(corporate.revenue.amount + corporate.costs.amount, 2);
    }
  });
});

describe('sandbox bank scenarios with the real categoriser', () => {
  it.each([
    ['dora', 'retail'],
    ['business-carla', 'business'],
  ] as const)('%s (%s): the result validates and the flows are plausible', (seed, sandboxProfile) => {
    const { dataset, transactions } = history(seed, sandboxProfile);
    const corporate = sandboxProfile === 'business';
    const result = analysisResultSchema.parse(
      analyse(analysisInput({ transactions, ownIbans: dataset.accounts.map((a) => a.iban), asOf, profile: corporate ? 'corporate' : 'retail', kvkNumber: corporate ? '87654321' : null })),
    );
    expect(result.transactions).toHaveLength(transactions.length);
    expect(result.totals.income.amount).toBeGreaterThan(0);
    expect(result.totals.expense.amount).toBeLessThan(0);
    if (corporate) expect(result.corporate?.revenue.amount).toBeGreaterThan(0);
  });
});
