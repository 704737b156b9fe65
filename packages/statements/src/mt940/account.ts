/** The MT940 `:25:` account identification: an IBAN, a BIC/IBAN, or an account number, each optionally followed by a currency. */

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** An IBAN by its form and its mod-97 check digits. */
export function looksLikeIban(text: string): boolean {
  if (!IBAN.test(text)) return false;
  const rearranged = text.slice(4) + text.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export interface AccountIdentification {
  iban: string | null;
  accountId: string | null;
  bic: string | null;
  currency: string | null;
}

/**
 * `NL69INGB0123456789`, `NL69INGB0123456789EUR` (ING), `NL69RABO0123456789 EUR` (Rabobank),
 * `INGBNL2A/NL69INGB0123456789`, `123456789` or `0123456789 EUR`. An IBAN counts only with valid check digits;
 * the currency is split off only where what remains is a valid IBAN. Null when it is none of these.
 */
export function splitAccountIdentification(value: string): AccountIdentification | null {
  let rest = value.replace(/\s+/g, ' ');
  let bic: string | null = null;
  const withBic = /^([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\/(.+)$/.exec(rest);
  if (withBic) {
    bic = withBic[1]!;
    rest = withBic[2]!;
  }
  const compact = rest.replace(/ /g, '');
  if (looksLikeIban(compact)) return { iban: compact, accountId: null, bic, currency: null };
  const currency = /^(.+?) ?([A-Z]{3})$/.exec(rest);
  if (currency && looksLikeIban(currency[1]!.replace(/ /g, ''))) return { iban: currency[1]!.replace(/ /g, ''), accountId: null, bic, currency: currency[2]! };
  const account = /^([0-9][0-9.\-]{0,33})(?: ?([A-Z]{3}))?$/.exec(rest);
  if (account) return { iban: null, accountId: account[1]!, bic, currency: account[2] ?? null };
  return null;
}
