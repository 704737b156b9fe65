import { DAY_MS } from './calendar';

/**
 * value × 10^decimals rounded half away from zero as on paper: rounded as the decimal JavaScript
 * writes for value (1.005 with 2 decimals gives 101, though the double is 1.00499…). A bigint when
 * the result lies beyond the safe integer range; never -0.
 */
export function roundToUnits(value: number, decimals: number): number | bigint {
  const scaled = Math.abs(value) * 10 ** decimals;
  const whole = Math.floor(scaled);
  const fraction = scaled - whole;
  // value and the product each lie within half a unit in the last place of the exact decimal: a
  // fraction further than that from a half rounds as the decimal does. Closer, the decimal decides.
  if (whole < Number.MAX_SAFE_INTEGER && Math.abs(fraction - 0.5) > scaled * 2 * Number.EPSILON) {
    const units = fraction > 0.5 ? whole + 1 : whole;
    return value < 0 && units !== 0 ? -units : units;
  }
  return roundDecimalToUnits(value, decimals);
}

function roundDecimalToUnits(value: number, decimals: number): number | bigint {
  // The shortest decimal that reads back as value, e.g. '1.005' or '1.2e+21'.
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const [integerDigits, fractionDigits = ''] = mantissa.split('.');
  const digits = BigInt(integerDigits + fractionDigits);
  // value × 10^decimals = digits × 10^shift
  const shift = Number(exponent) - fractionDigits.length + decimals;
  let units = digits;
  if (shift > 0) units = digits * 10n ** BigInt(shift);
  if (shift < 0) {
    const divisor = 10n ** BigInt(-shift);
    units = digits / divisor;
    if (2n * (digits % divisor) >= divisor) units++;
  }
  if (value < 0) units = -units;
  return units >= -Number.MAX_SAFE_INTEGER && units <= Number.MAX_SAFE_INTEGER ? Number(units) : units;
}

/** units / 10^decimals: the number nearest to that decimal. */
export function unitsToNumber(units: number | bigint, decimals: number): number {
  if (typeof units === 'number') return units / 10 ** decimals;
  if (decimals === 0) return Number(units);
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  return Number(`${units < 0n ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`);
}

/** Rounds half away from zero to `decimals` places as on paper: 1.005 → 1.01, -2.675 → -2.68. Never returns -0. */
export function roundHalfAwayFromZero(value: number, decimals = 2): number {
  return unitsToNumber(roundToUnits(value, decimals), decimals);
}

/** A span as d.hh:mm:ss (days unbounded, milliseconds dropped): 364 days → '364.00:00:00'. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.floor(Math.max(0, ms) / 1000);
  const days = Math.floor((totalSeconds * 1000) / DAY_MS);
  const rest = totalSeconds - days * 86_400;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${days}.${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
}
