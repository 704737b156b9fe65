/** ISO 7064 mod 97-10 over a string of digits, taken 7 digits at a time (no big integers needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** An IBAN as stored and compared: spaces (the print format) removed, upper-case. */
export const normaliseIban = (iban: string): string => iban.replace(/ /g, '').toUpperCase();

/**
 * ISO 13616: two letters, two check digits, 11 to 30 letters or digits, and check digits that make
 * the rearranged number 1 modulo 97. Spaces (the print format) and lower case are allowed.
 */
export function isValidIban(iban: string): boolean {
  const s = normaliseIban(iban);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}
