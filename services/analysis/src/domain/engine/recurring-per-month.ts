import type { TransactionDto } from '@obp/contracts';
import type { Periodicity, Sequence } from '@obp/sequencing';
import { addCalendarMonths, bookingInstant } from './booking-date';
import { fromCents, toCents } from './cents';

/** Occurrences per month of each periodicity: 52 weeks, 13 four-week periods, 4 quarters a year. */
export const PER_MONTH: Record<Periodicity, number> = { Weekly: 52 / 12, 'Quad Weekly': 13 / 12, Monthly: 1, Quarterly: 1 / 3 };

/** The sequencing engine's last-3-months window, in months before asOf. */
const RECENT_MONTHS = 3;

export interface PerMonthAmount {
  amount: number;
  /** The transactions the averages were taken of. */
  transactionIds: string[];
}

/**
 * The per-month equivalent of the sequences still `Active` (Early and Ended ones are left out): for each,
 * the average amount of its transactions of the last 3 months before asOf (the sequencing engine's L3M
 * window; the most recent transaction alone when none falls in it), times its occurrences per month. The
 * average over recent months follows a raise or a new tariff within a quarter, yet a single odd payment
 * (a bonus, a final bill) moves it by a third at most. Figures are kept in cents until the end.
 *
 * The amount is an average, so unlike the sums it is not the total of its transactions: they are the ones
 * averaged (per sequence, amount = PER_MONTH × their mean).
 */
export function perMonthOfActiveSequences(sequences: readonly Sequence<TransactionDto>[], asOf: Date, excluded: (tx: TransactionDto) => boolean): PerMonthAmount {
  const recentFrom = addCalendarMonths(asOf.getTime(), -RECENT_MONTHS);
  let cents = 0;
  const transactionIds: string[] = [];
  for (const sequence of sequences) {
    if (sequence.status !== 'Active') continue;
    const members = sequence.transactions.filter((tx) => !excluded(tx));
    if (members.length === 0) continue;
    const recent = members.filter((tx) => bookingInstant(tx.bookingDate, tx.id) > recentFrom);
    const averaged = recent.length > 0 ? recent : [members[members.length - 1]];
    const total = averaged.reduce((sum, tx) => sum + toCents(tx.amount), 0);
    cents += (total / averaged.length) * PER_MONTH[sequence.periodicity];
    for (const tx of averaged) transactionIds.push(tx.id);
  }
  return { amount: fromCents(cents), transactionIds };
}
