/**
 * Every figure of a detected sequence recomputed from its own transactions as docs/sequencing.md
 * defines it ("Periodicities, periods and day of period" and "Output"), without the engine's code:
 * only its types are imported; dates as written, business days, expected dates and "n months
 * before asOf" are computed here on Date.UTC, fractions are rounded exactly in integers.
 *
 * Independent, and where not: a sequence shows neither its anchor nor which of its transactions
 * are matches and which repeats.
 * - The anchor is chosen by the documented rule (densest window of phases, median phase) applied to
 *   the sequence's own transactions. The engine applies it to every transaction of the track it
 *   fitted, which may include some that stayed out of the sequence. When that anchor leaves a
 *   transaction out of tolerance or gives another number of periods than `periodMatches`, the
 *   anchor nearest to it that does neither is taken (`anchorSource` 'nearest consistent'); the
 *   figures that depend on the exact expected dates (deviations, so timeliness and
 *   predictedNextDate; the Quad Weekly day of period) then rest on that inference. The calendar
 *   day of period (Weekly, Monthly, Quarterly) needs only the period, which any such anchor gives.
 * - A period's match is its transaction with the smallest deviation (the earlier on a tie), as in a
 *   fit of one track; a whole-group fit may also weigh the amount, which matters only in a period
 *   with repeats (for predictedNextDate and predictedAmountRange).
 */
