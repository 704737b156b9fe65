/**
 * Small deterministic helpers for the evaluation data: GUIDs from keys, IBANs and SEPA creditor
 * identifiers with valid ISO 7064 mod-97 check digits.
 */
import { createHash } from 'node:crypto';

/** A version-4-shaped GUID derived from `key` (same key, same GUID). */
export function deterministicGuid(...key: readonly string[]): string {
  const h = createHash('sha256').update(key.join('\u0000')).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Letters become 10…35 (ISO 13616 / ISO 7064). */
function toDigits(text: string): string {
  return text.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

function checkDigits(country: string, body: string): string {
  return String(98 - mod97(toDigits(`${body}${country}00`))).padStart(2, '0');
}

/** An IBAN for `country` and `bban`, with computed check digits. */
export function iban(country: string, bban: string): string {
  return `${country}${checkDigits(country, bban)}${bban}`;
}

/** A Dutch IBAN: bank code (4 letters) + 10-digit account number. */
export function nl(bank: string, account: string): string {
  if (!/^[A-Z]{4}$/.test(bank) || !/^[0-9]{10}$/.test(account)) throw new Error(`bad Dutch account ${bank} ${account}`);
  return iban('NL', `${bank}${account}`);
}

export function isValidIban(value: string): boolean {
  const s = value.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  return mod97(toDigits(s.slice(4) + s.slice(0, 4))) === 1;
}

/**
 * A SEPA creditor identifier (EPC262-08): country, check digits over the national id (the business
 * code is skipped), business code, national id. Dutch ones are `NLkkZZZ` + KvK number + 4 digits.
 */
export function creditorId(country: string, nationalId: string, businessCode = 'ZZZ'): string {
  return `${country}${checkDigits(country, nationalId)}${businessCode}${nationalId}`;
}

export function isValidCreditorId(value: string): boolean {
  const country = value.slice(0, 2);
  const national = value.slice(7);
  return mod97(toDigits(`${national}${country}${value.slice(2, 4)}`)) === 1;
}

/** A deterministic string of `length` characters from `alphabet`, drawn from `key`. */
export function code(key: string, length: number, alphabet = '0123456789'): string {
  let out = '';
  let counter = 0;
  while (out.length < length) {
    const bytes = createHash('sha256').update(`${key}\u0000${counter++}`).digest();
    for (const byte of bytes) {
      if (out.length >= length) break;
      out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
