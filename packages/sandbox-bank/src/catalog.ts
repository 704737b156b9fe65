/**
 * Names the sandbox draws from: people, places, and the organisations a Dutch household or sole trader pays.
 * Organisations get their IBAN and creditor id from their name (see iban.ts), so they are the same for
 * every seed.
 */
import { organisationCreditorId, organisationIban } from './iban';
import type { Creditor, Party, Store } from './ledger';
import { hashHex, rngFor, type KeyPart, type Rng } from './random';

export const FIRST_NAMES = [
  'Sanne', 'Lisa', 'Emma', 'Julia', 'Anouk', 'Fleur', 'Eva', 'Sophie', 'Lotte', 'Noor', 'Marieke', 'Inge',
  'Fatima', 'Yasmina', 'Elif', 'Priya', 'Daan', 'Thomas', 'Lars', 'Bram', 'Jesse', 'Ruben', 'Tim', 'Sem',
  'Niels', 'Jeroen', 'Wouter', 'Kevin', 'Mohamed', 'Mehmet', 'Joris', 'Maarten',
] as const;

export const SURNAMES = [
  'de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer',
  'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer',
  'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'Kok', 'Jacobs', 'van der Linden', 'Yilmaz',
  'El Amrani', 'Kaya', 'Nguyen', 'Pinas', 'Bouzid',
] as const;

const INITIALS = 'ABCDEGHIJKLMNPRSTW';

export interface Person {
  first: string;
  surname: string;
  /** `S.M. de Vries`, as a bank prints an account holder. */
  formal: string;
  /** `Sanne de Vries` */
  full: string;
}

export function person(rng: Rng): Person {
  const first = rng.pick(FIRST_NAMES);
  const surname = rng.pick(SURNAMES);
  const initials = rng.chance(0.6) ? `${first[0]}.${rng.pick([...INITIALS])}.` : `${first[0]}.`;
  return { first, surname, formal: `${initials} ${surname}`, full: `${first} ${surname}` };
}

/** `van den Berg` → `Van den Berg`, for a name that starts a sentence or a trade name. */
export function capitalised(surname: string): string {
  return surname[0].toUpperCase() + surname.slice(1);
}

export interface City {
  name: string;
  water: string;
  municipalTax: string;
  landlords: readonly string[];
  streets: readonly string[];
}

export const CITIES: readonly City[] = [
  { name: 'Amsterdam', water: 'Waternet', municipalTax: 'Gemeente Amsterdam Belastingen', landlords: ['Stichting Ymere', 'Eigen Haard', 'De Alliantie'], streets: ['Kinkerstraat', 'Ferdinand Bolstraat', 'Javastraat', 'Admiraal de Ruijterweg'] },
  { name: 'Utrecht', water: 'Vitens', municipalTax: 'Gemeente Utrecht', landlords: ['Mitros', 'Bo-Ex', 'Portaal'], streets: ['Amsterdamsestraatweg', 'Biltstraat', 'Kanaalstraat', 'Vleutenseweg'] },
  { name: 'Rotterdam', water: 'Evides Waterbedrijf', municipalTax: 'Gemeentebelastingen Rotterdam', landlords: ['Woonstad Rotterdam', 'Havensteder'], streets: ['Nieuwe Binnenweg', 'Zwart Janstraat', 'Beijerlandselaan', 'Meent'] },
  { name: 'Den Haag', water: 'Dunea', municipalTax: 'Gemeente Den Haag', landlords: ['Haag Wonen', 'Staedion', 'Vestia'], streets: ['Weimarstraat', 'Frederik Hendriklaan', 'Prinsegracht', 'Valkenboslaan'] },
  { name: 'Eindhoven', water: 'Brabant Water', municipalTax: 'Gemeente Eindhoven', landlords: ['Woonbedrijf', 'Trudo'], streets: ['Woenselse Markt', 'Kruisstraat', 'Stratumseind', 'Boschdijk'] },
  { name: 'Groningen', water: 'Waterbedrijf Groningen', municipalTax: 'Gemeente Groningen', landlords: ['Lefier', 'Nijestee'], streets: ['Oosterstraat', 'Folkingestraat', 'Paterswoldseweg', 'Korreweg'] },
  { name: 'Haarlem', water: 'PWN', municipalTax: 'Cocensus', landlords: ['Elan Wonen', 'Pre Wonen'], streets: ['Zijlweg', 'Kleverparkweg', 'Rijksstraatweg', 'Gedempte Oude Gracht'] },
  { name: 'Amersfoort', water: 'Vitens', municipalTax: 'Gemeente Amersfoort', landlords: ['Portaal', 'De Alliantie'], streets: ['Leusderweg', 'Kamp', 'Soesterweg', 'Hogeweg'] },
  { name: 'Leiden', water: 'Dunea', municipalTax: 'BSGR', landlords: ['Portaal', 'Ons Doel'], streets: ['Haarlemmerstraat', 'Hoge Rijndijk', 'Morsweg', 'Lammenschansweg'] },
  { name: 'Nijmegen', water: 'Vitens', municipalTax: 'Gemeente Nijmegen', landlords: ['Talis', 'Portaal'], streets: ['Graafseweg', 'Hatertseweg', 'Groenestraat', 'Sint Annastraat'] },
  { name: 'Zwolle', water: 'Vitens', municipalTax: 'Gemeente Zwolle', landlords: ['deltaWonen', 'SWZ'], streets: ['Assendorperstraat', 'Diezerstraat', 'Deventerstraatweg', 'Tesselschadestraat'] },
  { name: 'Tilburg', water: 'Brabant Water', municipalTax: 'Gemeente Tilburg', landlords: ['WonenBreburg', 'TBV Wonen'], streets: ['Ringbaan-West', 'Korvelseweg', 'Bredaseweg', 'Goirkestraat'] },
];

