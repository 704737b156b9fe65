/** UTC calendar arithmetic on day numbers (days since 1970-01-01), without Date objects in hot paths. */

export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export function epochDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

// days_from_civil and civil_from_days by Howard Hinnant: exact for the proleptic Gregorian calendar.
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDay(dayNumber: number): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** Saturdays and Sundays before a day number, counted from a Monday: only differences mean anything. */
function weekendDaysBefore(dayNumber: number): number {
  // Day 0 (1970-01-01) is a Thursday, three days after a Monday.
  const sinceMonday = dayNumber + 3;
  const weeks = Math.floor(sinceMonday / 7);
  return 2 * weeks + Math.max(0, sinceMonday - 7 * weeks - 5);
}

/** Saturdays and Sundays among the days strictly between two day numbers (in either order). */
export function weekendDaysBetween(a: number, b: number): number {
  const from = Math.min(a, b) + 1;
  const to = Math.max(a, b) - 1;
  return to < from ? 0 : weekendDaysBefore(to + 1) - weekendDaysBefore(from);
}

/**
 * Days from the expected to the actual date, not counting the weekend days in between: a
 * payment due on Friday and booked on Monday is one (business) day late.
 */
export function businessDayDeviation(actual: number, expected: number): number {
  const calendarDays = actual - expected;
  return calendarDays - Math.sign(calendarDays) * weekendDaysBetween(actual, expected);
}

/** The same UTC wall-clock instant `months` calendar months later (negative: earlier), day clamped to the month's end. */
export function addCalendarMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month0 = monthIndex - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month0 + 1));
  const target = new Date(0);
  target.setUTCFullYear(year, month0, day);
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target.getTime();
}

/** 'YYYY-MM-DD' of a day number. */
export function isoDate(dayNumber: number): string {
  const { year, month, day } = civilFromDay(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
