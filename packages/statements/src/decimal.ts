/** Exact arithmetic on `DecimalText`: amounts are added as scaled integers, never as floating point. */
import type { DecimalText } from './statement';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const MAX_DIGITS = 18;
const MAX_DECIMALS = 5;

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
  return negative && !/^0+(\.0+)?$/.test(value) ? `-${value}` : value;
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

/** The exact sum, written with the largest scale of its terms. */
export function sumDecimals(values: readonly DecimalText[]): DecimalText {
  const scale = Math.max(0, ...values.map(scaleOf));
  return written(values.reduce((sum, value) => sum + scaled(value, scale), 0n), scale);
}

export function negateDecimal(value: DecimalText): DecimalText {
  return written(-scaled(value, scaleOf(value)), scaleOf(value));
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
