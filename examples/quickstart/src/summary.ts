import type { components } from '@obp/client';

type AnalysisResult = components['schemas']['AnalysisResult'];
type Sequence = components['schemas']['Sequence'];

/** An amount in its currency, as `-€1,294.04` or `-US$12.00`; a null currency (results of an old engine) as EUR. */
const money = (amount: number, currency: string | null): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency ?? 'EUR', currencyDisplay: 'symbol' }).format(amount);
const cents = (amount: number): number => Math.round(amount * 100);
/** A name cut to fit its column. */
const column = (text: string, width: number): string => (text.length >= width ? text.slice(0, width - 1) + '…' : text.padEnd(width));
/** An amount in a column, never cut. */
const amountColumn = (text: string, width: number): string => text.padEnd(width);

/** Income and expense of each month, and their averages over the months the history covers in full. */
function monthlyLines(result: AnalysisResult): string[] {
  const { months, currency } = result;
  if (months.length === 0) return ['  no transactions'];
  // The first and last month are usually partial (the history starts and ends mid-month).
  const full = months.length > 2 ? months.slice(1, -1) : months;
  const average = (pick: (m: (typeof months)[number]) => number) => full.reduce((sum, m) => sum + cents(pick(m)), 0) / full.length / 100;
  const lines = months
    .slice(-4)
    .map((m) => `  ${m.month}   income ${amountColumn(money(m.income.amount, currency), 12)} expense ${amountColumn(money(m.expense.amount, currency), 12)} net ${money(m.net, currency)}`);
  lines.push(`  average of ${full.length} full months: income ${money(average((m) => m.income.amount), currency)}, expense ${money(average((m) => m.expense.amount), currency)}`);
  return lines;
}

/** The Active sequences, soonest next payment first. */
function recurringLines(sequences: Sequence[], limit: number): string[] {
  const active = sequences.filter((s) => s.status === 'Active').sort((a, b) => a.predictedNextDate.localeCompare(b.predictedNextDate));
  if (active.length === 0) return ['  none found'];
  return active.slice(0, limit).map((s) => {
    const { min, max } = s.predictedAmountRange;
    const amount = min === max ? money(min, s.currency) : `${money(min, s.currency)} to ${money(max, s.currency)}`;
    return `  ${column(s.counterpartName, 28)} ${column(s.periodicity, 12)} next ${s.predictedNextDate}  ${amount}`;
  });
}

/** The categories that took most of the period's expenses (engine e1 only). */
function categoryLines(result: AnalysisResult, limit: number): string[] {
  const byCategory = result.totals.expense.byCategory;
  if (!byCategory || byCategory.length === 0) return ['  no categorised expenses'];
  const total = result.totals.expense.amount;
  return [...byCategory]
    .sort((a, b) => a.amount - b.amount)
    .slice(0, limit)
    .map((c) => `  ${column(c.category, 36)} ${amountColumn(money(c.amount, result.currency), 12)} ${total === 0 ? '' : `${Math.round((c.amount / total) * 100)}%`}`);
}

/** A short readable summary of an analysis: monthly income and expense, the recurring commitments and the top categories. */
export function summarise(result: AnalysisResult): string {
  const { indicators } = result;
  return [
    `Analysis ${result.jobId} (${result.engine} ${result.engineVersion}), ${result.period ? `${result.period.from} to ${result.period.to}` : 'no transactions'}`,
    '',
    'Monthly income and expense',
    ...monthlyLines(result),
    '',
    `Recurring income: ${money(indicators.recurringIncomePerMonth.amount, result.currency)} a month`,
    ...recurringLines(result.sequencing.incomeSequences, 5),
    '',
    `Recurring commitments: ${money(indicators.fixedCostsPerMonth.amount, result.currency)} a month (left to spend: ${money(indicators.disposableIncomePerMonth.amount, result.currency)})`,
    ...recurringLines(result.sequencing.expenseSequences, 10),
    '',
    'Top expense categories',
    ...categoryLines(result, 5),
  ].join('\n');
}
