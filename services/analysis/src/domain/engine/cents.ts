/**
 * Money arithmetic in whole cents. Every figure is summed as an integer number of cents and turned back into
 * euros only at the end, so no sum drifts (0.1 + 0.2 is 30 cents, not 0.30000000000000004 euros).
 */

/** A 2-decimal euro amount in whole cents (rounded: input amounts carry at most 2 decimals). */
export function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  return cents === 0 ? 0 : cents;
}

/** Cents (possibly fractional, e.g. an average) back to euros, rounded half away from zero to 2 decimals. */
export function fromCents(cents: number): number {
  const rounded = Math.sign(cents) * Math.round(Math.abs(cents));
  return rounded === 0 ? 0 : rounded / 100;
}

/** `part / whole` as a share in 0..1 rounded to 4 decimals; 0 when whole is 0. Both are signed alike (expenses). */
export function shareOf(partCents: number, wholeCents: number): number {
  if (wholeCents === 0) return 0;
  const share = Math.min(1, Math.max(0, partCents / wholeCents));
  return Math.round(share * 10_000) / 10_000;
}
