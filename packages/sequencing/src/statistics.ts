import { centsToAmount, divideCents, medianCents, stdDevCents, sumCents, toCents } from './cents';
import { roundHalfAwayFromZero } from './rounding';
import type { AmountStatistics, TimeStatistics } from './types';

// Reused between calls (the engine is synchronous): medians are taken very often.
let medianScratch = new Float64Array(256);

/**
 * Up to this many values are sorted by insertion: most sorts are of one value per period (at most
 * 57) or of a small counterparty's amounts, where a native sort costs more to call than the sorting.
 */
const INSERTION_SORT_MAX = 64;

/** Sorts the first n values ascending in place. */
export function sortAscending(values: Float64Array, n = values.length): void {
  if (n > INSERTION_SORT_MAX) {
    values.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const value = values[i];
    let j = i;
    for (; j > 0 && values[j - 1] > value; j--) values[j] = values[j - 1];
    values[j] = value;
  }
}

/** Middle value; the mean of the two middle values for an even count; 0 for none. */
export function median(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return 0;
  if (medianScratch.length < n) medianScratch = new Float64Array(2 * n);
  const sorted = medianScratch;
  for (let i = 0; i < n; i++) sorted[i] = values[i];
  return medianInPlace(sorted, n);
}

/** The median of the first n (> 0) values, which it sorts in place. */
export function medianInPlace(values: Float64Array, n: number): number {
  sortAscending(values, n);
  const mid = n >> 1;
  return n % 2 === 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Population standard deviation (divides by n, not n - 1); 0 for fewer than two values. */
export function populationStdDev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / values.length);
}

/**
 * Most frequent value of values given oldest first; a tie goes to the value that occurred most
 * recently. Values are compared after rounding to `decimals` places. 0 for none.
 */
export function mode(valuesOldestFirst: readonly number[], decimals = 2): number {
  const counts = new Map<number, { count: number; lastIndex: number }>();
  valuesOldestFirst.forEach((raw, index) => {
    const value = roundHalfAwayFromZero(raw, decimals);
    const entry = counts.get(value);
    if (entry) {
      entry.count++;
      entry.lastIndex = index;
    } else {
      counts.set(value, { count: 1, lastIndex: index });
    }
  });
  let best = 0;
  let bestCount = 0;
  let bestIndex = -1;
  for (const [value, { count, lastIndex }] of counts) {
    if (count > bestCount || (count === bestCount && lastIndex > bestIndex)) {
      best = value;
      bestCount = count;
      bestIndex = lastIndex;
    }
  }
  return best;
}

const r2 = (value: number): number => roundHalfAwayFromZero(value, 2);

/** Day-of-period statistics of the days given oldest first; all zeros for none. */
export function timeStatistics(daysOldestFirst: readonly number[]): TimeStatistics {
  if (daysOldestFirst.length === 0) {
    return { minDayOfPeriod: 0, maxDayOfPeriod: 0, medianDayOfPeriod: 0, averageDayOfPeriod: 0, modeDayOfPeriod: 0, stdDevDayOfPeriod: 0 };
  }
  return {
    minDayOfPeriod: Math.min(...daysOldestFirst),
    maxDayOfPeriod: Math.max(...daysOldestFirst),
    medianDayOfPeriod: r2(median(daysOldestFirst)),
    averageDayOfPeriod: r2(mean(daysOldestFirst)),
    modeDayOfPeriod: mode(daysOldestFirst, 0),
    stdDevDayOfPeriod: r2(populationStdDev(daysOldestFirst)),
  };
}

/**
 * Amount statistics of signed amounts given oldest first (expenses negative); all zeros for none.
 * Each amount is taken in whole cents first, and sums and means are exact in cents.
 */
export function amountStatistics(amountsOldestFirst: readonly number[]): AmountStatistics {
  if (amountsOldestFirst.length === 0) {
    return { minAmount: 0, maxAmount: 0, medianAmount: 0, averageAmount: 0, modeAmount: 0, stdDevAmount: 0, totalAmount: 0 };
  }
  const cents = amountsOldestFirst.map(toCents);
  const total = sumCents(cents);
  return {
    minAmount: r2(Math.min(...amountsOldestFirst)),
    maxAmount: r2(Math.max(...amountsOldestFirst)),
    medianAmount: centsToAmount(medianCents(cents)),
    averageAmount: centsToAmount(divideCents(total, cents.length)),
    modeAmount: mode(amountsOldestFirst, 2),
    stdDevAmount: centsToAmount(stdDevCents(cents, total)),
    totalAmount: centsToAmount(total),
  };
}
