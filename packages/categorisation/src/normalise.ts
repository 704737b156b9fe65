/**
 * Counterparty names and descriptions as banks and card terminals write them vary ("ALBERT HEIJN
 * 1403 AMSTERDAM", "AH to go 5847", "Albert Heijn B.V.", "CCV*Albert Heijn"); these functions reduce
 * them to lower-case ASCII words separated by single spaces, the form the catalogue is indexed in.
 */
import { dutchPlaces } from './dutch-places';
import { memoised } from './memo';

/** A normalised name: `text`, and the length of its prefix without a trailing place name. */
export interface NormalisedName {
  text: string;
  coreLength: number;
  /** A payment processor's or wallet's prefix stood before the name ("CCV*", "SumUp *", "PAYPAL *"). */
  prefixed?: true;
  /** Behind a processor's prefix, the name as typed in CamelCase read as words ("SumUp *BakkerijVanDam" → "bakkerij van dam"). */
  spaced?: NormalisedName;
}

// Legal forms, country codes and filler that say what kind of company it is, not which one.
const NOISE_WORDS: ReadonlySet<string> = new Set([
  'bv', 'nv', 'vof', 'cv', 'ua', 'holding', 'nederland', 'netherlands', 'nl', 'nld', 'inc', 'ltd', 'llc', 'plc', 'gmbh', 'ag',
  'sa', 'sarl', 'srl', 'spa', 'corp', 'limited', 'eu', 'bvba', 'www',
]);

/** Words a payment provider's legal name adds to its brand ("iZettle AB", "Trustly Group AB", "Zettle by PayPal", "Adyen Payments Europe"). */
const LEGAL_NAME_WORDS: ReadonlySet<string> = new Set([
  'ab', 'publ', 'group', 'groep', 'payments', 'payment', 'services', 'service', 'europe', 'european', 'benelux', 'international', 'limited', 'ltd', 'se', 'sas', 'as', 'oy', 'by', 'paypal', 'uab', 'ireland', 'financial',
]);

/** Whether a word is one a company's legal name adds to its brand: "AB", "Group", "Payments", "Europe". */
export function isLegalNameWord(word: string): boolean {
  return LEGAL_NAME_WORDS.has(word) || NOISE_WORDS.has(word);
}

// Card descriptors of payment facilitators and wallets put their own name first: "PAYPAL *SPOTIFY", "Zettle_*Koffiebar".
const PROCESSOR_PREFIX =
  /^(?:((?:ccv|sumup|sum up|zettle|izettle|iz|mollie|adyen|paypal|pp|sq|stripe|bck|msp|buckaroo|multisafepay|payu|sp|tst|cmt|wl|worldline|paylogic|klarna|tikkie|vivawallet|viva|nexi|payplug|lyra|ecster|mypos|square|pay\.nl|paynl|payvision|cardgate|icepay|ems|ady|mol|ztl|trustly|unzer|lightspeed|payconiq)\s*_?\s*\*+\s*)|(?:apple pay|google pay|gpay|garmin pay|fitbit pay)\s+)/;
// a lower-case letter followed by a capital: where a name typed without spaces ("KoffieBarNoord") has its breaks
const CAMEL_CASE = /[a-z][A-Z]/;
const CAMEL_CASE_GLOBAL = /([a-z])([A-Z])/g;
const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const ALL_DIGITS = /^\d+$/;
const TOP_LEVEL_DOMAINS = ['com', 'nl', 'net', 'org', 'de', 'be', 'fr', 'eu', 'io', 'co.uk', 'uk', 'app', 'shop', 'online'];

const placeTokens: readonly (readonly string[])[] = dutchPlaces.map((place) => place.split(' '));
const placesByLastWord = new Map<string, (readonly string[])[]>();
for (const tokens of placeTokens) {
  const last = tokens[tokens.length - 1];
  const list = placesByLastWord.get(last);
  if (list) list.push(tokens);
  else placesByLastWord.set(last, [tokens]);
}

/** Lower-case with accents removed: "Café Rosé" → "cafe rose". */
export function fold(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFD').replace(DIACRITICS, '').toLowerCase() : text.toLowerCase();
}

