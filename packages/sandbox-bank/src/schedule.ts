/**
 * Fixed calendars for recurring streams. Each helper enumerates the absolute periods (month index, week index,
 * cycle number, day number) that touch a span, so an occurrence is identified and randomised by its period,
 * never by its position in the requested window.
 */
import { civil, monthIndexOf, weekIndexOf, weekStart } from './calendar';
import { rngFor, roundCents } from './random';
import type { Span } from './ledger';

/** Month indices touching the span, one extra on either side for payments shifted across a month end. */
export function monthsOf(span: Span): number[] {
  const out: number[] = [];
  for (let m = monthIndexOf(span.from) - 1; m <= monthIndexOf(span.to) + 1; m++) out.push(m);
  return out;
}

export function yearsOf(span: Span): number[] {
  const out: number[] = [];
  for (let y = civil(span.from).year - 1; y <= civil(span.to).year + 1; y++) out.push(y);
  return out;
}

/** Monday-based weeks touching the span, with their Monday. */
export function weeksOf(span: Span): { week: number; monday: number }[] {
  const out: { week: number; monday: number }[] = [];
  for (let w = weekIndexOf(span.from) - 1; w <= weekIndexOf(span.to) + 1; w++) out.push({ week: w, monday: weekStart(w) });
  return out;
}

export function daysOf(span: Span): number[] {
  const out: number[] = [];
  for (let d = span.from; d <= span.to; d++) out.push(d);
  return out;
}

/** Occurrences every `length` days counted from `anchor` (cycle k falls on `anchor + k * length`). */
export function cyclesOf(span: Span, anchor: number, length: number): { cycle: number; day: number }[] {
  const out: { cycle: number; day: number }[] = [];
  const first = Math.floor((span.from - anchor) / length) - 1;
  const last = Math.ceil((span.to - anchor) / length) + 1;
  for (let k = first; k <= last; k++) out.push({ cycle: k, day: anchor + k * length });
  return out;
}

/** The reference year amounts in the profiles are stated for. */
export const BASE_YEAR = 2025;

/**
 * `base` (the amount in `baseYear`) after the yearly changes up to `year`: each year's rate is drawn from
 * [minRate, maxRate) keyed by (key, year), so the amount of a given year is fixed whatever the window.
 */
export function indexed(base: number, year: number, key: readonly (string | number)[], minRate: number, maxRate: number, baseYear = BASE_YEAR): number {
  let value = base;
  for (let y = baseYear + 1; y <= year; y++) value *= 1 + rngFor(...key, 'rate', y).range(minRate, maxRate);
  for (let y = baseYear; y > year; y--) value /= 1 + rngFor(...key, 'rate', y).range(minRate, maxRate);
  return roundCents(value);
}
