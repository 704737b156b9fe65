/** Exact arithmetic on `DecimalText`: amounts are added as scaled integers, never as floating point. */
import type { DecimalText } from './statement';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const MAX_DIGITS = 18;
const MAX_DECIMALS = 5;
/** An optional minus, digits without leading zeros or separators, the decimal separator and digits. */
const PLAIN_WITH_COMMA = /^(-?)([1-9]\d*|0),(\d+)$/;
const PLAIN_WITH_POINT = /^(-?)([1-9]\d*|0)\.(\d+)$/;
/** A positive decimal as amounts are mostly written (no sign, no leading zero): its negation is the minus before it. */
const PLAIN_POSITIVE = /^[1-9]\d*(?:\.\d+)?$/;
/** Zero with decimals, as a plainly written amount reads: a literal in the function would be a new object at every amount. */
const ZERO_WITH_POINT = /^0+\.0+$/;
const ZERO = /^0+(\.0+)?$/;

/** Whether an unsigned decimal (`0`, `000`, `0.00`) is zero: the amounts that are not negated. */
export const isZeroDecimal = (value: DecimalText): boolean => ZERO.test(value);

export function isDecimalText(value: string): boolean {
  return DECIMAL.test(value);
}

/**
 * A written amount as `DecimalText`: `1.234,56` and `1234,56` (comma decimals, dot or space thousands),
 * `1,234.56` and `1234.56` (dot decimals, comma thousands), and MT940's `1234,` all read. Null when it is not
 * an amount. The separator that comes last, followed by at most three digits, is the decimal one; a lone
 * separator followed by exactly three digits is read as decimal only when `decimalSeparator` says so. Like an ISO 20022
 * amount, at most 18 digits in all and 5 decimals: more is no amount a bank books.
 */
export function normaliseDecimal(written: string, decimalSeparator: ',' | '.'): DecimalText | null {
  // Most amounts are written plainly (`-1234,56`): read at once, as the general reading below reads them.
  const plain = (decimalSeparator === ',' ? PLAIN_WITH_COMMA : PLAIN_WITH_POINT).exec(written);
  if (plain !== null) {
    const [, sign, digits, fraction] = plain;
    if (digits!.length + fraction!.length > MAX_DIGITS || fraction!.length > MAX_DECIMALS) return null;
    const value = `${digits}.${fraction}`;
    return sign === '-' && !ZERO_WITH_POINT.test(value) ? `-${value}` : value;
  }
  let text = written.trim().replace(/[\s\u00a0']/g, '');
  let negative = false;
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-');
    text = text.slice(1);
  }
  const thousands = decimalSeparator === ',' ? '.' : ',';
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const decimalAt = text.lastIndexOf(decimalSeparator);
  const whole = (decimalAt === -1 ? text : text.slice(0, decimalAt)).split(thousands);
  const fraction = decimalAt === -1 ? '' : text.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction) || whole.some((part) => !/^\d+$/.test(part))) return null;
  if (whole.length > 1 && whole.slice(1).some((group) => group.length !== 3)) return null;
  const digits = whole.join('').replace(/^0+(?=\d)/, '');
  if (digits.length + fraction.length > MAX_DIGITS || fraction.length > MAX_DECIMALS) return null;
  const value = fraction === '' ? digits : `${digits}.${fraction}`;
  return negative && !isZeroDecimal(value) ? `-${value}` : value;
}

function scaleOf(value: DecimalText): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

function scaled(value: DecimalText, scale: number): bigint {
  if (!isDecimalText(value)) throw new Error(`not a decimal: ${value}`);
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole! + fraction.padEnd(scale, '0'));
  return negative ? -units : units;
}

function written(units: bigint, scale: number): DecimalText {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Integers of at most this many digits are exact as numbers (below 2^53), and so is a sum of them kept below `NUMBER_SUM_LIMIT`. */
const NUMBER_DIGITS = 15;
const NUMBER_SUM_LIMIT = 2 ** 53 - 10 ** NUMBER_DIGITS;

/**
 * The exact sum, written with the largest scale of its terms. Terms of up to 15 digits (every amount a statement
 * books) are added as numbers, which stays exact while the sum is below 2^53, and moved into a bigint before it gets
 * there: a bigint a term costs more than the rest of reading a statement's balances.
 */
export function sumDecimals(values: readonly DecimalText[]): DecimalText {
  let scale = 0;
  for (const value of values) scale = Math.max(scale, scaleOf(value));
  let exact = 0n;
  let sum = 0;
  for (const value of values) {
    if (!isDecimalText(value)) throw new Error(`not a decimal: ${value}`);
    const negative = value.startsWith('-');
    const unsigned = negative ? value.slice(1) : value;
    const dot = unsigned.indexOf('.');
    const digits = dot === -1 ? unsigned + '0'.repeat(scale) : unsigned.slice(0, dot) + unsigned.slice(dot + 1).padEnd(scale, '0');
    if (digits.length > NUMBER_DIGITS) {
      exact += negative ? -BigInt(digits) : BigInt(digits);
      continue;
    }
    sum += negative ? -Number(digits) : Number(digits);
    if (Math.abs(sum) >= NUMBER_SUM_LIMIT) {
      exact += BigInt(sum);
      sum = 0;
    }
  }
  return written(exact + BigInt(sum), scale);
}

/** The amount with the other sign, written as `written` writes it: no leading zeros, and zero without a sign. */
export function negateDecimal(value: DecimalText): DecimalText {
  if (PLAIN_POSITIVE.test(value)) return `-${value}`;
  if (!isDecimalText(value)) throw new Error(`not a decimal: ${value}`);
  const negative = value.startsWith('-');
  const unsigned = negative ? value.slice(1) : value;
  const dot = unsigned.indexOf('.');
  const whole = (dot === -1 ? unsigned : unsigned.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const text = dot === -1 ? whole : `${whole}.${unsigned.slice(dot + 1)}`;
  return negative || /^[0.]*$/.test(text) ? text : `-${text}`;
}

/** -1, 0 or 1. */
export function compareDecimals(a: DecimalText, b: DecimalText): number {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const difference = scaled(a, scale) - scaled(b, scale);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** The amount as a JavaScript number, for the canonical transaction (amounts have at most a few decimals). */
export function decimalToNumber(value: DecimalText): number {
  return Number(value);
}
