/**
 * Trade words inside Dutch compounds. Dutch writes a business's kind and what sets it apart as one word
 * ("Banketbakkerij", "Dorpscafé", "Visrestaurant"), and a shop as what it sells glued to a word for shop
 * ("Kaasspeciaalzaak", "Rijwielhandel", "Theewinkeltje", "Koffiebonenwebshop"). The last part of such a
 * word (its head) says what kind of business it is; when the head only says "shop", the part before it says
 * what is sold. The catalogue's business-type words match whole words only; these read what is glued.
 * A name also names a trade by starting with what a stall or shop sells ("Bloemen Annie", "Kaas & Zo").
 */
import type { Category } from './types';

/** Heads that say the kind of business by themselves. */
const TRADE_HEADS: Readonly<Partial<Record<Category, readonly string[]>>> = {
  'expenses.groceries': ['bakkerij', 'bakker', 'slagerij', 'slager', 'poelier', 'poelierij', 'visboer', 'vishandel', 'kaasboer', 'groenteboer', 'supermarkt', 'patisserie', 'chocolaterie', 'delicatessen', 'traiteur', 'zuivel', 'boerderijwinkel', 'markthal',
    // who grows or makes food and sells it at the gate, at a market or in a box: "Biologische Tuinderij", "Imkerij De Bij"
    'tuinderij', 'moestuinderij', 'groentekwekerij', 'fruitkwekerij', 'fruitteler', 'fruitteelt', 'boomgaard', 'imkerij', 'imker', 'zelfoogsttuin', 'pluktuin', 'zuivelboerderij', 'geitenboerderij',
  ],
  'expenses.eating-out': [
    'cafe', 'eetcafe', 'restaurant', 'brasserie', 'bistro', 'pizzeria', 'cafetaria', 'snackbar', 'lunchroom', 'koffiebar', 'espressobar', 'ijssalon', 'grillroom', 'eethuis',
    'paviljoen', 'strandtent', 'kroeg', 'herberg', 'taveerne', 'pannenkoekenhuis', 'koffiehuis', 'theehuis', 'wijnbar', 'bierbar', 'biercafe', 'proeflokaal', 'snackhuis', 'frituur',
    'friettent', 'lunchcafe', 'kantine', 'keuken', 'steakhouse', 'trattoria', 'osteria', 'ristorante', 'taverna', 'foodtruck', 'bakery cafe',
  ],
  'expenses.health': ['apotheek', 'drogisterij', 'drogist', 'tandarts', 'tandartspraktijk', 'huisarts', 'huisartsenpraktijk', 'fysiotherapie', 'fysiotherapeut', 'fysio', 'optiek', 'opticien', 'audicien', 'podotherapie', 'mondzorg',
    // any kind of therapy or clinic and the carers who run one: "Huidtherapie", "Oefentherapeut", "Huidkliniek", "Logopediepraktijk"
    'therapie', 'therapeut', 'therapeuten', 'kliniek', 'klinieken', 'logopedie', 'logopedist', 'psycholoog', 'psychologen', 'psychologie', 'dietist', 'dietisten', 'osteopaat',
    'osteopathie', 'acupunctuur', 'acupuncturist', 'chiropractor', 'chiropractie', 'mondhygienist', 'orthodontist', 'orthodontie', 'verloskundige', 'verloskundigen',
    'huidarts', 'huisartsenpost', 'pedicure', 'kraamzorg',
  ],
  'expenses.leisure': ['bioscoop', 'theater', 'schouwburg', 'museum', 'zwembad', 'sportschool', 'fitness', 'sportcentrum', 'dierentuin', 'speeltuin', 'bowling', 'klimhal', 'sauna', 'wellness', 'manege', 'golfbaan', 'kartbaan', 'midgetgolf', 'poppodium', 'filmhuis', 'dansschool', 'yogastudio',
    // places to climb, play, skate or watch, and the events: "Klimcentrum", "Zomerfestival", "Trampolinepark"
    'klimcentrum', 'klimbos', 'klimpark', 'klimwand', 'boulderhal', 'festival', 'festivals', 'pretpark', 'attractiepark', 'speelparadijs', 'trampolinepark',
    'ijsbaan', 'schaatsbaan', 'skihal', 'skibaan', 'lasergame', 'escaperoom', 'sportpark', 'zweefvliegclub', 'duikcentrum', 'duikschool', 'surfschool', 'zeilschool',
    'tennisbaan', 'padelbaan', 'squashbaan', 'concertzaal', 'openluchttheater', 'kinderboerderij',
    // halls to play sport or skate in, before "hal" as a hall that sells ("Groentehal", "Tapijthal")
    'sporthal', 'tennishal', 'padelhal', 'turnhal', 'ijshal', 'evenementenhal',
  ],
  'expenses.shopping': ['bouwmarkt', 'tuincentrum', 'warenhuis', 'kringloop', 'juwelier', 'bloemist', 'bloemisterij', 'boekhandel', 'fietsenmaker', 'fietsenmakerij', 'kapper', 'kapsalon', 'barbershop', 'schoonheidssalon', 'nagelstudio', 'parfumerie', 'ijzerhandel', 'drukkerij', 'copyshop'],
  'expenses.travel': ['hotel', 'hostel', 'camping', 'vakantiepark', 'bungalowpark'],
  'expenses.transport.car': ['garage', 'autobedrijf', 'autogarage', 'wasstraat', 'carwash', 'bandenservice', 'parkeergarage'],
  'expenses.transport.fuel': ['tankstation', 'pompstation'],
  // a wholesaler of anything ("Verpakkingsgroothandel", "Installatiegroothandel"): a trade supplier to a sole trader (WHOLESALE_TRADE)
  'expenses.shopping.wholesale': ['groothandel', 'groothandelaar', 'groothandels', 'vakhandel', 'bouwmaterialen', 'bouwstoffen', 'leverancier', 'leveranciers', 'toelevering'],
  'expenses.education': ['rijschool', 'muziekschool', 'taalschool'],
  // services, not shops: what a household pays for them is other spending
  'expenses.other': ['stomerij', 'wasserij', 'wassalon', 'schoenmaker', 'schoenmakerij', 'kleermaker', 'kleermakerij', 'sleutelservice', 'sleutelmaker', 'uitvaartcentrum', 'uitvaartzorg'],
  'expenses.other.pets': ['dierenarts', 'dierenkliniek', 'trimsalon', 'hondentrimsalon'],
};

