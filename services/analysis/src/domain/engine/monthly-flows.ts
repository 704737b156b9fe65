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

/**
 * Income and expense per calendar month (UTC, by booking date), every month from the first transaction's to
 * the last one's (empty months included), and over the whole period. Entries must be in booking order.
 */
export function monthlyFlows(entries: readonly Entry[], byCategory: boolean): MonthlyFlows {
  const totals = newSums(byCategory);
  if (entries.length === 0) return { months: [], totals: { income: totals.income.toFlow(), expense: totals.expense.toFlow(), net: 0 }, expenseCents: 0 };
  const first = entries[0].monthIndex;
  const perMonth = Array.from({ length: entries[entries.length - 1].monthIndex - first + 1 }, () => newSums(byCategory));
  for (const entry of entries) {
    if (entry.side === null) continue;
    perMonth[entry.monthIndex - first][entry.side].add(entry);
    totals[entry.side].add(entry);
  }
  return {
    months: perMonth.map((sums, i) => summary(monthLabel(first + i), sums)),
    totals: { income: totals.income.toFlow(), expense: totals.expense.toFlow(), net: fromCents(totals.income.total.cents + totals.expense.total.cents) },
    expenseCents: totals.expense.total.cents,
  };
}
