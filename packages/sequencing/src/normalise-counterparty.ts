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
const NON_LETTERS = /[^a-z]+/g;

/**
 * Lowercase, strip accents, processor prefixes, web domains, digits, punctuation, single letters and
 * legal-form words. '' when nothing distinctive is left.
 */
export function normaliseCounterpartName(name: string): string {
  // Each step only when it can apply: most names are plain ASCII without dots or asterisks.
  let text = NON_ASCII.test(name) ? name.normalize('NFD').replace(DIACRITICS, '').toLowerCase() : name.toLowerCase();
  if (text.includes('*')) text = text.replace(PROCESSOR_PREFIX, '');
  if (text.includes('.')) {
    // "b.v." → "bv" before the remaining punctuation becomes spaces
    text = text.replace(WEB_PREFIX, '').replace(DOMAIN_SUFFIX, ' ').replace(/\./g, '');
  }
  text = text.replace(NON_LETTERS, ' ');
  const tokens: string[] = [];
  for (const token of text.split(' ')) {
    if (token.length > 1 && !NOISE_TOKENS.has(token)) tokens.push(token);
  }
  return tokens.join(' ');
}

/** Uppercase IBAN without spaces; '' for none. */
export function normaliseAccountNumber(accountNumber: string | null | undefined): string {
  return typeof accountNumber === 'string' ? accountNumber.replace(/\s+/g, '').toUpperCase() : '';
}