import type { AmountStatistics, Periodicity, Sequence, SequenceStatus, SequencingTransaction, TimeStatistics } from '../types';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function calendarDate(day: number): { year: number; month: number; day: number } {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function monthLength(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 1 = Monday … 7 = Sunday. */
export function weekday(day: number): number {
  return ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;
}

function isoDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date as written in a booking date (docs: Dates), as a day number. */
export function bookingDay(bookingDate: string): number {
  const [year, month, day] = bookingDate.slice(0, 10).split('-').map(Number);
  return dayNumber(year, month, day);
}

/** The instant of a booking date; a date-time without an offset is UTC. */
export function bookingInstant(bookingDate: string): number {
  const hasTime = bookingDate.length > 10;
  const hasOffset = /(Z|[+-]\d\d(:?\d\d)?)$/i.test(bookingDate.slice(10));
  return Date.parse(hasTime && !hasOffset ? `${bookingDate}Z` : bookingDate);
}

/** Days from expected to actual, not counting the Saturdays and Sundays strictly between them (docs: deviation). */
export function businessDaysOff(actual: number, expected: number): number {
  let weekendDays = 0;
  for (let day = Math.min(actual, expected) + 1; day < Math.max(actual, expected); day++) if (weekday(day) > 5) weekendDays++;
  const calendarDays = actual - expected;
  return calendarDays - Math.sign(calendarDays) * weekendDays;
}

/** The same UTC wall-clock instant `months` calendar months earlier, the day clamped to the month's end. */
export function monthsBefore(ms: number, months: number): number {
  const date = new Date(ms);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const day = Math.min(date.getUTCDate(), monthLength(year, month));
  return Date.UTC(year, month - 1, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

/** numerator / denominator × 10^decimals rounded half away from zero, exactly, as a number with `decimals` places. */
export function roundedQuotient(numerator: bigint, denominator: bigint, decimals = 2): number {
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = (numerator < 0n ? -numerator : numerator) * 10n ** BigInt(decimals);
  const d = denominator < 0n ? -denominator : denominator;
  const units = (2n * n + d) / (2n * d);
  const value = Number(units) / 10 ** decimals;
  return negative && units !== 0n ? -value : value;
}

/** sqrt(radicand) / denominator × 10^decimals rounded half away from zero, exactly (radicand ≥ 0, denominator > 0). */
export function roundedRootQuotient(radicand: bigint, denominator: bigint, decimals = 2): number {
  const scale = 10n ** BigInt(decimals);
  // units u is the largest with u − 1/2 ≤ scale × sqrt(radicand) / denominator.
  const fits = (u: bigint): boolean => u <= 0n || ((2n * u - 1n) * denominator) ** 2n <= 4n * scale * scale * radicand;
  let units = BigInt(Math.round((Math.sqrt(Number(radicand)) * Number(scale)) / Number(denominator)));
  while (!fits(units)) units--;
  while (fits(units + 1n)) units++;
  return Number(units) / 10 ** decimals;
}

/** An amount in whole cents, rounded half away from zero as written (1.005 → 101). */
export function centsOf(amount: number): bigint {
  const [mantissa, exponent = '0'] = String(Math.abs(amount)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + 2;
  let cents: bigint;
  if (shift >= 0) cents = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    cents = (2n * digits + divisor) / (2n * divisor);
  }
  return amount < 0 ? -cents : cents;
}

const euros = (cents: bigint): number => roundedQuotient(cents, 100n);

/** The most frequent value of values given oldest first; a tie goes to the one that occurred most recently. */
export function modeOf<V>(valuesOldestFirst: readonly V[]): V {
  const counts = new Map<V, number>();
  const lastSeen = new Map<V, number>();
  valuesOldestFirst.forEach((value, index) => {
    counts.set(value, (counts.get(value) ?? 0) + 1);
    lastSeen.set(value, index);
  });
  let best = valuesOldestFirst[0];
  for (const [value, count] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (count > bestCount || (count === bestCount && (lastSeen.get(value) ?? 0) > (lastSeen.get(best) ?? 0))) best = value;
  }
  return best;
}

/** Sum and population variance's numerator n·Σx² − (Σx)² of integers, exact. */
function sumsOf(values: readonly bigint[]): { sum: bigint; varianceNumerator: bigint } {
  const sum = values.reduce((s, v) => s + v, 0n);
  const squares = values.reduce((s, v) => s + v * v, 0n);
  return { sum, varianceNumerator: BigInt(values.length) * squares - sum * sum };
}

/** docs: TimeStatistics of day-of-period values given oldest first; all 0 for none. */
export function timeStatisticsOf(daysOldestFirst: readonly number[]): TimeStatistics {
  const n = daysOldestFirst.length;
  if (n === 0) return { minDayOfPeriod: 0, maxDayOfPeriod: 0, medianDayOfPeriod: 0, averageDayOfPeriod: 0, modeDayOfPeriod: 0, stdDevDayOfPeriod: 0 };
  const sorted = [...daysOldestFirst].sort((a, b) => a - b);
  const { sum, varianceNumerator } = sumsOf(daysOldestFirst.map(BigInt));
  const middle = n % 2 === 1 ? 2n * BigInt(sorted[n >> 1]) : BigInt(sorted[(n >> 1) - 1] + sorted[n >> 1]);
  return {
    minDayOfPeriod: sorted[0],
    maxDayOfPeriod: sorted[n - 1],
    medianDayOfPeriod: roundedQuotient(middle, 2n),
    averageDayOfPeriod: roundedQuotient(sum, BigInt(n)),
    modeDayOfPeriod: modeOf(daysOldestFirst),
    stdDevDayOfPeriod: roundedRootQuotient(varianceNumerator, BigInt(n)),
  };
}

/** docs: AmountStatistics of amounts given oldest first, in whole cents; all 0 for none. */
export function amountStatisticsOfAmounts(amountsOldestFirst: readonly number[]): AmountStatistics {
  const n = amountsOldestFirst.length;
  if (n === 0) return { minAmount: 0, maxAmount: 0, medianAmount: 0, averageAmount: 0, modeAmount: 0, stdDevAmount: 0, totalAmount: 0 };
  const cents = amountsOldestFirst.map(centsOf);
  const sorted = [...cents].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const { sum, varianceNumerator } = sumsOf(cents);
  const middle = n % 2 === 1 ? 2n * sorted[n >> 1] : sorted[(n >> 1) - 1] + sorted[n >> 1];
  return {
    minAmount: euros(sorted[0]),
    maxAmount: euros(sorted[n - 1]),
    medianAmount: roundedQuotient(middle, 200n),
    averageAmount: roundedQuotient(sum, 100n * BigInt(n)),
    modeAmount: euros(modeOf(cents)),
    stdDevAmount: roundedRootQuotient(varianceNumerator, 100n * BigInt(n)),
    totalAmount: euros(sum),
  };
}

/** docs: timeConsistency.duration, `d.hh:mm:ss` with unbounded days and seconds truncated. */
export function durationOf(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 86_400)}.${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

// ---- Periods, anchors and expected dates (docs: Periodicities, periods and day of period) ----

export const TOLERANCE: Record<Periodicity, number> = { Weekly: 1, 'Quad Weekly': 3, Monthly: 4, Quarterly: 5 };
const PHASE_CIRCLE: Record<Periodicity, number> = { Weekly: 7, 'Quad Weekly': 28, Monthly: 31, Quarterly: 93 };
/** Monday 5 January 1970: weeks are counted from it. */
const FIRST_MONDAY = 4;

/** Day of month with the last three days of every month moved to 29–31. */
function alignedDayOfMonth(day: number): number {
  const { year, month, day: dayOfMonth } = calendarDate(day);
  const length = monthLength(year, month);
  return dayOfMonth >= length - 2 ? 31 - (length - dayOfMonth) : dayOfMonth;
}

/**
 * A transaction's position on its periodicity's phase circle (0-based): weekday; day modulo 28;
 * aligned day of month; month of quarter × 31 + aligned day of month.
 */
export function phaseOf(periodicity: Periodicity, day: number): number {
  switch (periodicity) {
    case 'Weekly':
      return weekday(day) - 1;
    case 'Quad Weekly':
      return ((day % 28) + 28) % 28;
    case 'Monthly':
      return alignedDayOfMonth(day) - 1;
    case 'Quarterly':
      return ((calendarDate(day).month - 1) % 3) * 31 + alignedDayOfMonth(day) - 1;
  }
}

/**
 * docs: of the windows of width 2 × tolerance on the phase circle that start at a transaction's
 * phase, the one holding the most (ties: the smallest phase); the anchor is the median phase in it.
 */
export function documentedAnchor(periodicity: Periodicity, days: readonly number[]): number {
  const circle = PHASE_CIRCLE[periodicity];
  const width = 2 * TOLERANCE[periodicity];
  const phases = days.map((day) => phaseOf(periodicity, day));
  let best: number[] = [];
  for (const start of [...new Set(phases)].sort((a, b) => a - b)) {
    const inWindow = phases.map((phase) => start + ((phase - start + circle) % circle)).filter((position) => position - start <= width);
    if (inWindow.length > best.length) best = inWindow;
  }
  best.sort((a, b) => a - b);
  const median = (best[(best.length - 1) >> 1] + best[best.length >> 1]) / 2;
  return Math.round(median) % circle;
}

/** A periodicity's periods for one anchor (a position on the phase circle), numbered by an integer index. */
export interface Periods {
  periodicity: Periodicity;
  anchor: number;
  expectedDate(index: number): number;
  /** Day 1 of the period's day of period. */
  firstDay(index: number): number;
  /** The index of the period whose expected date is nearest to day (the earlier on a tie). */
  periodOf(day: number): number;
}

export function periodsOf(periodicity: Periodicity, anchor: number): Periods {
  let expectedDate: (index: number) => number;
  let firstDay: (index: number) => number;
  let roughIndex: (day: number) => number;
  const monthIndex = (day: number): number => {
    const { year, month } = calendarDate(day);
    return year * 12 + month - 1;
  };
  const clampedDay = (index: number, dayOfMonth: number): number => {
    const year = Math.floor(index / 12);
    const month = index - year * 12 + 1;
    return dayNumber(year, month, Math.min(dayOfMonth, monthLength(year, month)));
  };
  switch (periodicity) {
    case 'Weekly':
      firstDay = (index) => FIRST_MONDAY + 7 * index;
      expectedDate = (index) => firstDay(index) + anchor;
      roughIndex = (day) => Math.floor((day - FIRST_MONDAY) / 7);
      break;
    case 'Quad Weekly':
      expectedDate = (index) => anchor + 28 * index;
      firstDay = expectedDate;
      roughIndex = (day) => Math.floor((day - anchor) / 28);
      break;
    case 'Monthly':
      expectedDate = (index) => clampedDay(index, anchor + 1);
      firstDay = (index) => clampedDay(index, 1);
      roughIndex = monthIndex;
      break;
    case 'Quarterly':
      expectedDate = (index) => clampedDay(3 * index + Math.floor(anchor / 31), (anchor % 31) + 1);
      firstDay = (index) => clampedDay(3 * index, 1);
      roughIndex = (day) => Math.floor(monthIndex(day) / 3);
      break;
  }
  const periodOf = (day: number): number => {
    const rough = roughIndex(day);
    let best = rough - 1;
    for (const index of [rough, rough + 1]) if (Math.abs(expectedDate(index) - day) < Math.abs(expectedDate(best) - day)) best = index;
    return best;
  };
  return { periodicity, anchor, expectedDate, firstDay, periodOf };
}

// ---- A sequence's figures ----

export type SequenceFigures = Omit<Sequence, 'transactions'>;

/**
 * 'documented rule': the rule applied to the sequence's own transactions; 'nearest consistent': the
 * consistent anchor nearest to that; 'another consistent': a consistent anchor under which every
 * figure is as reported, when the first is not (the engine fitted the anchor on more transactions
 * than the sequence kept); 'none consistent': no anchor is.
 */
export type AnchorSource = 'documented rule' | 'nearest consistent' | 'another consistent' | 'none consistent';

interface Member {
  tx: SequencingTransaction;
  day: number;
  instant: number;
  period: number;
  deviation: number;
  dayOfPeriod: number;
}

function membersOn(periods: Periods, transactions: readonly SequencingTransaction[]): Member[] {
  return transactions.map((tx) => {
    const day = bookingDay(tx.bookingDate);
    const period = periods.periodOf(day);
    return {
      tx,
      day,
      instant: bookingInstant(tx.bookingDate),
      period,
      deviation: businessDaysOff(day, periods.expectedDate(period)),
      dayOfPeriod: day - periods.firstDay(period) + 1,
    };
  });
}

/** Every transaction matches its period and the periods number periodMatches (read until the first that does not). */
function consistent(periods: Periods, days: readonly number[], periodicity: Periodicity, periodMatches: number): boolean {
  const matched = new Set<number>();
  for (const day of days) {
    const period = periods.periodOf(day);
    if (Math.abs(businessDaysOff(day, periods.expectedDate(period))) > TOLERANCE[periodicity]) return false;
    matched.add(period);
  }
  return matched.size === periodMatches;
}

/** The anchors under which every transaction of the sequence matches its period and the periods number periodMatches. */
export function consistentAnchors(sequence: Sequence): number[] {
  const { periodicity, transactions, periodMatches } = sequence;
  const days = transactions.map((tx) => bookingDay(tx.bookingDate));
  const anchors: number[] = [];
  for (let anchor = 0; anchor < PHASE_CIRCLE[periodicity]; anchor++) {
    if (consistent(periodsOf(periodicity, anchor), days, periodicity, periodMatches)) anchors.push(anchor);
  }
  return anchors;
}

/** The anchor of the sequence's periods, and where it comes from (see the top of this file). */
export function anchorOf(sequence: Sequence): { periods: Periods; source: AnchorSource } {
  const { periodicity, transactions } = sequence;
  const documented = documentedAnchor(
    periodicity,
    transactions.map((tx) => bookingDay(tx.bookingDate)),
  );
  const circle = PHASE_CIRCLE[periodicity];
  const circularDistance = (anchor: number): number => Math.min((anchor - documented + circle) % circle, (documented - anchor + circle) % circle);
  const nearest = consistentAnchors(sequence).sort((a, b) => circularDistance(a) - circularDistance(b) || a - b)[0];
  if (nearest === undefined) return { periods: periodsOf(periodicity, documented), source: 'none consistent' };
  return { periods: periodsOf(periodicity, nearest), source: nearest === documented ? 'documented rule' : 'nearest consistent' };
}

/** Half away from zero to a whole number. */
const roundHalfAway = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
}

/** docs: predictedNextDate, as a day number; the median deviation moves it in calendar days. */
function predictedNextDay(periods: Periods, matches: readonly Member[]): number {
  const last = matches[matches.length - 1];
  let day = periods.expectedDate(last.period + 1) + roundHalfAway(medianOf(matches.map((m) => m.deviation)));
  const bookedOnWeekend = matches.some((m) => weekday(m.day) > 5);
  if (!bookedOnWeekend && weekday(day) > 5) {
    const earlyMinusLate = matches.filter((m) => weekday(periods.expectedDate(m.period)) > 5).reduce((sum, m) => sum + Math.sign(m.deviation), 0);
    day += earlyMinusLate < 0 ? 5 - weekday(day) : 8 - weekday(day);
  }
  return day;
}

/** docs: counterpartName — the name written most often (ties: the most recent), else the description, else the IBAN. */
function displayNameOf(transactions: readonly SequencingTransaction[]): string {
  for (const field of ['counterpartName', 'description', 'counterpartAccountNumber'] as const) {
    const written = transactions.map((tx) => (tx[field] ?? '').trim()).filter((name) => name !== '');
    if (written.length > 0) return modeOf(written);
  }
  return '';
}

/** Every figure of docs/sequencing.md "Output" recomputed from the sequence's transactions. */
export function documentedFigures(sequence: Sequence, asOf: Date, anchor?: number): { figures: SequenceFigures; anchorSource: AnchorSource } {
  const { periodicity } = sequence;
  const tolerance = TOLERANCE[periodicity];
  const { periods, source } = anchor === undefined ? anchorOf(sequence) : { periods: periodsOf(periodicity, anchor), source: 'another consistent' as const };
  const members = membersOn(periods, sequence.transactions);
  const matches: Member[] = [];
  for (const m of members) {
    const previous = matches[matches.length - 1];
    if (previous === undefined || previous.period !== m.period) matches.push(m);
    else if (Math.abs(m.deviation) < Math.abs(previous.deviation)) matches[matches.length - 1] = m;
  }
  const asOfMs = asOf.getTime();
  const asOfDay = Math.floor(asOfMs / DAY_MS);
  const n = BigInt(members.length);

  let lastDue = matches[matches.length - 1].period;
  while (businessDaysOff(asOfDay, periods.expectedDate(lastDue + 1)) > tolerance) lastDue++;
  const duePeriods = lastDue - matches[0].period + 1;

  const cents = members.map((m) => centsOf(m.tx.amount));
  const sortedCents = [...cents].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Twice the median, in cents: an integer.
  const medianTwice = members.length % 2 === 1 ? 2n * sortedCents[members.length >> 1] : sortedCents[(members.length >> 1) - 1] + sortedCents[members.length >> 1];
  const absolute = (v: bigint): bigint => (v < 0n ? -v : v);
  const offSum = cents.reduce((sum, c) => sum + absolute(2n * c - medianTwice), 0n);
  const amountShare = n * absolute(medianTwice) - offSum;
  const timelySum = members.reduce((sum, m) => sum + BigInt(Math.max(0, tolerance + 1 - Math.abs(m.deviation))), 0n);

  const inWindow = (months: number): Member[] => members.filter((m) => m.instant > monthsBefore(asOfMs, months) && m.instant <= asOfMs);
  const first = members[0];
  const last = members[members.length - 1];
  const nextDay = predictedNextDay(periods, matches);
  const recentMatchCents = matches.slice(-3).map((m) => centsOf(m.tx.amount));
  const status: SequenceStatus = businessDaysOff(asOfDay, nextDay) > tolerance ? 'Ended' : matches.length < 3 ? 'Early' : 'Active';
  const currency = sequence.transactions[0].currency;

  return {
    anchorSource: source,
    figures: {
      periodicity,
      currency,
      periodMatches: matches.length,
      periodMatchPercentage: roundedQuotient(100n * BigInt(matches.length), BigInt(duePeriods)),
      amountMatchPercentage: amountShare <= 0n ? 0 : roundedQuotient(100n * amountShare, n * absolute(medianTwice)),
      timelinessMatchPercentage: roundedQuotient(100n * timelySum, n * BigInt(tolerance + 1)),
      timeConsistency: {
        duration: durationOf(last.instant - first.instant),
        transactionCount: members.length,
        firstSeen: new Date(first.instant).toISOString(),
        lastSeen: new Date(last.instant).toISOString(),
        mostRecentDayOfPeriod: last.dayOfPeriod,
        statisticsL12M: timeStatisticsOf(inWindow(12).map((m) => m.dayOfPeriod)),
        statisticsL6M: timeStatisticsOf(inWindow(6).map((m) => m.dayOfPeriod)),
        statisticsL3M: timeStatisticsOf(inWindow(3).map((m) => m.dayOfPeriod)),
      },
      amountConsistency: {
        mostRecentAmount: euros(centsOf(last.tx.amount)),
        statisticsL12M: amountStatisticsOfAmounts(inWindow(12).map((m) => m.tx.amount)),
        statisticsL6M: amountStatisticsOfAmounts(inWindow(6).map((m) => m.tx.amount)),
        statisticsL3M: amountStatisticsOfAmounts(inWindow(3).map((m) => m.tx.amount)),
      },
      counterpartName: displayNameOf(sequence.transactions),
      predictedNextDate: isoDateOf(nextDay),
      predictedAmountRange: {
        min: euros(recentMatchCents.reduce((a, b) => (b < a ? b : a))),
        max: euros(recentMatchCents.reduce((a, b) => (b > a ? b : a))),
      },
      status,
    },
  };
}

/** The fields (dotted paths, e.g. 'timeConsistency.statisticsL3M.medianDayOfPeriod') where reported and expected differ. */
function fieldsDiffering(reported: object, expected: object): string[] {
  const fields: string[] = [];
  const compare = (path: string, reportedValue: unknown, expectedValue: unknown): void => {
    if (typeof expectedValue === 'object' && expectedValue !== null && typeof reportedValue === 'object' && reportedValue !== null) {
      for (const key of Object.keys(expectedValue)) compare(path === '' ? key : `${path}.${key}`, Reflect.get(reportedValue, key), Reflect.get(expectedValue, key));
    } else if ((reportedValue ?? null) !== (expectedValue ?? null)) {
      fields.push(path);
    }
  };
  compare('', reported, expected);
  return fields;
}

/**
 * The fields where the sequence differs from its documented figures; 'transactions' when they are
 * not oldest first (by date as written, then instant) or not all in the 13-month window. When the
 * anchor of anchorOf leaves a difference, another consistent anchor under which none is left is
 * taken instead (see AnchorSource).
 */
export function differingFields(sequence: Sequence, asOf: Date): { fields: string[]; expected: SequenceFigures; anchorSource: AnchorSource } {
  const { transactions, ...reported } = sequence;
  let { figures, anchorSource } = documentedFigures(sequence, asOf);
  const fields = fieldsDiffering(reported, figures);
  if (fields.length > 0 && anchorSource !== 'none consistent') {
    for (const anchor of consistentAnchors(sequence)) {
      const alternative = documentedFigures(sequence, asOf, anchor);
      if (fieldsDiffering(reported, alternative.figures).length === 0) {
        ({ figures, anchorSource } = alternative);
        fields.length = 0;
        break;
      }
    }
  }
  const keys = transactions.map((tx) => [bookingDay(tx.bookingDate), bookingInstant(tx.bookingDate)]);
  const ordered = keys.every((key, i) => i === 0 || key[0] > keys[i - 1][0] || (key[0] === keys[i - 1][0] && key[1] >= keys[i - 1][1]));
  const windowStart = monthsBefore(asOf.getTime(), 13);
  if (!ordered || keys.some(([, instant]) => instant <= windowStart || instant > asOf.getTime())) fields.push('transactions');
  return { fields, expected: figures, anchorSource };
}
