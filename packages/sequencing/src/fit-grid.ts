import { businessDayDeviation } from './calendar';
import { densestAnchor, type PeriodicityGrid } from './periodicity-grid';
import type { PreparedTransaction } from './prepare-transactions';
import { medianInPlace } from './statistics';
import type { SequencingTransaction } from './types';

export interface Member<T extends SequencingTransaction = SequencingTransaction> {
  tx: PreparedTransaction<T>;
  k: number;
  /** Business days off the period's expected date (see businessDayDeviation); negative = early. */
  deviation: number;
}

/**
 * One matched period: the member that matches it, with any repeats of it (a doubled payment).
 * One object per period, as fits are many and most are rejected.
 */
export interface MatchedPeriod<T extends SequencingTransaction = SequencingTransaction> extends Member<T> {
  repeats: readonly Member<T>[];
}

/** The repeats of the periods that have none (most), shared. */
const NO_REPEATS: readonly never[] = [];

export interface GridFit<T extends SequencingTransaction = SequencingTransaction> {
  grid: PeriodicityGrid;
  anchor: number;
  /** Oldest first, at most one per k. */
  periods: MatchedPeriod<T>[];
}

/** Whether transactions spanning this many days are too close together to match two periods of the grid. */
export function tooShortForTwoPeriods(spanDays: number, grid: PeriodicityGrid): boolean {
  return spanDays < 0.75 * grid.periodDays;
}

/** Amounts (cents) differing by no more than this are the same payment repeated: 2 %, at least a cent. */
function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1, 0.02 * Math.max(Math.abs(a), Math.abs(b)));
}

// Reused between calls (the engine is synchronous): a busy counterparty would otherwise allocate per fit.
let scratch = new Int32Array(4 * 1024);
let closestScratch = new Float64Array(64);

/** In a period with several candidates, one further than this from the typical amount is not the period's payment. */
const MAX_RELATIVE_AMOUNT_OFF = 0.6;

/**
 * The row (start … end - 1 of the on-grid arrays in buffer: index at r, deviation at 2n + r) that
 * best matches its period: the closest to the expected date, or, given a typical amount (> 0), the
 * best on date and amount together, never one more than MAX_RELATIVE_AMOUNT_OFF off that amount.
 * -1 when none qualifies.
 */
function pickInPeriod(
  transactions: readonly PreparedTransaction[],
  buffer: Int32Array,
  n: number,
  start: number,
  end: number,
  tolerance: number,
  typical: number,
): number {
  let best = -1;
  let bestCost = Infinity;
  for (let r = start; r < end; r++) {
    let cost = Math.abs(buffer[2 * n + r]) / tolerance;
    if (typical > 0) {
      const amountOff = Math.abs(transactions[buffer[r]].absCents - typical) / typical;
      if (amountOff > MAX_RELATIVE_AMOUNT_OFF) continue;
      cost += amountOff;
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = r;
    }
  }
  return best;
}

/**
 * Lays the transactions (one counterparty, one direction, oldest first) on the grid anchored at
 * their densest phase and keeps, per period, the transaction within tolerance of the expected date.
 * With several in one period the closest to the expected date wins, or, when amounts may vary,
 * the best on date and amount together; same-amount others in that period are repeats.
 */
export function fitGrid<T extends SequencingTransaction>(
  transactions: readonly PreparedTransaction<T>[],
  grid: PeriodicityGrid,
  variableAmounts: boolean,
): GridFit<T> | null {
  if (transactions.length < 2) return null;
  if (tooShortForTwoPeriods(transactions[transactions.length - 1].day - transactions[0].day, grid)) return null;
  // No two transactions close enough to be matches at most three periods apart (what any sequence
  // needs): a monthly track is no Weekly sequence, whatever the anchor.
  const widestStep = 3 * grid.periodDays + (2 * grid.toleranceDays * 7) / 5 + 1;
  let stepFound = false;
  for (let i = 1; i < transactions.length && !stepFound; i++) stepFound = transactions[i].day - transactions[i - 1].day <= widestStep;
  if (!stepFound) return null;
  const anchor = densestAnchor(grid, transactions);
  const tolerance = grid.toleranceDays;

  // The nearest expected date only moves forward as transactions (oldest first) do, so candidates
  // of one period are contiguous. On-grid transactions go into parallel arrays (row r: index into
  // transactions, period, deviation) as most of a busy counterparty's are off-grid.
  const n = transactions.length;
  if (scratch.length < 4 * n + 1) scratch = new Int32Array(8 * n + 2);
  const buffer = scratch;
  const index = 0;
  const period = n;
  const deviation = 2 * n;
  let count = 0;
  let k = grid.roughPeriod(transactions[0], anchor) - 1;
  let current = grid.expectedDay(anchor, k);
  let next = grid.expectedDay(anchor, k + 1);
  for (let i = 0; i < n; i++) {
    const day = transactions[i].day;
    while (Math.abs(next - day) < Math.abs(current - day)) {
      k++;
      current = next;
      next = grid.expectedDay(anchor, k + 1);
    }
    const dev = businessDayDeviation(day, current);
    if (Math.abs(dev) > tolerance) continue;
    buffer[index + count] = i;
    buffer[period + count] = k;
    buffer[deviation + count] = dev;
    count++;
  }
  if (count < 2) return null;

  // Runs of one period: row runStart + i starts the i-th (and the row after the last ends it).
  const runStart = 3 * n;
  let runs = 0;
  for (let r = 0; r < count; r++) if (r === 0 || buffer[period + r] !== buffer[period + r - 1]) buffer[runStart + runs++] = r;
  buffer[runStart + runs] = count;
  if (runs < 2) return null;
  let typical = 0;
  if (variableAmounts) {
    if (closestScratch.length < runs) closestScratch = new Float64Array(2 * runs);
    for (let i = 0; i < runs; i++) closestScratch[i] = transactions[buffer[pickInPeriod(transactions, buffer, n, buffer[runStart + i], buffer[runStart + i + 1], tolerance, 0)]].absCents;
    typical = medianInPlace(closestScratch, runs);
  }

  const periods: MatchedPeriod<T>[] = [];
  for (let i = 0; i < runs; i++) {
    const start = buffer[runStart + i];
    const end = buffer[runStart + i + 1];
    const chosen = pickInPeriod(transactions, buffer, n, start, end, tolerance, typical);
    if (chosen < 0) continue;
    const tx = transactions[buffer[index + chosen]];
    let repeats: Member<T>[] | null = null;
    for (let r = start; r < end; r++) {
      const other = transactions[buffer[index + r]];
      if (r !== chosen && sameAmount(other.cents, tx.cents)) (repeats ??= []).push({ tx: other, k: buffer[period + r], deviation: buffer[deviation + r] });
    }
    periods.push({ tx, k: buffer[period + chosen], deviation: buffer[deviation + chosen], repeats: repeats ?? NO_REPEATS });
  }
  return periods.length >= 2 ? { grid, anchor, periods } : null;
}