export const PRIVATE_LANDLORDS = ['Vesteda Woningen', 'MVGM Vastgoedmanagement', 'Rebo Vastgoed', 'Van der Horst Vastgoed B.V.'] as const;

export const MORTGAGE_LENDERS = [
  'ABN AMRO Hypotheken Groep', 'ING Hypotheken', 'Rabobank Hypotheken', 'Nationale-Nederlanden Hypotheken',
  'Obvion N.V.', 'Florius', 'a.s.r. Hypotheken', 'Aegon Hypotheken',
] as const;

export const EMPLOYERS = [
  'Coolblue B.V.', 'PostNL Holding B.V.', 'ASML Netherlands B.V.', 'Randstad Nederland B.V.', 'UMC Utrecht',
  'Stichting Hogeschool van Amsterdam', 'Van der Linden Installatietechniek B.V.', 'Albert Heijn B.V.',
  'Booking.com B.V.', 'Philips Nederland B.V.', 'Stichting Zorggroep Noord', 'Heijmans Nederland B.V.',
  'Arcadis Nederland B.V.', 'Stichting Openbaar Onderwijs', 'Rijksoverheid P-Direkt',
] as const;

export const HEALTH_INSURERS = [
  'Zilveren Kruis Achmea', 'CZ Zorgverzekeringen', 'VGZ Zorgverzekeraar', 'Menzis Zorgverzekeraar',
  'DSW Zorgverzekeraar', 'ONVZ Zorgverzekeraar',
] as const;

export const INSURERS = ['Centraal Beheer', 'Interpolis', 'FBTO', 'ANWB Verzekeren', 'Univé', 'Allianz Direct', 'OHRA'] as const;

export const ENERGY_SUPPLIERS = [
  'Vattenfall Klantenservice N.V.', 'Eneco Consumenten B.V.', 'Essent Retail Energie B.V.', 'Greenchoice', 'Budget Energie',
] as const;

export const INTERNET_PROVIDERS = ['KPN B.V.', 'Ziggo B.V.', 'Odido Netherlands B.V.', 'Delta Fiber Nederland B.V.'] as const;
export const MOBILE_PROVIDERS = ['Odido Netherlands B.V.', 'Vodafone Libertel B.V.', 'KPN B.V.', 'Simyo', 'Lebara'] as const;

export const GYMS = [
  { name: 'Basic-Fit Nederland B.V.', club: 'Basic-Fit', price: 29.99 },
  { name: 'SportCity B.V.', club: 'SportCity', price: 34.95 },
  { name: 'Anytime Fitness Nederland', club: 'Anytime Fitness', price: 39.95 },
  { name: 'TrainMore B.V.', club: 'TrainMore', price: 44.99 },
] as const;

export const CHARITIES = [
  'KWF Kankerbestrijding', 'Artsen zonder Grenzen', 'Wereld Natuur Fonds', 'KNRM', 'Stichting Vluchteling',
  'UNICEF Nederland', 'Greenpeace Nederland',
] as const;

export interface ShopSite {
  /** A store number, e.g. `1234`. */
  number: string;
  city: string;
  /** A surname, for franchises named after their owner. */
  owner: string;
}

