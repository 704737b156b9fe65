/**
 * The parties of the fresh processor-fronted set (README.md beside this file): small businesses made up for it,
 * each with the category a person reading its line would give, the ways its customers pay it, what it sells
 * (words a shop or its customer types into a remittance) and what a payment to it costs.
 */

/** The payment services a shop is paid through; how each prints is in fresh-set.ts. */
export const freshRoutes = ['sumup', 'ccv', 'mollie', 'adyen', 'stripe', 'paypal', 'buckaroo', 'multisafepay', 'worldline', 'paylogic', 'tikkie', 'klarna'] as const;
export type FreshRoute = (typeof freshRoutes)[number];

export interface FreshShop {
  /** The name the business trades under. */
  name: string;
  /** What it types into its terminal's descriptor when that differs from its name (a shortened name). */
  descriptor?: string;
  city: string;
  category: string;
  routes: readonly FreshRoute[];
  /** What a customer buys there, as an order line or a Tikkie's description says it. */
  goods: readonly string[];
  amount: readonly [number, number];
  /** Its customers are paid back through the provider now and then (a returned order). */
  refunds?: boolean;
  /** A supplier a sole trader buys from for the business (labelled expenses.business for a sole trader). */
  supplier?: boolean;
}

export const freshShops: readonly FreshShop[] = [
  // groceries: bakers, butchers, market stalls, farm shops
  { name: 'Bakkerij Hofstede', city: 'Zwolle', category: 'expenses.groceries', routes: ['sumup', 'ccv'], goods: ['brood', 'krentenbollen'], amount: [3, 18] },
  { name: 'Warme Bakker Lentink', city: 'Doetinchem', category: 'expenses.groceries', routes: ['ccv', 'tikkie'], goods: ['taart', 'brood'], amount: [4, 32] },
  { name: 'Kaashandel Overbeek', city: 'Bodegraven', category: 'expenses.groceries', routes: ['sumup', 'mollie', 'ccv'], goods: ['jonge kaas', 'kaaspakket'], amount: [6, 45] },
  { name: 'Poelier Van Rijswijk', city: 'Leiden', category: 'expenses.groceries', routes: ['ccv', 'sumup'], goods: ['kip', 'kalkoen'], amount: [8, 40] },
  { name: 'Groenteboer Sjaak', city: 'Haarlem', category: 'expenses.groceries', routes: ['sumup', 'tikkie'], goods: ['groente en fruit'], amount: [4, 25] },
  { name: 'Vishandel Kramer', city: 'Katwijk', category: 'expenses.groceries', routes: ['ccv', 'sumup'], goods: ['kibbeling', 'verse vis'], amount: [6, 35] },
  { name: 'Boerderijwinkel De Hooiberg', city: 'Barneveld', category: 'expenses.groceries', routes: ['sumup', 'ccv', 'mollie'], goods: ['eieren', 'zuivel', 'groentepakket'], amount: [5, 40] },
  { name: 'Slagerij Brinkhuis', city: 'Hengelo', category: 'expenses.groceries', routes: ['ccv', 'sumup'], goods: ['gehakt', 'vleespakket'], amount: [7, 55] },
  { name: 'Toko Sari Rasa', city: 'Den Haag', category: 'expenses.groceries', routes: ['sumup', 'ccv'], goods: ['rijsttafel boodschappen'], amount: [5, 30] },
  { name: 'Notenkraam Yilmaz', city: 'Rotterdam', category: 'expenses.groceries', routes: ['sumup', 'ccv'], goods: ['noten', 'gedroogd fruit'], amount: [3, 20] },
  { name: 'Eierhandel Hulshof', city: 'Lochem', category: 'expenses.groceries', routes: ['sumup', 'tikkie'], goods: ['eieren'], amount: [3, 12] },
  { name: 'Delicatessenzaak Smulpaap', city: 'Breda', category: 'expenses.groceries', routes: ['ccv', 'mollie'], goods: ['delicatessenpakket', 'olijfolie'], amount: [8, 60] },

  // eating out
  { name: 'Lunchroom De Kade', city: 'Kampen', category: 'expenses.eating-out', routes: ['sumup', 'ccv', 'tikkie'], goods: ['lunch', 'koffie en gebak'], amount: [6, 45] },
  { name: 'Eetcafé Het Pleintje', city: 'Meppel', category: 'expenses.eating-out', routes: ['ccv', 'sumup', 'tikkie'], goods: ['diner', 'borrel'], amount: [12, 90] },
  { name: 'Pizzeria Da Nino', city: 'Arnhem', category: 'expenses.eating-out', routes: ['ccv', 'mollie', 'sumup'], goods: ['2x pizza', 'afhaalbestelling'], amount: [12, 45] },
  { name: 'IJssalon Bartolini', city: 'Oss', category: 'expenses.eating-out', routes: ['sumup', 'ccv'], goods: ['ijs'], amount: [3, 16] },
  { name: 'Foodtruck De Rokende Ketel', descriptor: 'Rokende Ketel Foodtr', city: 'Utrecht', category: 'expenses.eating-out', routes: ['sumup', 'sumup', 'tikkie'], goods: ['pulled pork broodje'], amount: [7, 24] },
  { name: 'Koffiebar Zwarte Boon', city: 'Groningen', category: 'expenses.eating-out', routes: ['sumup', 'ccv'], goods: ['cappuccino', 'flat white'], amount: [3, 14] },
  { name: 'Strandpaviljoen Zeezicht', city: 'Castricum', category: 'expenses.eating-out', routes: ['ccv', 'sumup', 'tikkie'], goods: ['lunch aan zee', 'drankjes'], amount: [8, 70] },
  { name: 'Snackbar Het Hoekje', city: 'Emmen', category: 'expenses.eating-out', routes: ['ccv', 'sumup'], goods: ['friet', 'snacks'], amount: [4, 22] },
  { name: 'Pannenkoekenhuis De Molenwiek', city: 'Giethoorn', category: 'expenses.eating-out', routes: ['ccv', 'sumup'], goods: ['pannenkoeken'], amount: [10, 60] },
  { name: 'Bistro Anker en Zout', city: 'Harlingen', category: 'expenses.eating-out', routes: ['ccv', 'tikkie', 'adyen'], goods: ['diner', 'reservering'], amount: [25, 140] },
  { name: 'Wijnbar Decanteer', city: 'Maastricht', category: 'expenses.eating-out', routes: ['sumup', 'ccv'], goods: ['wijn', 'borrelplank'], amount: [9, 65] },
  { name: 'Brouwerijcafé De Klepel', city: 'Dordrecht', category: 'expenses.eating-out', routes: ['sumup', 'ccv'], goods: ['speciaalbier', 'bitterballen'], amount: [6, 48] },

  // shopping: books, clothes, toys, gifts, florists, hairdressers, web shops
  { name: 'Boekhandel Vlieger', city: 'Ede', category: 'expenses.shopping', routes: ['ccv', 'mollie', 'sumup'], goods: ['boeken', 'cadeaubon'], amount: [8, 60], refunds: true },
  { name: 'Kinderboetiek Pip', city: 'Amersfoort', category: 'expenses.shopping', routes: ['mollie', 'sumup', 'klarna'], goods: ['kinderkleding', 'rompertjes'], amount: [12, 85], refunds: true },
  { name: 'Speelgoedwinkel De Tol', city: 'Zutphen', category: 'expenses.shopping', routes: ['ccv', 'mollie', 'paypal'], goods: ['speelgoed', 'puzzel'], amount: [7, 70], refunds: true },
  { name: 'Bloemsierkunst Anemoon', city: 'Alkmaar', category: 'expenses.shopping', routes: ['sumup', 'tikkie', 'mollie'], goods: ['boeket', 'bloemen'], amount: [10, 55] },
  { name: 'Kapsalon Knipperlicht', city: 'Tilburg', category: 'expenses.shopping', routes: ['sumup', 'ccv', 'tikkie'], goods: ['knippen', 'kleuren'], amount: [18, 95] },
  { name: 'Platenzaak Groove Corner', city: 'Nijmegen', category: 'expenses.shopping', routes: ['sumup', 'paypal', 'stripe'], goods: ['vinyl lp', 'platen'], amount: [15, 80], refunds: true },
  { name: 'Kringloopwinkel Tweede Ronde', city: 'Apeldoorn', category: 'expenses.shopping', routes: ['ccv', 'sumup'], goods: ['tweedehands spullen'], amount: [2, 45] },
  { name: 'Lichtpunt Lampen', city: 'Eindhoven', category: 'expenses.shopping', routes: ['mollie', 'adyen', 'klarna', 'paypal'], goods: ['hanglamp', 'lampenkap'], amount: [25, 260], refunds: true },
  { name: 'Sieradenatelier Goudvink', city: 'Deventer', category: 'expenses.shopping', routes: ['stripe', 'mollie', 'paypal'], goods: ['oorbellen', 'zilveren ketting'], amount: [20, 180], refunds: true },
  { name: 'Kaarsenmakerij Vlam', city: 'Hoorn', category: 'expenses.shopping', routes: ['stripe', 'multisafepay', 'sumup'], goods: ['kaarsen', 'geurkaars'], amount: [9, 48] },
  { name: 'Papeterie Inkt en Veer', city: 'Delft', category: 'expenses.shopping', routes: ['mollie', 'stripe', 'buckaroo'], goods: ['notitieboek', 'vulpen'], amount: [6, 75], refunds: true },
  { name: 'Wolwinkel Het Bolletje', city: 'Assen', category: 'expenses.shopping', routes: ['buckaroo', 'multisafepay', 'ccv'], goods: ['breiwol', 'haakpakket'], amount: [8, 65] },
  { name: 'Tuincentrum De Groene Stek', city: 'Hoogeveen', category: 'expenses.shopping', routes: ['ccv', 'worldline', 'adyen'], goods: ['planten', 'tuinaarde'], amount: [9, 150] },
  { name: 'Boutique Madelief', city: 'Middelburg', category: 'expenses.shopping', routes: ['adyen', 'klarna', 'sumup', 'buckaroo'], goods: ['jurk', 'blouse'], amount: [30, 190], refunds: true },
  { name: 'Schoenenwinkel Stapvast', city: 'Venlo', category: 'expenses.shopping', routes: ['worldline', 'klarna', 'ccv', 'multisafepay'], goods: ['schoenen', 'sneakers'], amount: [40, 160], refunds: true },
  { name: 'Woonwinkel Vensterbank', city: 'Leeuwarden', category: 'expenses.shopping', routes: ['multisafepay', 'worldline', 'klarna'], goods: ['vaas', 'kussenhoes', 'plaid'], amount: [15, 140], refunds: true },
  { name: 'Meubelmakerij Eikenhout', city: 'Winterswijk', category: 'expenses.shopping', routes: ['worldline', 'klarna', 'buckaroo'], goods: ['eettafel', 'boekenkast'], amount: [180, 1400], refunds: true },
  { name: 'Cadeauwinkel Kadootje', city: 'Gouda', category: 'expenses.shopping', routes: ['buckaroo', 'sumup', 'paypal'], goods: ['cadeau', 'wenskaarten'], amount: [5, 50] },

  // health
  { name: 'Apotheek De Lindeboom', city: 'Weert', category: 'expenses.health', routes: ['ccv', 'ccv'], goods: ['medicijnen'], amount: [4, 45] },
  { name: 'Fysiotherapie Beweegpunt', city: 'Roermond', category: 'expenses.health', routes: ['sumup', 'mollie', 'tikkie'], goods: ['behandeling', 'intake'], amount: [30, 70] },
  { name: 'Tandartspraktijk Molenzicht', city: 'Schiedam', category: 'expenses.health', routes: ['ccv', 'buckaroo'], goods: ['controle', 'gebitsreiniging'], amount: [25, 180] },
  { name: 'Podotherapie Voetstap', city: 'Heerenveen', category: 'expenses.health', routes: ['sumup', 'mollie'], goods: ['steunzolen', 'consult'], amount: [35, 190] },
  { name: 'Diëtistenpraktijk Balans', city: 'Purmerend', category: 'expenses.health', routes: ['mollie', 'tikkie', 'buckaroo'], goods: ['consult', 'voedingsadvies'], amount: [30, 90] },
  { name: 'Opticien Scherpzicht', city: 'Gorinchem', category: 'expenses.health', routes: ['ccv', 'worldline', 'multisafepay'], goods: ['bril', 'contactlenzen'], amount: [20, 320] },

  // leisure: sport, culture, outings, events
  { name: 'Boulderhal Overhang', city: 'Enschede', category: 'expenses.leisure', routes: ['sumup', 'stripe', 'mollie'], goods: ['dagkaart', 'tienrittenkaart'], amount: [12, 120] },
  { name: 'Theater De Lantaarn', city: 'Hengelo', category: 'expenses.leisure', routes: ['paylogic', 'mollie', 'worldline'], goods: ['2 kaarten voorstelling', 'toegangskaarten'], amount: [18, 75] },
  { name: 'Escaperoom Sleutelgat', city: 'Almere', category: 'expenses.leisure', routes: ['stripe', 'mollie', 'tikkie'], goods: ['escaperoom 4 personen'], amount: [60, 130] },
  { name: 'Bowlingcentrum De Kegelbaan', city: 'Veenendaal', category: 'expenses.leisure', routes: ['ccv', 'sumup'], goods: ['bowlen'], amount: [15, 80] },
  { name: 'Zwembad De Plons', city: 'Harderwijk', category: 'expenses.leisure', routes: ['ccv', 'adyen'], goods: ['zwemkaart', 'entree'], amount: [4, 60] },
  { name: 'Midgetgolfbaan Zonnedauw', city: 'Ommen', category: 'expenses.leisure', routes: ['sumup', 'sumup'], goods: ['midgetgolf'], amount: [5, 24] },
  { name: 'Manege De Hoefslag', city: 'Putten', category: 'expenses.leisure', routes: ['mollie', 'tikkie', 'buckaroo'], goods: ['rijles', 'lesgeld paardrijden'], amount: [25, 95] },
  { name: 'Festival Zomerzinnen', city: 'Deventer', category: 'expenses.leisure', routes: ['paylogic', 'paylogic', 'stripe'], goods: ['weekendticket', 'dagticket'], amount: [35, 160] },
  { name: 'Jazzpodium De Blauwe Noot', city: 'Leiden', category: 'expenses.leisure', routes: ['paylogic', 'multisafepay', 'sumup'], goods: ['concertkaarten', 'entree concert'], amount: [15, 60] },
  { name: 'Kartbaan Slipstroom', city: 'Lelystad', category: 'expenses.leisure', routes: ['adyen', 'worldline', 'paylogic'], goods: ['karten', 'grand prix pakket'], amount: [25, 140] },
  { name: 'Dansfestival Lichtjaar', city: 'Nijmegen', category: 'expenses.leisure', routes: ['paylogic', 'paylogic', 'mollie'], goods: ['festivalticket', 'combiticket'], amount: [30, 120] },
  { name: 'Openluchtbioscoop Sterrenzicht', city: 'Zeist', category: 'expenses.leisure', routes: ['paylogic', 'stripe', 'paylogic'], goods: ['filmavond kaartjes', 'entree film'], amount: [9, 40] },

  // travel
  { name: 'B&B De Zeven Linden', city: 'Ootmarsum', category: 'expenses.travel', routes: ['mollie', 'tikkie', 'stripe'], goods: ['overnachting', 'aanbetaling verblijf'], amount: [70, 260] },
  { name: 'Camping De Berkenhoeve', city: 'Dwingeloo', category: 'expenses.travel', routes: ['buckaroo', 'mollie', 'adyen'], goods: ['kampeerplaats', 'verblijf juli'], amount: [40, 650] },
  { name: 'Hotel Het Wapen van Drenthe', city: 'Westerbork', category: 'expenses.travel', routes: ['adyen', 'worldline', 'ccv'], goods: ['hotelovernachting', 'arrangement'], amount: [90, 420] },
  { name: 'Vakantiepark Dennenhorst', city: 'Hellendoorn', category: 'expenses.travel', routes: ['multisafepay', 'buckaroo', 'worldline'], goods: ['vakantiehuisje', 'weekverblijf'], amount: [150, 900] },

  // education
  { name: 'Rijschool Stuurvast', city: 'Helmond', category: 'expenses.education', routes: ['mollie', 'tikkie', 'sumup'], goods: ['rijlessen', 'lespakket'], amount: [50, 600] },
  { name: 'Taleninstituut Spreekbeurt', city: 'Utrecht', category: 'expenses.education', routes: ['stripe', 'buckaroo', 'mollie'], goods: ['cursus Spaans', 'lesgeld cursus'], amount: [90, 450] },

  // other services, pets, the car, causes
  { name: 'Stomerij Parelwit', city: 'Hilversum', category: 'expenses.other', routes: ['ccv', 'sumup'], goods: ['stomen kostuum'], amount: [8, 40] },
  { name: 'Schoenmakerij De Hak', city: 'Kerkrade', category: 'expenses.other', routes: ['sumup', 'ccv'], goods: ['hakken vervangen'], amount: [10, 45] },
  { name: 'Dierenartspraktijk Wolfsberg', city: 'Oosterhout', category: 'expenses.other.pets', routes: ['ccv', 'sumup', 'mollie'], goods: ['vaccinatie hond', 'consult kat'], amount: [35, 220] },
  { name: 'Autowasstraat Glansrijk', city: 'Zoetermeer', category: 'expenses.transport.car', routes: ['ccv', 'ccv', 'stripe'], goods: ['wasbeurt'], amount: [8, 30] },
  { name: 'Autobedrijf Zwartsluis', city: 'Zwartsluis', category: 'expenses.transport.car', routes: ['ccv', 'mollie', 'tikkie'], goods: ['apk keuring', 'onderhoudsbeurt'], amount: [45, 480] },
  { name: 'Zwerfkattenopvang Fluffy', city: 'Spijkenisse', category: 'expenses.charity', routes: ['mollie', 'mollie', 'stripe', 'paypal'], goods: ['donatie', 'gift'], amount: [5, 50] },
  { name: 'Vrienden van Hospice De Vlinder', city: 'Wijchen', category: 'expenses.charity', routes: ['mollie', 'buckaroo', 'multisafepay'], goods: ['donatie', 'eenmalige gift'], amount: [10, 100] },

  // suppliers a sole trader buys from
  { name: 'Verpakkingswinkel Doosje', city: 'Waalwijk', category: 'expenses.business', routes: ['mollie', 'paypal', 'multisafepay'], goods: ['verzenddozen', 'verpakkingsmateriaal'], amount: [25, 240], supplier: true },
  { name: 'Drukkerij Persklaar', city: 'Meppel', category: 'expenses.business', routes: ['mollie', 'stripe', 'buckaroo'], goods: ['visitekaartjes', 'flyers'], amount: [35, 300], supplier: true },
  { name: 'Gereedschapshandel Vakman', city: 'Tiel', category: 'expenses.business', routes: ['adyen', 'ccv', 'klarna'], goods: ['gereedschap', 'boormachine'], amount: [40, 420], supplier: true },
];

/** People who send a Tikkie for what they paid for a group (a share of a dinner, a present): money to people. */
export const freshRequesters: readonly { name: string; goods: string }[] = [
  { name: 'M. Verhoeven', goods: 'Etentje vrijdag' },
  { name: 'Sanne de Wit', goods: 'Cadeau voor Joost' },
  { name: 'R.J. Bosman', goods: 'Kaartjes concert' },
  { name: 'Daan Hoekstra', goods: 'Boodschappen weekend' },
  { name: 'E. van Leeuwen-Smit', goods: 'Taxi' },
  { name: 'Fleur Janssen', goods: 'Huisje Texel' },
];
