import { BRAND_ABBREVIATIONS } from './brand-abbreviations';
import { PLACE_NAMES } from './place-names';

/**
 * Counterparty names as banks and card schemes write them vary ("NETFLIX.COM 12345",
 * "Netflix International B.V."); these functions reduce them to one comparable key.
 */

// Tokens that say what kind of company it is, not which one.
const NOISE_TOKENS = new Set([
  'bv', 'nv', 'vof', 'cv', 'inc', 'ltd', 'llc', 'plc', 'gmbh', 'ag', 'sa', 'sarl', 'rl', 'srl', 'spa', 'corp', 'co', 'limited',
  'ab', 'oy', 'aps', 'kg', 'sas', 'international', 'intl', 'com', 'www', 'eu', 'europe', 'nl', 'be', 'de', 'uk',
]);

// Card descriptors of payment facilitators put their own name first: "PAYPAL *SPOTIFY".
const PROCESSOR_PREFIX = /^\s*(?:paypal|pp|sumup|sq|ccv|zettle|izettle|mollie|adyen|stripe)\s*\*+\s*/;
const WEB_PREFIX = /\bwww\./g;
const DOMAIN_SUFFIX = /\.(?:com|net|org|nl|de|be|fr|eu|io|co\.uk|uk)\b/g;
const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const DIGIT = /[0-9]/;
const DIGITS = /[0-9]+/g;
const LETTERS_AND_DIGITS_ALTERNATING = /[a-z][0-9]+[a-z]|[0-9][a-z]+[0-9]/;

/** A word is a run of [a-z0-9]. */
function isWordCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/**
 * The letters of a word: a store number is dropped ("ah8011" → "ah"). After the first word, one
 * in which letters and digits alternate ("p2b8c7d1e", "2k4l51mt5") is a reference code and dropped
 * whole; the first word is the merchant's own ("FIT4FREE", "Wash2Go"), so it keeps its letters.
 */
function lettersOf(word: string, first: boolean): string {
  if (!DIGIT.test(word)) return word;
  return !first && LETTERS_AND_DIGITS_ALTERNATING.test(word) ? '' : word.replace(DIGITS, '');
}

/**
 * Lowercase, strip accents, processor prefixes, web domains, numbers, reference codes, punctuation,
 * single letters and legal-form words; a brand abbreviation as first word is written out ("AH to
 * go" → "albert heijn to go") and a word repeated right after itself dropped. '' when nothing
 * distinctive is left.
 */
export function normaliseCounterpartName(name: string): string {
  // Each step only when it can apply: most names are plain ASCII without dots or asterisks.
  let text = NON_ASCII.test(name) ? name.normalize('NFD').replace(DIACRITICS, '').toLowerCase() : name.toLowerCase();
  if (text.includes('*')) text = text.replace(PROCESSOR_PREFIX, '');
  if (text.includes('.')) {
    // "b.v." → "bv" before the remaining punctuation becomes spaces
    text = text.replace(WEB_PREFIX, '').replace(DOMAIN_SUFFIX, ' ').replace(/\./g, '');
  }
  const tokens: string[] = [];
  for (let start = 0; start < text.length; ) {
    if (!isWordCharacter(text.charCodeAt(start))) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < text.length && isWordCharacter(text.charCodeAt(end))) end++;
    const word = text.slice(start, end);
    start = end;
    const token = lettersOf(word, tokens.length === 0);
    if (token.length <= 1 || NOISE_TOKENS.has(token)) continue;
    const expanded = tokens.length === 0 ? BRAND_ABBREVIATIONS.get(token) : undefined;
    if (expanded !== undefined) tokens.push(...expanded.split(' '));
    else if (token !== tokens[tokens.length - 1]) tokens.push(token);
  }
  return tokens.join(' ');
}

/**
 * A card descriptor's name without the place the acquirer appends ("spotify stockholm" →
 * "spotify"): trailing words of PLACE_NAMES are dropped, the first word always kept.
 */
export function withoutPlaceSuffix(key: string): string {
  let end = key.length;
  for (;;) {
    const lastSpace = key.lastIndexOf(' ', end - 1);
    if (lastSpace < 0) return key.slice(0, end);
    const secondLastSpace = key.lastIndexOf(' ', lastSpace - 1);
    if (secondLastSpace >= 0 && PLACE_NAMES.has(key.slice(secondLastSpace + 1, end))) end = secondLastSpace;
    else if (PLACE_NAMES.has(key.slice(lastSpace + 1, end))) end = lastSpace;
    else return key.slice(0, end);
  }
}

/** Uppercase IBAN without spaces; '' for none. */
export function normaliseAccountNumber(accountNumber: string | null | undefined): string {
  return typeof accountNumber === 'string' ? accountNumber.replace(/\s+/g, '').toUpperCase() : '';
}
