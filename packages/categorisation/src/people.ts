/**
 * Whether a counterparty is a natural person or an organisation, from its name alone: titles
 * ("Hr", "Mw", "Fam"), initials ("J. de Vries", "M.J. van den Berg", "JANSEN J A"), joint accounts
 * ("en/of", "e/o"), a common first name; against legal forms and words organisations use.
 */
import { firstNames } from './first-names';
import { memoised } from './memo';
import { fold } from './normalise';

export type PartyKind = 'person' | 'organisation' | 'unknown';

const ORGANISATION_WORDS: ReadonlySet<string> = new Set([
  'bv', 'nv', 'vof', 'cv', 'ua', 'ba', 'ltd', 'gmbh', 'inc', 'llc', 'sa', 'sarl', 'holding', 'stichting', 'vereniging', 'cooperatie', 'groep', 'group',
  'gemeente', 'bank', 'services', 'service', 'shop', 'store', 'winkel', 'company', 'bureau', 'kantoor', 'praktijk', 'centrum', 'school', 'restaurant',
  'cafe', 'hotel', 'garage', 'fonds', 'beheer', 'media', 'management', 'consultancy', 'advies', 'zorg', 'ict', 'solutions', 'international',
  'nederland', 'europe', 'online', 'webshop', 'trading', 'handel', 'transport', 'bouw', 'techniek', 'makelaardij', 'partners', 'studio', 'salon',
  'club', 'team', 'foundation', 'academy', 'verzekeringen', 'installatietechniek', 'administratie', 'payments', 'rekening', 'spaarrekening',
]);
// Dutch compounds end in what the organisation is: zorggroep, installatietechniek, bakkerij, autobedrijf.
const ORGANISATION_ENDINGS = ['groep', 'bedrijf', 'bedrijven', 'techniek', 'diensten', 'service', 'services', 'winkel', 'handel', 'praktijk', 'centrum', 'kantoor', 'bureau', 'fonds', 'zorg', 'school', 'vereniging', 'verzekeringen', 'bouw', 'makelaardij', 'bank', 'garage', 'markt', 'shop', 'store', 'erij', 'atelier', 'studio', 'salon'];

function isOrganisationWord(token: string): boolean {
  if (ORGANISATION_WORDS.has(token)) return true;
  for (const ending of ORGANISATION_ENDINGS) if (token.length > ending.length + 2 && token.endsWith(ending)) return true;
  return false;
}

const TITLES: ReadonlySet<string> = new Set(['hr', 'dhr', 'mw', 'mevr', 'mevrouw', 'heer', 'mej', 'fam', 'familie', 'mr', 'mrs', 'ms', 'mx', 'meneer']);
const NAME_PARTICLES: ReadonlySet<string> = new Set(['van', 'de', 'der', 'den', 'het', 't', 'ten', 'ter', 'te', 'in', 'op', 'la', 'le', 'du', 'da', 'el', 'al', 'vd', 'v']);
const JOINT = /\s(?:en\/of|e\/o|and\/or|c\.q\.)\s/;
const FIRST_NAMES: ReadonlySet<string> = new Set(firstNames);
const WORD = /^[a-z][a-z'-]*$/;
const MAX_INITIALS = 4;
const DOTTED_INITIALS = /^(?:[a-z]\. ?){1,4}(?:[a-z]+ ){0,3}[a-z]{2,}$/;

function isInitial(token: string): boolean {
  return token.length === 1;
}

/** "j de vries", "m j van den berg": one to four initials, then a surname (with particles). */
function initialsFirst(tokens: readonly string[]): boolean {
  let i = 0;
  while (i < tokens.length && i < MAX_INITIALS && isInitial(tokens[i]) && !NAME_PARTICLES.has(tokens[i])) i++;
  if (i === 0 || i === tokens.length) return false;
  const rest = tokens.slice(i);
  return rest.length <= 4 && rest.some((token) => token.length > 1 && !NAME_PARTICLES.has(token));
}

/** "jansen j a", "vries jm de": a surname, then one to four initials (or a run of them), then particles. */
function initialsLast(tokens: readonly string[]): boolean {
  let end = tokens.length;
  while (end > 0 && NAME_PARTICLES.has(tokens[end - 1]) && tokens[end - 1].length > 1) end--;
  let initials = 0;
  while (end - initials > 1 && initials < MAX_INITIALS && isInitial(tokens[end - initials - 1])) initials++;
  if (initials === 0) return false;
  const surname = tokens.slice(0, end - initials);
  return surname.length >= 1 && surname.length <= 3 && surname.every((token) => token.length > 1);
}

const kindOfName = memoised(partyKindOf);

/** What kind of party a counterparty name is, from the name alone. */
export function kindOfParty(name: string | null): PartyKind {
  return name ? kindOfName(name) : 'unknown';
}

function partyKindOf(name: string): PartyKind {
  const text = fold(name).replace(/\s+/g, ' ').trim();
  if (text === '') return 'unknown';
  if (/\d{3,}/.test(text)) return 'organisation';
  if (JOINT.test(` ${text} `)) return 'person';
  // "b.v." is one word to an organisation test, "j.a." two initials to a person test
  if (text.replace(/\./g, '').split(/[\s,]+/).some(isOrganisationWord)) return 'organisation';
  const tokens = text.replace(/[.,]/g, ' ').split(' ').filter((token) => token !== '');
  if (tokens.length < 2 || tokens.length > 7 || !tokens.every((token) => WORD.test(token))) return 'unknown';
  // "T. Hoekman": a letter with a dot is an initial, also one that could be a particle ('t Hart)
  if (TITLES.has(tokens[0]) || DOTTED_INITIALS.test(text) || initialsFirst(tokens) || initialsLast(tokens)) return 'person';
  if (tokens.length <= 5 && FIRST_NAMES.has(tokens[0])) return 'person';
  return 'unknown';
}