/** The rule id of a wholesaler read from a compound, and what a purchase from one is for a sole trader. */
export const WHOLESALE_RULE_ID = 'business-type.compound.expenses.shopping.wholesale';
export const WHOLESALE_TRADE: Category = 'expenses.business.supplies';

/** Heads that only say "a shop", "a stall", "a trade in": what is sold decides, else it is shopping. */
const SHOP_HEADS: readonly string[] = [
  'winkel', 'winkeltje', 'winkels', 'zaak', 'zaakje', 'speciaalzaak', 'handel', 'handelaar', 'webshop', 'webwinkel', 'shop', 'shopje', 'store', 'boetiek', 'boutique', 'kraam',
  'kraampje', 'stalletje', 'markt', 'boerderij', 'specialist', 'paleis', 'boer', 'kwekerij', 'atelier', 'studio', 'outlet', 'depot', 'magazijn',
  // a hall that sells what is named before it: "Groentehal", "Tapijthal", "Matrassenhal"
  'hal',
  // who makes or mends what is named before it: "Kaasmakerij", "Fietsreparatie"
  'makerij', 'maker', 'reparatie', 'reparaties',
];

/** Heads that say nothing without a known first part: "Fysiopraktijk", "Wijnhuis", but not "Advocatenpraktijk", "Gemeentehuis". */
const QUALIFIED_HEADS: ReadonlySet<string> = new Set(['praktijk', 'huis']);

