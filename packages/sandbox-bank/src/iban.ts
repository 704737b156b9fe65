import { rngFor, type KeyPart, type Rng } from './random';

/** Dutch bank codes (the 4 letters in an NL IBAN) and their BICs. */
export const DUTCH_BANKS = {
  ABNA: 'ABNANL2A',
  INGB: 'INGBNL2A',
  RABO: 'RABONL2U',
  SNSB: 'SNSBNL2A',
  ASNB: 'ASNBNL21',
  RBRB: 'RBRBNL21',
  TRIO: 'TRIONL2U',
  BUNQ: 'BUNQNL2A',
  KNAB: 'KNABNL2H',
} as const;

export type DutchBankCode = keyof typeof DUTCH_BANKS;

export const DUTCH_BANK_NAMES: Record<DutchBankCode, string> = {
  ABNA: 'ABN AMRO Bank N.V.',
  INGB: 'ING Bank N.V.',
  RABO: 'Rabobank',
  SNSB: 'SNS',
  ASNB: 'ASN Bank',
  RBRB: 'RegioBank',
  TRIO: 'Triodos Bank N.V.',
  BUNQ: 'bunq B.V.',
  KNAB: 'Knab',
};

/** IBAN lengths of the SEPA countries most likely to appear; others only get the generic checks. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20, BE: 16, CH: 21, DE: 22, DK: 18, ES: 24, FI: 18, FR: 27, GB: 22, IE: 22,
  IT: 27, LU: 20, NL: 18, NO: 15, PL: 28, PT: 25, SE: 24,
};

/** Letters become 10…35, as ISO 13616 and ISO 7064 want. */
function toDigits(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

function checkDigits(country: string, bban: string): string {
  return String(98 - mod97(toDigits(`${bban}${country}00`))).padStart(2, '0');
}

/** ISO 13616: format, known country length, and mod-97 check digits. Spaces (print format) are allowed. */
export function isValidIban(iban: string): boolean {
  if (typeof iban !== 'string') return false;
  const s = iban.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const expectedLength = IBAN_LENGTHS[s.slice(0, 2)];
  if (expectedLength !== undefined && s.length !== expectedLength) return false;
  if (s.startsWith('NL') && !/^NL[0-9]{2}[A-Z]{4}[0-9]{10}$/.test(s)) return false;
  return mod97(toDigits(s.slice(4) + s.slice(0, 4))) === 1;
}

export function dutchIban(bank: DutchBankCode, account: string): string {
  if (!/^[0-9]{10}$/.test(account)) throw new Error(`a Dutch account number has 10 digits: ${account}`);
  const bban = `${bank}${account}`;
  return `NL${checkDigits('NL', bban)}${bban}`;
}

/** Ten digits passing the old Dutch "elfproef" (weights 10…1, sum divisible by 11), as real account numbers do. */
function elevenProofAccount(rng: Rng): string {
  for (;;) {
    const head = String(rng.int(1, 9)) + rng.digits(8);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(head[i]) * (10 - i);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return head + String(last);
  }
}

export function randomDutchIban(rng: Rng, bank: DutchBankCode): string {
  return dutchIban(bank, elevenProofAccount(rng));
}

const COMPANY_BANKS: readonly DutchBankCode[] = ['ABNA', 'INGB', 'INGB', 'RABO', 'RABO', 'ABNA', 'TRIO', 'BUNQ', 'KNAB', 'SNSB'];

/**
 * The IBAN of an organisation: a function of its name only, so every sandbox user pays Vattenfall into the
 * same account, as in reality.
 */
export function organisationIban(name: string): string {
  return memo(organisationIbans, name, () => {
    const rng = rngFor('organisation-iban', name);
    return randomDutchIban(rng, rng.pick(COMPANY_BANKS));
  });
}

const organisationIbans = new Map<string, string>();
const organisationCreditorIds = new Map<string, string>();

/** Organisation names come from small catalogues, so these caches stay small; still, they are bounded. */
function memo(cache: Map<string, string>, key: string, compute: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** An IBAN for a private person, determined by `parts` (seed, role, …). */
export function personIban(...parts: KeyPart[]): string {
  const rng = rngFor('person-iban', ...parts);
  return randomDutchIban(rng, rng.weighted<DutchBankCode>([['INGB', 38], ['ABNA', 22], ['RABO', 22], ['SNSB', 6], ['ASNB', 3], ['BUNQ', 5], ['KNAB', 2], ['TRIO', 2]]));
}

/**
 * A Dutch SEPA creditor identifier (Incassant ID): `NL` + check digits + business code `ZZZ` + KvK number +
 * 4-digit suffix, the check digits computed over the national part as for an IBAN.
 */
export function creditorId(kvkNumber: string, suffix = '0000'): string {
  const national = `${kvkNumber}${suffix}`;
  return `NL${checkDigits('NL', national)}ZZZ${national}`;
}

export function organisationCreditorId(name: string): string {
  return memo(organisationCreditorIds, name, () => {
    const rng = rngFor('organisation-creditor', name);
    return creditorId(String(rng.int(1, 9)) + rng.digits(7));
  });
}

export function bicOf(iban: string): string {
  const code = iban.slice(4, 8);
  return code in DUTCH_BANKS ? DUTCH_BANKS[code as DutchBankCode] : 'NOTPROVIDED';
}
