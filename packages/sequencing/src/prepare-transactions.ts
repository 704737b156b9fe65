import { DAY_MS, dayFromCivil, daysInMonth } from './calendar';
import { toCents } from './cents';
import { InvalidSequencingInput } from './errors';
import { normaliseAccountNumber, normaliseCounterpartName } from './normalise-counterparty';
import { dayFacts, type DayFacts } from './periodicity-grid';
import type { SequencingTransaction } from './types';

/** A validated transaction with the calendar facts the detection needs, computed once. */
export interface PreparedTransaction<T extends SequencingTransaction = SequencingTransaction> extends DayFacts {
  source: T;
  /** Position in the caller's array: the tie-break that keeps results deterministic. */
  index: number;
  /**
   * Milliseconds from 00:00 UTC of `day` (the booking date as written) to the booking instant:
   * with day, the instant. Negative for a booking at local midnight east of UTC.
   */
  msFromDayStart: number;
  /**
   * Amount in whole cents, signed; its absolute value. Integers, so V8 stores them without boxing
   * (beyond 2^53 cents the nearest number: the statistics take exact cents from the amount).
   */
  cents: number;
  absCents: number;
  nameKey: string;
  accountNumber: string;
}

function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A booking date: its calendar date as written and the instant it names. */
export interface BookingTime {
  /** Day number of the date as written ('2026-03-01T00:00+01:00' is 1 March, whatever the offset). */
  day: number;
  /** Milliseconds from 00:00 UTC of that day to the instant. */
  msFromDayStart: number;
}

/**
 * The date as written and the instant of an ISO 8601 date ('2026-03-25') or date-time
 * ('2026-03-25T10:00', seconds, fraction and 'Z' or ±hh:mm optional; without an offset it is
 * UTC), null when it is not one or names a day that does not exist. Hand-written: Date.parse is
 * the slowest step otherwise, and reads offset-less date-times in the process's time zone.
 */
export function parseIsoDateTime(text: string): BookingTime | null {
  if (text.length < 10 || text[4] !== '-' || text[7] !== '-') return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const writtenDay = dayFromCivil(year, month, day);
  if (text.length === 10) return { day: writtenDay, msFromDayStart: 0 };
  if ((text[10] !== 'T' && text[10] !== ' ') || text[13] !== ':') return null;
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  let i = 16;
  let second = 0;
  let millisecond = 0;
  if (text[i] === ':') {
    second = digitsAt(text, i + 1, 2);
    if (second < 0 || second > 59) return null;
    i += 3;
    if (text[i] === '.' || text[i] === ',') {
      const start = ++i;
      for (let scale = 100; i < text.length && digitsAt(text, i, 1) >= 0; i++, scale /= 10) millisecond += digitsAt(text, i, 1) * scale;
      if (i === start) return null;
      millisecond = Math.floor(millisecond);
    }
  }
  const wallClockMs = ((hour * 60 + minute) * 60 + second) * 1000 + millisecond;
  if (i === text.length || (text[i] === 'Z' && i + 1 === text.length)) return { day: writtenDay, msFromDayStart: wallClockMs };
  if (text[i] !== '+' && text[i] !== '-') return null;
  const sign = text[i] === '+' ? 1 : -1;
  const offsetHours = digitsAt(text, i + 1, 2);
  const colon = text[i + 3] === ':' ? 1 : 0;
  const offsetMinutes = digitsAt(text, i + 3 + colon, 2);
  if (offsetHours < 0 || offsetHours > 23 || offsetMinutes < 0 || offsetMinutes > 59 || i + 5 + colon !== text.length) return null;
  return { day: writtenDay, msFromDayStart: wallClockMs - sign * (offsetHours * 60 + offsetMinutes) * 60_000 };
}

/** The booking instant in epoch milliseconds. */
export function bookingMs(tx: PreparedTransaction): number {
  return tx.day * DAY_MS + tx.msFromDayStart;
}

