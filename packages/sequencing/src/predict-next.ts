import { businessDayDeviation, isoWeekday } from './calendar';
import type { GridFit } from './fit-grid';
import { roundHalfAwayFromZero } from './rounding';
import { median } from './statistics';
import type { SequencingTransaction } from './types';

export interface NextPeriod {
  /** Day number of the predicted next transaction. */
  day: number;
  /** True when asOf is more than the tolerance (in business days) past the predicted date. */
  ended: boolean;
}

/**
 * The period after the latest match: its expected date moved by the sequence's median deviation
 * and, when the sequence never books on a weekend, off the weekend in the direction it usually
 * moves (back to Friday for a salary paid early, on to Monday for a direct debit).
 */
export function predictNext<T extends SequencingTransaction>(fit: GridFit<T>, asOfDay: number): NextPeriod {
  const { grid, anchor, periods } = fit;
  const last = periods[periods.length - 1];
  const deviations = periods.map((p) => p.deviation);
  // Half away from zero (docs: Output): Math.round would move a median of -0.5 to 0 but one of 0.5 to 1.
  let day = grid.expectedDay(anchor, last.k + 1) + roundHalfAwayFromZero(median(deviations), 0);

  const bookedOnWeekend = periods.some((p) => isoWeekday(p.tx.day) > 5);
  if (!bookedOnWeekend && isoWeekday(day) > 5) {
    let direction = 0;
    for (const p of periods) {
      if (isoWeekday(grid.expectedDay(anchor, p.k)) > 5) direction += Math.sign(p.deviation);
    }
    const weekday = isoWeekday(day);
    day += direction < 0 ? 5 - weekday : 8 - weekday;
  }
  return { day, ended: businessDayDeviation(asOfDay, day) > grid.toleranceDays };
}