/** What a shop sells, as the first part of a compound or the first word of a name. */
const WARES: Readonly<Partial<Record<Category, readonly string[]>>> = {
  'expenses.groceries': [
    'kaas', 'vis', 'vlees', 'brood', 'groente', 'groenten', 'fruit', 'aardappel', 'aardappelen', 'noten', 'wijn', 'wijnen', 'bier', 'bieren', 'koffiebonen', 'thee', 'kruiden',
    'specerijen', 'olijven', 'olie', 'chocolade', 'bonbons', 'snoep', 'delicatessen', 'zuivel', 'eieren', 'honing', 'vleeswaren', 'worst', 'biologische', 'bio', 'natuurvoeding',
    'reform', 'levensmiddelen', 'streekproducten', 'boeren', 'boerenkaas', 'gevogelte', 'kip', 'brood en banket', 'banket', 'toko', 'oosterse', 'turkse', 'poolse', 'italiaanse',
  ],
  'expenses.eating-out': ['ijs', 'poffertjes', 'oliebollen', 'friet', 'patat', 'snack', 'snacks', 'wafel', 'crepes', 'pannenkoeken', 'pizza', 'kebab', 'shoarma', 'sushi', 'koffie', 'espresso'],
  'expenses.shopping': [
    'bloemen', 'bloem', 'planten', 'plant', 'schoenen', 'schoen', 'kleding', 'mode', 'boeken', 'boek', 'speelgoed', 'fiets', 'fietsen', 'rijwiel', 'rijwielen', 'meubel', 'meubels',
    'lampen', 'verf', 'cadeau', 'cadeaus', 'kado', 'kadoshop', 'woon', 'tuin', 'sport', 'outdoor', 'kampeer', 'lingerie', 'tassen', 'sieraden', 'hobby', 'wol', 'stoffen', 'garen',
    'kunst', 'platen', 'muziek', 'games', 'telefoon', 'computer', 'foto', 'parfum', 'baby', 'kinder', 'tweedehands', 'vintage', 'dieren', 'hengelsport', 'ijzer', 'elektro',
    'electronica', 'elektronica', 'keuken', 'serviezen', 'textiel', 'brillen', 'horloges', 'kaarsen', 'papier', 'kantoor', 'souvenir', 'souvenirs', 'design', 'zeep',
  ],
  'expenses.leisure': ['dans', 'yoga', 'pilates', 'boulder', 'escape'],
  'expenses.health': ['medisch', 'medische', 'hoortoestel', 'hoortoestellen', 'gezondheid', 'vitaminen', 'supplementen'],
  'expenses.transport.fuel': ['brandstof', 'brandstoffen'],
};

/** Wares strong enough to name the trade as a name's first word: a stall or shop "Bloemen Annie", "Kaas & Zo". */
const LEADING_WARES: ReadonlySet<string> = new Set([
  'kaas', 'vis', 'brood', 'groente', 'groenten', 'bloemen', 'noten', 'wijn', 'wijnen', 'poffertjes', 'oliebollen', 'friet', 'patat', 'schoenen', 'boeken', 'speelgoed', 'fietsen',
  'rijwiel', 'rijwielen', 'planten', 'meubels', 'vlees', 'vleeswaren', 'kip', 'gevogelte', 'banket', 'bakker', 'slager', 'kapper', 'garage',
]);

/**
 * A kitchen named in a shop's name says it serves food ("Thai Orchid", "Wok Paleis", "Surinaams Eethuisje"): read at a
 * merchant only, after the compounds, so a trade a name also names ("Thaise Supermarkt") comes first.
 */
