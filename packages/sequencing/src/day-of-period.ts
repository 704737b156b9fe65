import { dayFromCivil, isoWeekday } from './calendar';
import type { DayFacts } from './periodicity-grid';
import type { Periodicity } from './types';

/**
 * The n-th day of the period a transaction falls in (UTC calendar):
 * Weekly: ISO weekday, 1 = Monday … 7 = Sunday.
 * Quad Weekly: 1–28 within the 28-day cycle that starts on the day of the sequence's first transaction.
 * Monthly: day of month, 1–31.
 * Quarterly: 1–92, days since the start of the calendar quarter (1 January, 1 April, 1 July, 1 October) plus one.
 */
export function dayOfPeriod(periodicity: Periodicity, tx: DayFacts, firstTransactionDay: number): number {
  switch (periodicity) {
    case 'Weekly':
      return isoWeekday(tx.day);
    case 'Quad Weekly':
      return ((((tx.day - firstTransactionDay) % 28) + 28) % 28) + 1;
    case 'Monthly':
      return tx.dayOfMonth;
    case 'Quarterly':
      return tx.day - dayFromCivil(tx.year, tx.month - ((tx.month - 1) % 3), 1) + 1;
  }
}
