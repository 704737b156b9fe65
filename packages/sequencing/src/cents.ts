import { roundToUnits, unitsToNumber } from './rounding';

/**
 * An amount in whole cents, exact: a number while it is a safe integer, a bigint beyond
 * (2^53 cents is about 90 trillion). Sums and means of amounts are taken in cents, so they never
 * pick up floating-point error, however large the amounts.
 */
export type Cents = number | bigint;

/** The amount in cents, rounded half away from zero as written (1.005 → 101). */
export const toCents = (amount: number): Cents => roundToUnits(amount, 2);

/** The amount of whole cents, as the number nearest to it. */
export const centsToAmount = (cents: Cents): number => unitsToNumber(cents, 2);

const bigSum = (cents: readonly Cents[]): bigint => cents.reduce<bigint>((sum, c) => sum + BigInt(c), 0n);

export function sumCents(cents: readonly Cents[]): Cents {
  let sum = 0;
  let magnitude = 0;
  for (const c of cents) {
    if (typeof c === 'bigint') return bigSum(cents);
    sum += c;
    magnitude += Math.abs(c);
  }
  // Every partial sum is exact while the sum of magnitudes is a safe integer.
  return magnitude <= Number.MAX_SAFE_INTEGER ? sum : bigSum(cents);
}

/** cents / divisor rounded half away from zero, exactly. */
export function divideCents(cents: Cents, divisor: number): Cents {
  if (typeof cents === 'number') {
    const remainder = cents % divisor;
    const quotient = (cents - remainder) / divisor;
    return 2 * Math.abs(remainder) >= divisor ? quotient + Math.sign(cents) : quotient;
  }
  const bigDivisor = BigInt(divisor);
  const remainder = cents % bigDivisor;
  const quotient = cents / bigDivisor;
  if (2n * (remainder < 0n ? -remainder : remainder) < bigDivisor) return quotient;
  return cents < 0n ? quotient - 1n : quotient + 1n;
}

const ascending = (a: Cents, b: Cents): number => (a < b ? -1 : a > b ? 1 : 0);
const isNumber = (c: Cents): c is number => typeof c === 'number';

/** The middle value; of an even count the mean of the two middle values, rounded half away from zero. */
export function medianCents(cents: readonly Cents[]): Cents {
  // Safe integers sort as doubles, much faster than through a comparator.
  const sorted = cents.every(isNumber) ? Float64Array.from(cents).sort() : [...cents].sort(ascending);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : divideCents(sumCents([sorted[mid - 1], sorted[mid]]), 2);
}

/**
 * Population standard deviation (divides by n) in whole cents, rounded half away from zero; total
 * is the sum of cents. Deviations from the mean are taken exactly (as n × cents − total), the
 * square root in floating point.
 */
export function stdDevCents(cents: readonly Cents[], total: Cents): number {
  const n = cents.length;
  if (n < 2) return 0;
  let squares = 0;
  for (const c of cents) {
    const small = typeof c === 'number' && typeof total === 'number' && Number.isSafeInteger(n * c) && Number.isSafeInteger(n * c - total);
    const deviation = small ? n * c - total : Number(BigInt(n) * BigInt(c) - BigInt(total));
    squares += deviation * deviation;
  }
  return Math.round(Math.sqrt(squares / n) / n);
}
