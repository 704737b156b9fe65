import type { AnalysisResult } from '@obp/contracts';
import { monthLabel } from './booking-date';
import { fromCents } from './cents';
import type { Entry } from './entry';
import type { MonthSpan } from './monthly-flows';
import { TracedSum } from './traced-sum';

export type CorporateSummary = NonNullable<AnalysisResult['corporate']>;
type CorporateMonth = NonNullable<CorporateSummary['months']>[number];

/** Revenue, costs, VAT and other taxes of a span of time, each with the transactions it adds up. */
class CorporateSums {
  readonly revenue = new TracedSum();
  readonly costs = new TracedSum();
  readonly vatPaid = new TracedSum();
  readonly taxPaid = new TracedSum();

  add(entry: Entry): void {
    if (entry.revenue) this.revenue.add(entry);
    if (entry.side === 'expense' && entry.tax === null) this.costs.add(entry);
    if (entry.tax === 'vat') this.vatPaid.add(entry);
    if (entry.tax === 'other') this.taxPaid.add(entry);
  }

  figures(): Omit<CorporateMonth, 'month'> {
    return {
      revenue: this.revenue.toTracedAmount(),
      costs: this.costs.toTracedAmount(),
      vatPaid: this.vatPaid.toTracedAmount(),
      taxPaid: this.taxPaid.toTracedAmount(),
      result: fromCents(this.revenue.cents + this.costs.cents),
    };
  }
}

/**
 * Profile corporate: revenue (e1 `income.business`; z2 all income), costs (every expense except taxes paid),
 * VAT paid, other taxes paid (income, wage and local taxes), and the result before tax, revenue + costs; over
 * the whole period and for every month of `span` (the result's months, empty ones included). Internal transfers
 * are in none of them. Entries must be in booking order and within the span.
 */
export function corporateSummary(entries: readonly Entry[], kvkNumber: string, span: MonthSpan | null): CorporateSummary {
  const total = new CorporateSums();
  const perMonth = span === null ? [] : Array.from({ length: span.last - span.first + 1 }, () => new CorporateSums());
  for (const entry of entries) {
    total.add(entry);
    if (span !== null) perMonth[entry.monthIndex - span.first].add(entry);
  }
  return {
    kvkNumber,
    ...total.figures(),
    months: perMonth.map((sums, i): CorporateMonth => ({ month: monthLabel(span!.first + i), ...sums.figures() })),
  };
}