/** The text without processor and wallet prefixes, and whether a processor's was among them. */
function stripProcessorPrefixes(text: string): { text: string; processor: boolean } {
  let processor = false;
  for (let round = 0; round < 3; round++) {
    const prefix = PROCESSOR_PREFIX.exec(text);
    if (prefix === null) break;
    if (prefix[1] !== undefined) processor = true;
    text = text.slice(prefix[0].length);
  }
  return { text, processor };
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

// Dots and apostrophes join what they separate: "b.v." → "bv", "mcdonald's" → "mcdonalds".
function isSilent(code: number): boolean {
  return code === 46 || code === 39 || code === 0x2019 || code === 96 || code === 0xb4;
}

/** Length of the web domain ending (".com", ".co.uk") that starts at the dot at `dot`; 0 when there is none. */
function domainEndingLength(text: string, dot: number): number {
  // every domain ending starts with a letter: "12.03.25" and "b.v." end no domain
  const next = text.charCodeAt(dot + 1);
  if (!(next >= 97 && next <= 122)) return 0;
  for (const domain of TOP_LEVEL_DOMAINS) {
    const after = dot + 1 + domain.length;
    if (text.startsWith(domain, dot + 1) && (after === text.length || !isWordChar(text.charCodeAt(after)))) return domain.length + 1;
  }
  return 0;
}

const LONGEST_NOISE_WORD = Math.max(...[...NOISE_WORDS].map((word) => word.length));

function keep(words: string[], word: string): void {
  // no noise word starts with a digit: references and amounts are kept without a look-up
  const first = word.charCodeAt(0);
  if ((first >= 48 && first <= 57) || word.length > LONGEST_NOISE_WORD || !NOISE_WORDS.has(word)) words.push(word);
}

/**
 * The words of folded text without noise words, in one pass: web addresses reduced to their name
 * ("www.bol.com" → "bol"), `&` and `+` spelt out ("en", "plus"), every other non-letter, non-digit
 * a word break.
 */
function wordsOf(folded: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < folded.length; ) {
    const code = folded.charCodeAt(i);
    if (isWordChar(code)) {
      let end = i + 1;
      while (end < folded.length && isWordChar(folded.charCodeAt(end))) end++;
      word += folded.slice(i, end);
      i = end;
      continue;
    }
    if (code === 46 && word !== '') {
      if (word === 'www') {
        word = '';
        i++;
        continue;
      }
      const domain = domainEndingLength(folded, i);
      if (domain > 0) {
        keep(words, word);
        word = '';
        i += domain;
        continue;
      }
    }
    i++;
    if (isSilent(code)) continue;
    if (word !== '') keep(words, word);
    word = '';
    if (code === 38) words.push('en');
    else if (code === 43) words.push('plus');
  }
  if (word !== '') keep(words, word);
  return words;
}

/** Tokens of a trailing place name to drop ("amsterdam", "den haag"), 0 when there is none or nothing would be left. */
function trailingPlaceLength(tokens: readonly string[]): number {
  const candidates = placesByLastWord.get(tokens[tokens.length - 1]);
  if (!candidates) return 0;
  let longest = 0;
  for (const place of candidates) {
    if (place.length >= tokens.length || place.length <= longest) continue;
    let matches = true;
    for (let i = 0; i < place.length && matches; i++) matches = tokens[tokens.length - place.length + i] === place[i];
    if (matches) longest = place.length;
  }
  return longest;
}

/**
 * A counterparty or merchant name as catalogue words: folded, payment-processor and wallet prefixes
 * dropped, web domains reduced to their name ("bol.com" → "bol"), legal forms and country codes
 * dropped, store and branch numbers dropped (a number is kept only as the first word: "9292", "711").
 * `coreLength` also leaves out a trailing Dutch place name.
 */
export const normaliseName: (raw: string) => Readonly<NormalisedName> = memoised(nameOf);

function nameOf(raw: string): NormalisedName {
  const kept: string[] = [];
  const stripped = stripProcessorPrefixes(fold(raw).trim());
  for (const token of wordsOf(stripped.text)) {
    if (kept.length > 0 && ALL_DIGITS.test(token)) continue;
    kept.push(token);
  }
  const text = kept.join(' ');
  const name: NormalisedName = { text, coreLength: text.length };
  if (stripped.processor && text !== '') {
    name.prefixed = true;
    const typed = raw.slice(raw.lastIndexOf('*') + 1);
    if (CAMEL_CASE.test(typed)) {
      const spaced = normaliseName(typed.replace(CAMEL_CASE_GLOBAL, '$1 $2'));
      if (spaced.text !== text) name.spaced = spaced;
    }
  }
  if (kept.length < 2) return name;
  const placeLength = trailingPlaceLength(kept);
  if (placeLength === 0) return name;
  let coreLength = -1;
  for (let i = 0; i < kept.length - placeLength; i++) coreLength += kept[i].length + 1;
  name.coreLength = coreLength;
  return name;
}

/** The name without a trailing place: the merchant key ("albert heijn" for "ALBERT HEIJN 1403 AMSTERDAM"). */
export function merchantKey(name: NormalisedName): string {
  return name.coreLength === name.text.length ? name.text : name.text.slice(0, name.coreLength);
}

/**
 * A description as catalogue words: like names, but numbers are kept wherever they are (they are
 * harmless for phrase search and keep "13e maand" and references intact).
 */
export function normaliseText(raw: string): string {
  return wordsOf(fold(raw)).join(' ');
}

/** Upper-case IBAN without spaces; '' for none. */
export function normaliseIban(accountNumber: string | null | undefined): string {
  return accountNumber ? compactIban(accountNumber) : '';
}

/** Whether an account number is written as its compact form already: no space, dot, dash or lower-case letter. */
function isCompact(accountNumber: string): boolean {
  for (let i = 0; i < accountNumber.length; i++) {
    const code = accountNumber.charCodeAt(i);
    if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 90))) return false;
  }
  return true;
}

function compactIban(accountNumber: string): string {
  return isCompact(accountNumber) ? accountNumber : accountNumber.replace(/[\s.-]+/g, '').toUpperCase();
}
