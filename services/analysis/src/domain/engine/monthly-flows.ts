import type { Flow, MonthSummary } from '@obp/contracts';
import { monthLabel } from './booking-date';
import { fromCents } from './cents';
import type { Entry } from './entry';
import { FlowSum } from './flow';

export interface MonthlyFlows {
  months: MonthSummary[];
  totals: { income: Flow; expense: Flow; net: number };
  /** Sum of all expenses in cents (negative): what the shares are shares of. */
  expenseCents: number;
}

interface MonthSums {
  income: FlowSum;
  expense: FlowSum;
}

const newSums = (byCategory: boolean): MonthSums => ({ income: new FlowSum(byCategory), expense: new FlowSum(byCategory) });

function summary(label: string, sums: MonthSums): MonthSummary {
  return { month: label, income: sums.income.toFlow(), expense: sums.expense.toFlow(), net: fromCents(sums.income.total.cents + sums.expense.total.cents) };
}

/** The months a result covers, as month indexes (year * 12 + month - 1), first to last. */
export interface MonthSpan {
  first: number;
  last: number;
}

/** From the first entry's booking month to the last one's; null without entries. Entries must be in booking order. */
export function monthSpanOf(entries: readonly Entry[]): MonthSpan | null {
  return entries.length === 0 ? null : { first: entries[0].monthIndex, last: entries[entries.length - 1].monthIndex };
}

/**
 * Income and expense per calendar month (UTC, by booking date), every month of `span` (empty months
 * included), and over the whole period. The entries must lie within the span; the span is given apart from
 * them because the period covers transactions that are in no figure (those in another currency).
 */
export function monthlyFlows(entries: readonly Entry[], byCategory: boolean, span: MonthSpan | null): MonthlyFlows {
  const totals = newSums(byCategory);
  if (span === null) return { months: [], totals: { income: totals.income.toFlow(), expense: totals.expense.toFlow(), net: 0 }, expenseCents: 0 };
  const perMonth = Array.from({ length: span.last - span.first + 1 }, () => newSums(byCategory));
  for (const entry of entries) {
    if (entry.side === null) continue;
    const index = entry.monthIndex - span.first;
    if (index < 0 || index >= perMonth.length) throw new RangeError(`transaction ${entry.tx.id} was booked outside the months analysed`);
    perMonth[index][entry.side].add(entry);
    totals[entry.side].add(entry);
  }
  return {
    months: perMonth.map((sums, i) => summary(monthLabel(span.first + i), sums)),
    totals: { income: totals.income.toFlow(), expense: totals.expense.toFlow(), net: fromCents(totals.income.total.cents + totals.expense.total.cents) },
    expenseCents: totals.expense.total.cents,
  };
}