const CUISINES: ReadonlySet<string> = new Set([
  'thai', 'thais', 'thaise', 'chinees', 'chinese', 'kantonees', 'kantonese', 'indiaas', 'indiase', 'indian', 'tandoori', 'japans', 'japanse', 'japanese', 'wok', 'ramen', 'noodle',
  'noodles', 'dimsum', 'mexicaans', 'mexicaanse', 'mexican', 'taqueria', 'grieks', 'griekse', 'greek', 'libanees', 'libanese', 'lebanese', 'surinaams', 'surinaamse', 'vietnamees',
  'vietnamese', 'koreaans', 'koreaanse', 'korean', 'tapas', 'indonesisch', 'indonesische', 'marokkaans', 'ethiopisch', 'ethiopische', 'nepalees', 'nepalese', 'tibetaans',
  'falafel', 'burger', 'burgers', 'poke', 'dumplings', 'shoarma', 'gyros', 'roti', 'bbq', 'barbecue',
]);

/** A word counts only when it leaves this much before the head ("dorps" + "cafe"), so a name is not read into a short word. */
const SHORTEST_MODIFIER = 3;
const SHORTEST_HEAD = 4;

function mapOf(table: Readonly<Partial<Record<Category, readonly string[]>>>): Map<string, Category> {
  const map = new Map<string, Category>();
  for (const [category, words] of Object.entries(table) as [Category, readonly string[]][]) {
    for (const word of words) {
      const key = word.replace(/ /g, '');
      if (map.has(key) && map.get(key) !== category) throw new Error(`compounds: "${word}" names two trades`);
      map.set(key, category);
    }
  }
  return map;
}

const tradeHeads = mapOf(TRADE_HEADS);
const shopHeads: ReadonlySet<string> = new Set(SHOP_HEADS);
const wares = mapOf(WARES);
const LINKING = ['', 's', 'en', 'e'];
const PLURAL = 'en';

/** An article a web address or a typed descriptor glues before the name: "dekaasspecialist.nl", "hetbloemenhuis". */
const GLUED_ARTICLES = ['het', 'de', 't'];

/** What a shop sells, from the part before its head, also behind a glued article. */
function wareOf(modifier: string, table: ReadonlyMap<string, Category> = wares): Category | undefined {
  const ware = wareAtStart(modifier, table);
  if (ware !== undefined) return ware;
  for (const article of GLUED_ARTICLES) {
    if (modifier.length > article.length + 2 && modifier.startsWith(article)) return wareAtStart(modifier.slice(article.length), table);
  }
  return undefined;
}

/**
 * What a shop sells, from the part before its head: the longest ware the part starts with ("koffiebonen" in
 * "koffiebonen"), also in the form a plural ware takes in a compound ("eier" of "eieren": "Eierhandel").
 */
function wareAtStart(modifier: string, table: ReadonlyMap<string, Category>): Category | undefined {
  for (let end = modifier.length; end >= 3; end--) {
    const part = modifier.slice(0, end);
    const category = table.get(part) ?? table.get(`${part}${PLURAL}`);
    if (category !== undefined && (end === modifier.length || LINKING.includes(modifier.slice(end)))) return category;
  }
  return undefined;
}

type HeadKind = 'trade' | 'shop' | 'qualified';

interface Head {
  word: string;
  kind: HeadKind;
}

/** Every head by its last three letters, longest first: one lookup per word finds the heads it may end in. */
const headsByEnding = new Map<string, Head[]>();
function addHead(word: string, kind: HeadKind): void {
  const ending = word.slice(-3);
  const heads = headsByEnding.get(ending) ?? [];
  heads.push({ word, kind });
  heads.sort((a, b) => b.word.length - a.word.length);
  headsByEnding.set(ending, heads);
}
for (const word of tradeHeads.keys()) addHead(word, 'trade');
for (const word of shopHeads) addHead(word, 'shop');
for (const word of QUALIFIED_HEADS) addHead(word, 'qualified');

function tradeOfHead(head: Head, modifier: string): Category | undefined {
  if (head.kind === 'trade') return tradeHeads.get(head.word);
  if (head.kind === 'shop') return wareOf(modifier) ?? 'expenses.shopping';
  return wareOf(modifier) ?? wareOf(modifier, tradeHeads);
}

