import { compareDecimals, sumDecimals } from './decimal';
import type { AccountStatement, StatementProblem } from './statement';

/**
 * Opening balance plus every booked entry must give the closing balance. A file where they do not is
 * truncated or tampered with, and is refused whole. Statements without both balances are not checked
 * (CSV exports have none).
 */
export function balanceProblems(statement: AccountStatement): StatementProblem[] {
  const { openingBalance, closingBalance } = statement;
  if (openingBalance === null || closingBalance === null) return [];
  const booked = statement.transactions.filter((t) => t.status === 'booked').map((t) => t.amount);
  const expected = sumDecimals([openingBalance.amount, ...booked]);
  if (compareDecimals(expected, closingBalance.amount) === 0) return [];
  return [
    {
      location: statement.location,
      message: `The entries do not add up: opening balance ${openingBalance.amount} plus ${booked.length} booked entries gives ${expected}, but the closing balance is ${closingBalance.amount}. The file is truncated or altered.`,
    },
  ];
}
