import { civilFromDay, dayFromCivil, isoWeekday } from './calendar';
import type { Periodicity } from './types';

/**
 * The first day of the period whose expected date is `expectedDay`: the Monday of its ISO week,
 * the 1st of its month, the 1st of its calendar quarter; for Quad Weekly, which has no calendar,
 * the expected date itself.
 */
function periodStart(periodicity: Periodicity, expectedDay: number): number {
  switch (periodicity) {
    case 'Weekly':
      return expectedDay - isoWeekday(expectedDay) + 1;
    case 'Quad Weekly':
      return expectedDay;
    case 'Monthly': {
      const { year, month } = civilFromDay(expectedDay);
      return dayFromCivil(year, month, 1);
    }
    case 'Quarterly': {
      const { year, month } = civilFromDay(expectedDay);
      return dayFromCivil(year, month - ((month - 1) % 3), 1);
    }
  }
}

/**
 * The n-th day of the period a transaction is matched to (the one whose expected date is
 * `expectedDay`), counted from that period's first day: 1 on the first day, so the day of month,
 * ISO weekday or day of quarter for a transaction inside it. A transaction booked before its
 * period begins (early for a period starting on its expected date, e.g. on 27 February for
 * 1 March) counts on below 1 (0, -1), one booked after it ends counts on past its length (32 for
 * 1 February when due on 31 January), so that a payment a few days off is a few days off in
 * every figure and never at the far end of the period.
 */
export function dayOfPeriod(periodicity: Periodicity, bookingDay: number, expectedDay: number): number {
  return bookingDay - periodStart(periodicity, expectedDay) + 1;
}
