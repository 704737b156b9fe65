import type { AnalysisResult } from '@obp/contracts';
import { fromCents } from './cents';
import type { Entry } from './entry';
import { tracedSumOf } from './traced-sum';

export type CorporateSummary = NonNullable<AnalysisResult['corporate']>;

/**
 * Profile corporate: revenue (e1 `income.business`; z2 all income), costs (every expense except taxes paid),
 * VAT paid, other taxes paid (income, wage and local taxes), and the result before tax, revenue + costs.
 * Internal transfers are in none of them. Entries must be in booking order.
 */
export function corporateSummary(entries: readonly Entry[], kvkNumber: string): CorporateSummary {
  const revenue = tracedSumOf(entries, (entry) => entry.revenue);
  const costs = tracedSumOf(entries, (entry) => entry.side === 'expense' && entry.tax === null);
  return {
    kvkNumber,
    revenue: revenue.toTracedAmount(),
    costs: costs.toTracedAmount(),
    vatPaid: tracedSumOf(entries, (entry) => entry.tax === 'vat').toTracedAmount(),
    taxPaid: tracedSumOf(entries, (entry) => entry.tax === 'other').toTracedAmount(),
    result: fromCents(revenue.cents + costs.cents),
  };
}
