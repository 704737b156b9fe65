import { addCalendarMonths, businessDayDeviation, isoDate } from './calendar';
import { dayOfPeriod } from './day-of-period';
import type { Member } from './fit-grid';
import { predictNext } from './predict-next';
import { formatDuration, roundHalfAwayFromZero } from './rounding';
import { bookingMs } from './prepare-transactions';
import type { Candidate } from './select-sequences';
import { amountStatistics, mean, median, timeStatistics } from './statistics';
import type { Sequence, SequencingTransaction } from './types';

/** Booking-date lower bounds (exclusive) of the statistics windows; the upper bound is asOf (inclusive). */
export interface StatisticsWindows {
  asOfDay: number;
  l12mStartMs: number;
  l6mStartMs: number;
  l3mStartMs: number;
}

export function statisticsWindows(asOfMs: number, asOfDay: number): StatisticsWindows {
  return {
    asOfDay,
    l12mStartMs: addCalendarMonths(asOfMs, -12),
    l6mStartMs: addCalendarMonths(asOfMs, -6),
    l3mStartMs: addCalendarMonths(asOfMs, -3),
  };
}

const pct = (share: number): number => roundHalfAwayFromZero(100 * Math.min(1, Math.max(0, share)), 2);

/** The raw name used most often in the sequence (ties: the most recent), else description, else IBAN. */
function displayName(members: readonly Member[]): string {
  const counts = new Map<string, { count: number; last: number }>();
  members.forEach((m, i) => {
    const source = m.tx.source;
    const name = (source.counterpartName ?? '').trim() || (source.description ?? '').trim() || (source.counterpartAccountNumber ?? '').trim();
    if (name === '') return;
    const entry = counts.get(name);
    if (entry) {
      entry.count++;
      entry.last = i;
    } else {
      counts.set(name, { count: 1, last: i });
    }
  });
  let best = '';
  let bestCount = 0;
  let bestLast = -1;
  for (const [name, { count, last }] of counts) {
    if (count > bestCount || (count === bestCount && last > bestLast)) {
      best = name;
      bestCount = count;
      bestLast = last;
    }
  }
  return best;
}

export function buildSequence<T extends SequencingTransaction>(candidate: Candidate<T>, windows: StatisticsWindows): Sequence<T> {
  const { fit, members } = candidate;
  const { grid, anchor, periods } = fit;
  const first = members[0].tx;
  const last = members[members.length - 1].tx;
  const periodicity = grid.periodicity;
  const days = members.map((m) => dayOfPeriod(periodicity, m.tx.day, grid.expectedDay(anchor, m.k)));
  const amounts = members.map((m) => m.tx.source.amount);
  // Members are in order of the date as written and the windows compare instants: with offsets
  // that differ between members (two banks), a window need not be a suffix.
  const bookedAfter = (startMs: number) => (_: number, i: number): boolean => bookingMs(members[i].tx) > startMs;
  const [l12m, l6m, l3m] = [windows.l12mStartMs, windows.l6mStartMs, windows.l3mStartMs].map(bookedAfter);

  // Periods that have come due: up to the latest match, and after it those whose expected date
  // asOf is more than the tolerance (business days) past.
  let dueK = periods[periods.length - 1].k;
  while (businessDayDeviation(windows.asOfDay, grid.expectedDay(anchor, dueK + 1)) > grid.toleranceDays) dueK++;
  const expectedPeriods = dueK - periods[0].k + 1;

  const typical = median(amounts);
  const amountOff = mean(amounts.map((a) => Math.abs(a - typical) / Math.abs(typical)));
  const timeliness = mean(members.map((m) => Math.max(0, 1 - Math.abs(m.deviation) / (grid.toleranceDays + 1))));

  const recent = periods.slice(-3).map((p) => p.tx.source.amount);
  const next = predictNext(fit, windows.asOfDay);
  return {
    periodicity,
    currency: first.source.currency,
    transactions: members.map((m) => m.tx.source),
    periodMatches: periods.length,
    periodMatchPercentage: pct(periods.length / expectedPeriods),
    amountMatchPercentage: pct(1 - amountOff),
    timelinessMatchPercentage: pct(timeliness),
    timeConsistency: {
      duration: formatDuration(bookingMs(last) - bookingMs(first)),
      transactionCount: members.length,
      firstSeen: new Date(bookingMs(first)).toISOString(),
      lastSeen: new Date(bookingMs(last)).toISOString(),
      mostRecentDayOfPeriod: days[days.length - 1],
      statisticsL12M: timeStatistics(days.filter(l12m)),
      statisticsL6M: timeStatistics(days.filter(l6m)),
      statisticsL3M: timeStatistics(days.filter(l3m)),
    },
    amountConsistency: {
      mostRecentAmount: roundHalfAwayFromZero(last.source.amount, 2),
      statisticsL12M: amountStatistics(amounts.filter(l12m)),
      statisticsL6M: amountStatistics(amounts.filter(l6m)),
      statisticsL3M: amountStatistics(amounts.filter(l3m)),
    },
    counterpartName: displayName(members),
    predictedNextDate: isoDate(next.day),
    predictedAmountRange: { min: roundHalfAwayFromZero(Math.min(...recent), 2), max: roundHalfAwayFromZero(Math.max(...recent), 2) },
    status: next.ended ? 'Ended' : periods.length < 3 ? 'Early' : 'Active',
  };
}
