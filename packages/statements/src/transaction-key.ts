import type { DecimalText, StatementTransaction } from './statement';

/**
 * The content key of each transaction, for a bank transaction that has no bank reference to be known by
 * (docs/statements.md, "Overlap"). Give it the transactions of one account in one file.
 *
 * A key is `booking date|amount|currency|counterparty IBAN|n`:
 * - the booking date (the value date when there is none), `YYYY-MM-DD`;
 * - the signed amount without trailing zeros (`-12.5`, whatever the file wrote: `12,50`, `12.5`, `-12.500`);
 * - the currency;
 * - the counterparty IBAN without spaces, in capitals, or empty;
 * - `n`, the transaction's place (1, 2, …) among the transactions of the file equal in the four above.
 * Two equal payments on one day are therefore `…|1` and `…|2`, and a later export that holds the same day holds the
 * same two and gives them the same two keys, in whatever order it lists them. A day that one file holds in part
 * (an export cut in the middle of a day) could number them differently: banks export whole days.
 */
export function contentKeys(transactions: readonly StatementTransaction[]): string[] {
  const seen = new Map<string, number>();
  return transactions.map((t) => {
    const base = `${t.bookingDate ?? t.valueDate ?? ''}|${canonicalAmount(t.amount)}|${capitals(t.currency)}|${t.counterpartyIban ? compactCapitals(t.counterpartyIban) : ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}|${n}`;
  });
}

/** Capitals and digits only: what `capitals` and `compactCapitals` give back unchanged. */
const CAPITALS = /^[A-Z0-9]*$/;

const capitals = (text: string): string => (CAPITALS.test(text) ? text : text.toUpperCase());

const compactCapitals = (text: string): string => (CAPITALS.test(text) ? text : text.replace(/\s+/g, '').toUpperCase());

/** Digits without a leading zero, optionally a point and digits not ending in 0: what `canonicalAmount` gives back unchanged. */
const CANONICAL_AMOUNT = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

function canonicalAmount(amount: DecimalText): string {
  if (CANONICAL_AMOUNT.test(amount) && amount !== '-0') return amount;
  const negative = amount.startsWith('-');
  let digits = negative ? amount.slice(1) : amount;
  if (digits.includes('.')) digits = digits.replace(/0+$/, '').replace(/\.$/, '');
  digits = digits.replace(/^0+(?=\d)/, '');
  return negative && digits !== '0' ? `-${digits}` : digits;
}
