/**
 * Calendar arithmetic on UTC day numbers (days since 1970-01-01), and the Dutch banking calendar.
 *
 * A day number is the only date representation inside the generator: it is exact, cheap to compare and
 * free of time zones. Month indices are `year * 12 + month0`.
 */
import { floor } from './random';

export const DAY_MS = 86_400_000;

export const MONTHS_NL = [
  'januari', 'februari', 'maart', 'april', 'mei', 'juni',
  'juli', 'augustus', 'september', 'oktober', 'november', 'december',
] as const;

export interface CivilDate {
  year: number;
  /** 0 = January. */
  month: number;
  /** Day of the month, 1-based. */
  date: number;
}

export function dayNumber(year: number, month0: number, date: number): number {
  return Date.UTC(year, month0, date) / DAY_MS;
}

/** The UTC day a timestamp falls on. */
export function dayOf(ms: number): number {
  return floor(ms / DAY_MS);
}

export function civil(day: number): CivilDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday (as Date#getUTCDay). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekend(day: number): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

export function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

export function monthIndexOf(day: number): number {
  const c = civil(day);
  return c.year * 12 + c.month;
}

export function yearOfMonth(monthIndex: number): number {
  return floor(monthIndex / 12);
}

export function monthOfMonth(monthIndex: number): number {
  return ((monthIndex % 12) + 12) % 12;
}

/** The given day of a month, clamped to the month's length (the 31st of February is its last day). */
export function dayInMonth(monthIndex: number, date: number): number {
  const year = yearOfMonth(monthIndex);
  const month = monthOfMonth(monthIndex);
  return dayNumber(year, month, Math.min(date, daysInMonth(year, month)));
}

/** Monday-based week index; week `w` starts on day `weekStart(w)`. */
export function weekIndexOf(day: number): number {
  return floor((day + 3) / 7);
}

export function weekStart(weekIndex: number): number {
  return weekIndex * 7 - 3;
}

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = floor(year / 100);
  const c = year % 100;
  const d = floor(b / 4);
  const e = b % 4;
  const f = floor((b + 8) / 25);
  const g = floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = floor((a + 11 * h + 22 * l) / 451);
  const month = floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month - 1, date);
}

const holidayCache = new Map<number, ReadonlySet<number>>();

/**
 * Days in `year` on which this sandbox bank books no SEPA batch payments (salary, direct debits, standing
 * orders, card settlements): the Dutch public holidays New Year, Easter Monday, King's Day, Ascension Day,
 * Whit Monday and Christmas, plus Good Friday, on which TARGET2 is closed and interbank payments wait.
 */
export function bankHolidays(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  let kingsDay = dayNumber(year, 3, 27);
  if (weekday(kingsDay) === 0) kingsDay -= 1; // on a Sunday it moves to Saturday the 26th
  const days = new Set<number>([
    dayNumber(year, 0, 1),
    easter - 2, // Good Friday
    easter + 1, // Easter Monday
    kingsDay,
    easter + 39, // Ascension Day
    easter + 50, // Whit Monday
    dayNumber(year, 11, 25),
    dayNumber(year, 11, 26),
  ]);
  holidayCache.set(year, days);
  return days;
}

const bankingDayCache = new Map<number, boolean>();

export function isBankingDay(day: number): boolean {
  if (isWeekend(day)) return false;
  let banking = bankingDayCache.get(day);
  if (banking === undefined) {
    banking = !bankHolidays(civil(day).year).has(day);
    if (bankingDayCache.size > 100_000) bankingDayCache.clear();
    bankingDayCache.set(day, banking);
  }
  return banking;
}

/** `day` itself when it is a banking day, else the first banking day after it. */
export function nextBankingDay(day: number): number {
  let d = day;
  while (!isBankingDay(d)) d += 1;
  return d;
}

/** `day` itself when it is a banking day, else the last banking day before it. */
export function previousBankingDay(day: number): number {
  let d = day;
  while (!isBankingDay(d)) d -= 1;
  return d;
}

const isoCache = new Map<number, string>();

/** `2026-03-14T00:00:00.000Z` */
export function isoDateTime(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString();
    if (isoCache.size > 100_000) isoCache.clear();
    isoCache.set(day, iso);
  }
  return iso;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** `14.03.26`, as on card payment lines. */
export function formatShortDate(day: number): string {
  const c = civil(day);
  return `${pad2(c.date)}.${pad2(c.month + 1)}.${pad2(c.year % 100)}`;
}

/** `14-03-2026` */
export function formatDate(day: number): string {
  const c = civil(day);
  return `${pad2(c.date)}-${pad2(c.month + 1)}-${c.year}`;
}

/** `17:32` from minutes after midnight. */
export function formatClock(minutes: number): string {
  return `${pad2(floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** The instant `months` calendar months before `date`, the day clamped to the target month's length. */
export function subtractMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  target.setUTCDate(Math.min(day, daysInMonth(target.getUTCFullYear(), target.getUTCMonth())));
  return target;
}