/** The trade a compound names ("banketbakkerij", "kaasspeciaalzaak") or, with `wholeWord`, a trade head by itself ("stomerij"); else undefined. */
export function tradeOfCompound(word: string, wholeWord = false): Category | undefined {
  if (word.length < SHORTEST_HEAD) return undefined;
  const heads = headsByEnding.get(word.slice(-3));
  if (heads === undefined) return undefined;
  // a trade word by itself ("dierenkliniek") that is not read as one: a shorter head in it ("kliniek") may only agree
  let itself: Category | undefined;
  for (const head of heads) {
    const modifierLength = word.length - head.word.length;
    if (!word.endsWith(head.word)) continue;
    if (modifierLength === 0 && !wholeWord && head.kind === 'trade') itself = tradeHeads.get(head.word);
    if (modifierLength < SHORTEST_MODIFIER && !(modifierLength === 0 && wholeWord && head.kind === 'trade')) continue;
    if (itself !== undefined && tradeOfHead(head, word.slice(0, modifierLength)) !== itself) return undefined;
    if (head.kind === 'trade') return tradeHeads.get(head.word);
    const modifier = word.slice(0, modifierLength);
    if (head.kind === 'shop') return wareOf(modifier) ?? 'expenses.shopping';
    const qualified = wareOf(modifier) ?? wareOf(modifier, tradeHeads);
    if (qualified !== undefined) return qualified;
  }
  return undefined;
}

// A terminal cuts its descriptor at a fixed width (22, 25, 35 characters): the last word may end within its head
const SHORTEST_CUT_HEAD = 5;
const allHeads: readonly Head[] = [...headsByEnding.values()].flat();

/**
 * The trade of a compound whose head was cut ("dierenapothe", "kaasspeciaalzaa", "pannenkoekenrestaura"): the
 * word ends in the first five or more letters of a head after at least three of its own; undefined unless every
 * head it may have been agrees.
 */
export function tradeOfCutCompound(word: string): Category | undefined {
  let found: Category | undefined;
  for (const head of allHeads) {
    if (head.kind === 'qualified') continue;
    // a whole word cut ("groen", "brood") may be a name by itself: only a compound's head is read so
    for (let kept = Math.min(head.word.length - 1, word.length - SHORTEST_MODIFIER); kept >= SHORTEST_CUT_HEAD; kept--) {
      if (!word.endsWith(head.word.slice(0, kept))) continue;
      const category = tradeOfCompound(word.slice(0, word.length - kept) + head.word, true);
      if (category === undefined) continue;
      if (found !== undefined && found !== category) return undefined;
      found = category;
    }
  }
  return found;
}

export interface NamedTrade {
  category: Category;
  /** The word it was read from. */
  word: string;
}

/**
 * The trade a normalised name names by a compound word in it; `atMerchant` (a card terminal, a shop
 * behind a processor: no surname "Bakker" or firm "Bakker Installatietechniek") also by a trade head as a
 * word by itself or a ware as its first word; `kitchens` (by default where `atMerchant`) also by a kitchen
 * it serves. Undefined when none.
 */
export function tradeNamedIn(words: readonly string[], options: { atMerchant: boolean; kitchens?: boolean }): NamedTrade | undefined {
  if (words.length === 0) return undefined;
  if (options.atMerchant && words.length > 1 && LEADING_WARES.has(words[0])) {
    const category = tradeHeads.get(words[0]) ?? wares.get(words[0]);
    if (category !== undefined) return { category, word: words[0] };
  }
  for (const word of words) {
    const category = tradeOfCompound(word, options.atMerchant);
    if (category !== undefined) return { category, word };
  }
  if (options.atMerchant) {
    const last = words[words.length - 1];
    const cut = tradeOfCutCompound(last);
    if (cut !== undefined) return { category: cut, word: last };
  }
  if (!(options.kitchens ?? options.atMerchant)) return undefined;
  const kitchen = words.find((word) => CUISINES.has(word));
  return kitchen === undefined ? undefined : { category: 'expenses.eating-out', word: kitchen };
}