export const SUPERMARKETS: Readonly<Record<'ah' | 'jumbo' | 'lidl' | 'aldi' | 'plus' | 'dirk', (site: ShopSite) => string>> = {
  ah: (s) => `Albert Heijn ${s.number}`,
  jumbo: (s) => `Jumbo ${s.number}`,
  lidl: (s) => `Lidl ${s.city}`,
  aldi: (s) => `ALDI ${s.city}`,
  plus: (s) => `PLUS ${capitalised(s.owner)}`,
  dirk: (s) => `Dirk vd Broek ${s.number}`,
};

export type SupermarketChain = keyof typeof SUPERMARKETS;

export const COFFEE = ['Starbucks', 'Coffee Company', 'Bagels & Beans', 'Anne&Max', 'SumUp *Koffiebar Dwars', 'Doppio Espresso'] as const;
export const LUNCH = ['AH to go', 'Bakker Bart', 'Subway', 'La Place', 'SumUp *Broodjeszaak Pim', 'Febo'] as const;
export const RESTAURANTS = ['Loetje', 'Vapiano', 'Happy Italy', 'Wagamama', 'Eetcafe De Zwaan', 'Sumo Sushi', 'CCV*Brasserie Dudok', 'SumUp *Pizzeria Da Marco', 'Burgerz', 'Restaurant De Haven'] as const;
export const SHOPS = ['HEMA', 'Action', 'Kruidvat', 'Etos', 'Xenos', 'Blokker', 'Primark', 'Rituals', 'Apotheek Centrum', 'Intertoys', 'Gamma', 'Praxis', 'IKEA'] as const;
export const FUEL = ['Shell', 'BP', 'Esso', 'TotalEnergies', 'Tango', 'Tinq'] as const;

/** `category`: what a household buys there (a sole trader's orders are business costs whatever the shop). */
export const WEBSHOPS = [
  { name: 'bol.com', remittance: 'bol.com bestelling', refundable: true, min: 9, max: 120, category: 'expenses.shopping' },
  { name: 'Coolblue B.V.', remittance: 'Coolblue bestelling', refundable: true, min: 19, max: 260, category: 'expenses.shopping.electronics' },
  { name: 'Zalando SE', remittance: 'Zalando bestelling', refundable: true, min: 25, max: 150, category: 'expenses.shopping.clothing' },
  { name: 'Wehkamp', remittance: 'wehkamp.nl bestelling', refundable: true, min: 20, max: 140, category: 'expenses.shopping' },
  { name: 'NS Groep IZ NS Reizigers', remittance: 'NS e-ticket', refundable: false, min: 8, max: 45, category: 'expenses.transport.public' },
  // Coffee beans: food, bought online through a payment service provider.
  { name: 'Stichting Mollie Payments', remittance: 'Bestelling Koffiebonenwebshop.nl', refundable: false, min: 12, max: 60, category: 'expenses.groceries' },
] as const;

export const TAKEAWAY = { name: 'Thuisbezorgd.nl', remittance: 'Thuisbezorgd.nl bestelling' } as const;
export const TIKKIE = 'AAB INZ TIKKIE';

export const TIKKIE_REASONS = ['Pizza', 'Bioscoop', 'Etentje', 'Boodschappen weekend', 'Borrel', 'Cadeau collega', 'Concertkaarten', 'Taxi', 'Padel', 'Verjaardag'] as const;

/** An organisation with its name-derived IBAN. */
export function organisation(name: string): Party {
  return { name, iban: organisationIban(name) };
}

/** An organisation collecting by direct debit, with the mandate this seed's owner signed. */
export function creditor(name: string, ...mandateKey: KeyPart[]): Creditor {
  const rng = rngFor('mandate', name, ...mandateKey);
  const mandate = rng.weighted<string>([
    [rng.digits(10), 3],
    [`${rng.alnum(3)}${rng.digits(9)}`, 2],
    [`${rng.digits(4)}-${rng.digits(6)}-${rng.digits(2)}`, 1],
  ]);
  return { name, iban: organisationIban(name), creditorId: organisationCreditorId(name), mandate };
}

/** A shop in a city; its terminal ids belong to the shop, so every seed paying there sees the same ones. */
export function store(label: string, city: string): Store {
  const rng = rngFor('terminals', label, city);
  return { label, city, terminals: [rng.alnum(6), rng.alnum(6), rng.alnum(6)] };
}

export function storeNumber(...key: KeyPart[]): string {
  return String(1000 + (parseInt(hashHex('store-number', ...key).slice(0, 6), 16) % 9000));
}
