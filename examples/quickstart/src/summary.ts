import type { components } from '@obp/client';

type AnalysisResult = components['schemas']['AnalysisResult'];
type Sequence = components['schemas']['Sequence'];

const money = (amount: number): string => `${amount < 0 ? '-' : ''}€${Math.abs(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (amount: number): number => Math.round(amount * 100);
const pad = (text: string, width: number): string => (text.length >= width ? text.slice(0, width - 1) + '…' : text.padEnd(width));

/** Income and expense of each month, and their averages over the months the history covers in full. */
function monthlyLines(result: AnalysisResult): string[] {
  const months = result.months;
  if (months.length === 0) return ['  no transactions'];
  // The first and last month are usually partial (the history starts and ends mid-month).
  const full = months.length > 2 ? months.slice(1, -1) : months;
  const average = (pick: (m: (typeof months)[number]) => number) => full.reduce((sum, m) => sum + cents(pick(m)), 0) / full.length / 100;
  const lines = months.slice(-4).map((m) => `  ${m.month}   income ${pad(money(m.income.amount), 12)} expense ${pad(money(m.expense.amount), 12)} net ${money(m.net)}`);
  lines.push(`  average of ${full.length} full months: income ${money(average((m) => m.income.amount))}, expense ${money(average((m) => m.expense.amount))}`);
  return lines;
}

/** The Active sequences, soonest next payment first. */
function recurringLines(sequences: Sequence[], limit: number): string[] {
  const active = sequences.filter((s) => s.status === 'Active').sort((a, b) => a.predictedNextDate.localeCompare(b.predictedNextDate));
  if (active.length === 0) return ['  none found'];
  return active.slice(0, limit).map((s) => {
    const { min, max } = s.predictedAmountRange;
    const amount = min === max ? money(min) : `${money(min)} to ${money(max)}`;
    return `  ${pad(s.counterpartName, 28)} ${pad(s.periodicity, 12)} next ${s.predictedNextDate}  ${amount}`;
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
    .map((c) => `  ${pad(c.category, 36)} ${pad(money(c.amount), 12)} ${total === 0 ? '' : `${Math.round((c.amount / total) * 100)}%`}`);
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
    `Recurring income: ${money(indicators.recurringIncomePerMonth.amount)} a month`,
    ...recurringLines(result.sequencing.incomeSequences, 5),
    '',
    `Recurring commitments: ${money(indicators.fixedCostsPerMonth.amount)} a month (left to spend: ${money(indicators.disposableIncomePerMonth.amount)})`,
    ...recurringLines(result.sequencing.expenseSequences, 10),
    '',
    'Top expense categories',
    ...categoryLines(result, 5),
  ].join('\n');
}
