import type { AnalysisResult, TransactionDto } from '@obp/contracts';
import { fromCents, shareOf, toCents } from './cents';
import type { Entry } from './entry';
import { perMonthOfActiveSequences } from './recurring-per-month';
import type { Sequencing } from './sequences';
import { tracedSumOf, type TracedSum } from './traced-sum';

export type Indicators = AnalysisResult['indicators'];

function tracedShare(part: TracedSum, expenseCents: number): Indicators['gambling'] {
  return { share: shareOf(part.cents, expenseCents), amount: part.amount, transactionIds: part.transactionIds };
}

/**
 * The household indicators. Recurring income and fixed costs per month come from the sequences still active
 * (recurring-per-month.ts), disposable income is their sum; gambling and cash are shares of all expenses
 * (0 without expenses); returned direct debits are counted and added up. Internal transfers are in none.
 * Entries must be in booking order.
 */
export function indicators(entries: readonly Entry[], sequencing: Sequencing, asOf: Date, expenseCents: number): Indicators {
  const internalIds = new Set<string>();
  for (const entry of entries) if (entry.internal) internalIds.add(entry.tx.id);
  const isInternal = (tx: TransactionDto): boolean => internalIds.has(tx.id);
  const recurringIncome = perMonthOfActiveSequences(sequencing.incomeSequences, asOf, isInternal);
  const fixedCosts = perMonthOfActiveSequences(sequencing.expenseSequences, asOf, isInternal);
  const returned = tracedSumOf(entries, (entry) => entry.returnedDirectDebit);
  return {
    recurringIncomePerMonth: recurringIncome,
    fixedCostsPerMonth: fixedCosts,
    disposableIncomePerMonth: { amount: fromCents(toCents(recurringIncome.amount) + toCents(fixedCosts.amount)) },
    gambling: tracedShare(tracedSumOf(entries, (entry) => entry.gambling), expenseCents),
    cash: tracedShare(tracedSumOf(entries, (entry) => entry.cash), expenseCents),
    returnedDirectDebits: { count: returned.transactionIds.length, amount: returned.amount, transactionIds: returned.transactionIds },
  };
}
