import { civilFromDay, dayFromCivil, daysInMonth } from './calendar';
import type { Periodicity } from './types';

/** Calendar facts of a booking day, computed once per transaction. */
export interface DayFacts {
  /** Day number (days since 1970-01-01, UTC). */
  day: number;
  /** year × 12 + month - 1 */
  monthIndex: number;
  /** Phase on the Monthly grid: aligned day of month - 1 (0–30), see alignedDayOfMonth. */
  monthPhase: number;
  /** Phase on the Quarterly grid: month within the quarter × 31 + monthPhase (0–92). */
  quarterPhase: number;
}

export function dayFacts(day: number): DayFacts {
  const { year, month, day: dayOfMonth } = civilFromDay(day);
  const monthPhase = alignedDayOfMonth(year, month, dayOfMonth) - 1;
  return { day, monthIndex: year * 12 + month - 1, monthPhase, quarterPhase: ((month - 1) % 3) * 31 + monthPhase };
}

/**
 * The calendar of one periodicity. An anchor fixes the expected dates (the weekday, the day of
 * month, …); period k's expected date is expectedDay(anchor, k).
 */
export interface PeriodicityGrid {
  readonly periodicity: Periodicity;
  /** A transaction more than this many business days off its expected date does not match the period. */
  readonly toleranceDays: number;
  /** Average length of a period in days. */
  readonly periodDays: number;
  /** Circumference of the phase circle used to find the anchor; phases are integers in [0, cycle). */
  readonly cycle: number;
  phase(tx: DayFacts): number;
  /** Circular distance between two anchors, in days. */
  anchorDistance(a: number, b: number): number;
  /** A period index at most one away from that of the expected date nearest to the transaction. */
  roughPeriod(tx: DayFacts, anchor: number): number;
  expectedDay(anchor: number, k: number): number;
}

function circular(a: number, b: number, cycle: number): number {
  const d = Math.abs(a - b) % cycle;
  return Math.min(d, cycle - d);
}

function mod(a: number, m: number): number {
  const remainder = a % m;
  // + 0 turns -0 into 0
  return remainder < 0 ? remainder + m : remainder + 0;
}

/** Weekly and Quad Weekly: period k is expected on day number anchor + k × length (anchor in [0, length)). */
function fixedLengthGrid(periodicity: Periodicity, length: number, toleranceDays: number): PeriodicityGrid {
  return {
    periodicity,
    toleranceDays,
    periodDays: length,
    cycle: length,
    phase: (tx) => mod(tx.day, length),
    anchorDistance: (a, b) => circular(a, b, length),
    roughPeriod: (tx, anchor) => Math.floor((tx.day - anchor) / length),
    expectedDay: (anchor, k) => anchor + k * length,
  };
}

/**
 * Day of month on a 31-day circle with the last three days of every month moved to 29–31, so
 * that "last working day" payments line up across months of different lengths.
 */
function alignedDayOfMonth(year: number, month: number, dayOfMonth: number): number {
  const length = daysInMonth(year, month);
  return dayOfMonth >= length - 2 ? 31 - (length - dayOfMonth) : dayOfMonth;
}

/**
 * Monthly has one period per calendar month (k = year × 12 + month - 1), Quarterly one per
 * calendar quarter (k = year × 4 + quarter - 1). The anchor is monthInPeriod × 31 + dayOfMonth - 1;
 * the expected date is that day of that month, clamped to the month's end.
 */
function calendarGrid(periodicity: Periodicity, monthsPerPeriod: 1 | 3, toleranceDays: number): PeriodicityGrid {
  const cycle = 31 * monthsPerPeriod;
  return {
    periodicity,
    toleranceDays,
    periodDays: (365.2425 / 12) * monthsPerPeriod,
    cycle,
    phase: monthsPerPeriod === 1 ? (tx) => tx.monthPhase : (tx) => tx.quarterPhase,
    anchorDistance: (a, b) => circular(a, b, cycle),
    roughPeriod: (tx) => Math.floor(tx.monthIndex / monthsPerPeriod),
    expectedDay(anchor, k) {
      const monthIndex = k * monthsPerPeriod + Math.floor(anchor / 31);
      const year = Math.floor(monthIndex / 12);
      const month = monthIndex - year * 12 + 1;
      return dayFromCivil(year, month, Math.min((anchor % 31) + 1, daysInMonth(year, month)));
    },
  };
}

export const WEEKLY = fixedLengthGrid('Weekly', 7, 1);
export const QUAD_WEEKLY = fixedLengthGrid('Quad Weekly', 28, 3);
export const MONTHLY = calendarGrid('Monthly', 1, 4);
export const QUARTERLY = calendarGrid('Quarterly', 3, 5);

export const GRIDS: readonly PeriodicityGrid[] = [WEEKLY, QUAD_WEEKLY, MONTHLY, QUARTERLY];

/**
 * The anchor of the densest cluster of phases: of the windows [p, p + 2 × tolerance] (circular)
 * starting at a transaction's phase p, the one holding the most transactions (ties: the smallest
 * p), anchored at the median phase inside it.
 */
const phaseCounts = new Int32Array(93);

export function densestAnchor(grid: PeriodicityGrid, transactions: readonly DayFacts[]): number {
  const cycle = grid.cycle;
  const counts = phaseCounts;
  counts.fill(0, 0, cycle);
  for (const tx of transactions) counts[grid.phase(tx)]++;
  const width = 2 * grid.toleranceDays;
  let inWindow = 0;
  for (let i = 0; i <= width; i++) inWindow += counts[i % cycle];
  let bestStart = -1;
  let bestCount = 0;
  let entering = (width + 1) % cycle;
  for (let start = 0; start < cycle; start++) {
    if (counts[start] > 0 && inWindow > bestCount) {
      bestCount = inWindow;
      bestStart = start;
    }
    inWindow += counts[entering] - counts[start];
    if (++entering === cycle) entering = 0;
  }
  // Median of the phases in the best window, counted on the unwrapped line from bestStart.
  const lowRank = (bestCount - 1) >> 1;
  const highRank = bestCount >> 1;
  let seen = 0;
  let low = bestStart;
  let high = bestStart;
  for (let offset = 0; offset <= width; offset++) {
    const count = counts[(bestStart + offset) % cycle];
    if (seen <= lowRank && lowRank < seen + count) low = bestStart + offset;
    if (seen <= highRank && highRank < seen + count) {
      high = bestStart + offset;
      break;
    }
    seen += count;
  }
  return mod(Math.round((low + high) / 2), cycle);
}
