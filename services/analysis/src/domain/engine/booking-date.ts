/** Booking dates: parsed once to UTC instants, and the calendar months (UTC) they fall in. */

const DATE_TIME_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Epoch milliseconds of an ISO 8601 booking date or date-time. A date-time without an offset is read as UTC
 * (as the sequencing engine reads it), never in the process's time zone. Throws on anything else.
 */
export function bookingInstant(bookingDate: string, transactionId: string): number {
  // A bare date and a date-time ending in Z (the form stored) are UTC to Date.parse already.
  const utc = bookingDate.length === 10 || bookingDate.endsWith('Z') || !DATE_TIME_WITHOUT_OFFSET.test(bookingDate);
  const ms = Date.parse(utc ? bookingDate : `${bookingDate.replace(' ', 'T')}Z`);
  if (!Number.isFinite(ms)) throw new RangeError(`transaction ${transactionId}: bookingDate is not an ISO 8601 date: '${bookingDate}'`);
  return ms;
}

/** A calendar month as one integer, year * 12 + (month - 1), by UTC date. */
export function monthIndexOf(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** 'YYYY-MM' of a month index. */
export function monthLabel(monthIndex: number): string {
  const year = Math.floor(monthIndex / 12);
  return `${pad(year, 4)}-${pad(monthIndex - year * 12 + 1, 2)}`;
}

/** 'YYYY-MM-DD' (UTC) of an instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The same UTC wall-clock instant `months` calendar months earlier or later, the day clamped to the month's end. */
export function addCalendarMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month0 = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
  const target = new Date(0);
  target.setUTCFullYear(year, month0, Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target.getTime();
}