function parseBookingDate(value: unknown, index: number): BookingTime {
  if (typeof value !== 'string') throw new InvalidSequencingInput(index, 'bookingDate', 'must be an ISO 8601 date string');
  const time = parseIsoDateTime(value);
  if (time === null) throw new InvalidSequencingInput(index, 'bookingDate', `is not a valid ISO 8601 date: '${value}'`);
  return time;
}

function validate(tx: unknown, index: number): void {
  if (typeof tx !== 'object' || tx === null) throw new InvalidSequencingInput(index, 'transaction', 'must be an object');
  const record = tx as Record<string, unknown>;
  if (typeof record.id !== 'string' || record.id.length === 0) throw new InvalidSequencingInput(index, 'id', 'is missing or empty');
  if (typeof record.amount !== 'number' || !Number.isFinite(record.amount)) {
    throw new InvalidSequencingInput(index, 'amount', `must be a finite number, got ${String(record.amount)}`);
  }
  if (record.currency != null && typeof record.currency !== 'string') throw new InvalidSequencingInput(index, 'currency', 'must be a string when given');
}

/**
 * Validates every transaction (throwing on the first bad one), then keeps those booked in
 * (windowStartMs, asOfMs], with an amount that is not 0.00 and not to or from an own account.
 */
export function prepareTransactions<T extends SequencingTransaction>(
  transactions: readonly T[],
  windowStartMs: number,
  asOfMs: number,
  ownAccountNumbers: ReadonlySet<string>,
): PreparedTransaction<T>[] {
  if (!Array.isArray(transactions)) throw new InvalidSequencingInput(null, 'transactions', 'must be an array');
  const nameKeys = new Map<string, string>();
  const accountKeys = new Map<string, string>();
  const keyOf = (name: string): string => {
    let key = nameKeys.get(name);
    if (key === undefined) {
      key = normaliseCounterpartName(name);
      nameKeys.set(name, key);
    }
    return key;
  };
  const prepared: PreparedTransaction<T>[] = [];
  const seenIds = new Set<string>();
  let facts: DayFacts = dayFacts(0);
  let bookingDate: string | null = null;
  let time: BookingTime = { day: 0, msFromDayStart: 0 };
  for (let index = 0; index < transactions.length; index++) {
    const tx = transactions[index];
    validate(tx, index);
    // Neighbours in a history mostly share the booking date: parsed once for them.
    if (bookingDate === null || tx.bookingDate !== bookingDate) {
      time = parseBookingDate(tx.bookingDate, index);
      bookingDate = tx.bookingDate;
    }
    const { day, msFromDayStart } = time;
    // A transaction imported twice (the same id) is one payment: only its first occurrence counts.
    if (seenIds.has(tx.id)) continue;
    seenIds.add(tx.id);
    const cents = Number(toCents(tx.amount));
    // The window compares instants; everything counted in days uses the date as written.
    const ms = day * DAY_MS + msFromDayStart;
    if (ms <= windowStartMs || ms > asOfMs || cents === 0) continue;
    const rawAccount = tx.counterpartAccountNumber;
    let accountNumber = '';
    if (typeof rawAccount === 'string' && rawAccount !== '') {
      const cached = accountKeys.get(rawAccount);
      accountNumber = cached ?? normaliseAccountNumber(rawAccount);
      if (cached === undefined) accountKeys.set(rawAccount, accountNumber);
    }
    if (accountNumber !== '' && ownAccountNumbers.has(accountNumber)) continue;
    let nameKey = typeof tx.counterpartName === 'string' ? keyOf(tx.counterpartName) : '';
    // Without a name or an IBAN the description is the only identity (e.g. ATM withdrawals).
    if (nameKey === '' && accountNumber === '' && typeof tx.description === 'string') nameKey = keyOf(tx.description);
    if (day !== facts.day) facts = dayFacts(day);
    const { monthIndex, monthPhase, quarterPhase } = facts;
    prepared.push({
      source: tx,
      index,
      day,
      msFromDayStart,
      monthIndex,
      monthPhase,
      quarterPhase,
      cents,
      absCents: Math.abs(cents),
      nameKey,
      accountNumber,
    });
  }
  return prepared;
}
