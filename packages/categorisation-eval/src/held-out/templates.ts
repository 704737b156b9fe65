/**
 * The hand-written material of the held-out set: merchants, organisations and remittances as they appear on
 * Dutch statements and on foreign card terminals, each with the label a person reading the single line would
 * give it. Written from statements, terminal receipts and payment providers' remittance formats, not from
 * any catalogue of the categoriser.
 */

/** A card terminal abroad: name and city as printed, country (alpha-3), the trade's category. */
export interface ForeignTerminal {
  name: string;
  city: string;
  country: string;
  category: string;
  /** Typical amount range in euros. */
  range: [number, number];
}

const G: [number, number] = [3, 95];
const H: [number, number] = [4, 48];
const F: [number, number] = [38, 92];
const E: [number, number] = [9, 135];
const L: [number, number] = [8, 65];
const T: [number, number] = [70, 420];
const C: [number, number] = [2.5, 38];

function terminals(country: string, rows: readonly [string, string, string, [number, number]][]): ForeignTerminal[] {
  return rows.map(([name, city, category, range]) => ({ name, city, country, category, range }));
}

const groceries = 'expenses.groceries';
const health = 'expenses.health';
const fuel = 'expenses.transport.fuel';
const eatingOut = 'expenses.eating-out';
const leisure = 'expenses.leisure';
const travel = 'expenses.travel';
const car = 'expenses.transport.car';
const shopping = 'expenses.shopping';

export const foreignTerminals: readonly ForeignTerminal[] = [
  ...terminals('ESP', [
    ['MERCADONA AV ANDALUCIA', 'Malaga', groceries, G], ['SUPERMERCADO EL ARBOL', 'Valladolid', groceries, G], ['SUPERMERCADOS DIA 2231', 'Madrid', groceries, G],
    ['CONSUM COOP V', 'Valencia', groceries, G], ['SUPERMERCADO MAS CALAHONDA', 'Mijas', groceries, G], ['FARMACIA LDO J GARCIA', 'Sevilla', health, H],
    ['FARMACIA DEL MAR', 'Alicante', health, H], ['FARMACIA PLAZA MAYOR', 'Salamanca', health, H], ['PANADERIA LA ESPIGA', 'Granada', groceries, [2, 14]],
    ['REPSOL E.S. LA CALA', 'Mijas', fuel, F], ['CEPSA ESTACION DE SERVICIO', 'Cordoba', fuel, F], ['E.S. BALLENOIL', 'Murcia', fuel, F],
    ['RESTAURANTE CASA PEPE', 'Nerja', eatingOut, E], ['BAR TAPAS EL RINCON', 'Cadiz', eatingOut, E], ['CHIRINGUITO PLAYA BURRIANA', 'Nerja', eatingOut, E],
    ['HELADERIA LA JIJONENCA', 'Benidorm', eatingOut, [3, 18]], ['MUSEO NACIONAL DEL PRADO', 'Madrid', leisure, L], ['PATRONATO ALHAMBRA GENERALIFE', 'Granada', leisure, L],
    ['MUSEO PICASSO MALAGA', 'Malaga', leisure, L], ['HOTEL PLAYA SOL', 'Estepona', travel, T], ['APARCAMIENTO SABA', 'Barcelona', car, C],
  ]),
  ...terminals('FRA', [
    ['CARREFOUR MARKET', 'Nice', groceries, G], ['INTERMARCHE SUPER', 'Annecy', groceries, G], ['E.LECLERC', 'Perpignan', groceries, G], ['SUPER U', 'Carnac', groceries, G],
    ['MONOPRIX', 'Paris', groceries, G], ['FROMAGERIE DU MONT BLANC', 'Chamonix', groceries, [6, 45]], ['PHARMACIE DU VIEUX PORT', 'Marseille', health, H],
    ['PHARMACIE CENTRALE', 'Lyon', health, H], ['PHARMACIE DES ARCADES', 'Biarritz', health, H], ['BOULANGERIE PATISSERIE DUPONT', 'Bordeaux', groceries, [2, 16]],
    ['BOULANGERIE LE FOURNIL', 'Avignon', groceries, [2, 16]], ['TOTALENERGIES RELAIS A7', 'Montelimar', fuel, F], ['STATION-SERVICE ESSO', 'Dijon', fuel, F],
    ['STATION SERVICE AVIA', 'Millau', fuel, F], ['BRASSERIE DU COMMERCE', 'Lille', eatingOut, E], ['CREPERIE TI BREIZH', 'Quimper', eatingOut, E],
    ['RESTAURANT LE PETIT ZINC', 'Paris', eatingOut, E], ['MUSEE DU LOUVRE', 'Paris', leisure, L], ['MUSEE D ORSAY', 'Paris', leisure, L],
    ['CHATEAU DE CHAMBORD', 'Chambord', leisure, L], ['APRR PEAGE', 'Beaune', car, C], ['CAMPING LES PINS', 'Argeles', travel, T],
  ]),
  ...terminals('DEU', [
    ['REWE MARKT GMBH', 'Koeln', groceries, G], ['EDEKA AKTIV MARKT', 'Muenchen', groceries, G], ['KAUFLAND', 'Aachen', groceries, G],
    ['NETTO MARKEN-DISCOUNT', 'Kleve', groceries, G], ['BAECKEREI SCHMITZ', 'Duesseldorf', groceries, [2, 15]], ['BACKHAUS KAMPS', 'Essen', groceries, [2, 15]],
    ['STADT-APOTHEKE', 'Goch', health, H], ['ROSEN APOTHEKE', 'Bonn', health, H], ['ARAL TANKSTELLE', 'Emmerich', fuel, F], ['JET TANKSTELLE', 'Kaldenkirchen', fuel, F],
    ['RAIFFEISEN TANKSTELLE', 'Bocholt', fuel, F], ['GASTHAUS ZUR LINDE', 'Winterberg', eatingOut, E], ['BRAUHAUS ZUM SCHIFFCHEN', 'Duesseldorf', eatingOut, E],
    ['DEUTSCHES MUSEUM', 'Muenchen', leisure, L], ['PHANTASIALAND', 'Bruehl', leisure, [35, 160]], ['MUSEUM LUDWIG', 'Koeln', leisure, L],
    ['HOTEL ZUR POST', 'Garmisch-Partenkirchen', travel, T],
  ]),
  ...terminals('ITA', [
    ['CONAD SUPERSTORE', 'Firenze', groceries, G], ['ESSELUNGA', 'Milano', groceries, G], ['COOP ALLEANZA 3.0', 'Bologna', groceries, G],
    ['PAM PANORAMA', 'Roma', groceries, G], ['FARMACIA COMUNALE 4', 'Verona', health, H], ['FARMACIA DR ROSSI', 'Lucca', health, H],
    ['PANIFICIO ANTICO FORNO', 'Roma', groceries, [2, 14]], ['ENI STATION', 'Bolzano', fuel, F], ['Q8 STAZIONE DI SERVIZIO', 'Trento', fuel, F],
    ['RISTORANTE DA GINO', 'Firenze', eatingOut, E], ['TRATTORIA DA ENZO', 'Roma', eatingOut, E], ['PIZZERIA DA MICHELE', 'Napoli', eatingOut, E],
    ['GELATERIA DEI NERI', 'Firenze', eatingOut, [3, 16]], ['MUSEI VATICANI', 'Roma', leisure, L], ['GALLERIA DEGLI UFFIZI', 'Firenze', leisure, L],
    ['PARCO ARCHEOLOGICO COLOSSEO', 'Roma', leisure, L], ['MUSEO EGIZIO', 'Torino', leisure, L], ['AGRITURISMO IL POGGIO', 'Montepulciano', travel, T],
  ]),
  ...terminals('GRC', [
    ['AB VASSILOPOULOS', 'Athina', groceries, G], ['SKLAVENITIS', 'Chania', groceries, G], ['MASOUTIS', 'Thessaloniki', groceries, G],
    ['MINI MARKET NIKOS', 'Naxos', groceries, G], ['FOURNOS KRITIKOS', 'Chania', groceries, [2, 12]], ['FARMAKEIO PAPADOPOULOS', 'Rethymno', health, H],
    ['PHARMACY KOSTAS', 'Kos', health, H], ['TAVERNA TO KYMA', 'Paros', eatingOut, E], ['TAVERNA AGIOS GIORGIOS', 'Santorini', eatingOut, E],
    ['PSAROTAVERNA O MICHALIS', 'Milos', eatingOut, E], ['EKO STATION', 'Heraklion', fuel, F], ['AVIN STATION', 'Patra', fuel, F],
    ['ACROPOLIS MUSEUM', 'Athina', leisure, L], ['KNOSSOS ARCHAEOLOGICAL SITE', 'Heraklion', leisure, L],
  ]),
  ...terminals('PRT', [
    ['PINGO DOCE', 'Lisboa', groceries, G], ['CONTINENTE MODELO', 'Faro', groceries, G], ['MINIPRECO', 'Porto', groceries, G],
    ['PADARIA PORTUGUESA', 'Lisboa', groceries, [2, 14]], ['FARMACIA ESTACAO', 'Lagos', health, H], ['GALP ENERGIA', 'Portimao', fuel, F], ['PRIO ENERGY', 'Braga', fuel, F],
    ['RESTAURANTE O MARINHEIRO', 'Porto', eatingOut, E], ['TASCA DO CHICO', 'Lisboa', eatingOut, E], ['MUSEU CALOUSTE GULBENKIAN', 'Lisboa', leisure, L],
    ['OCEANARIO DE LISBOA', 'Lisboa', leisure, L],
  ]),
  ...terminals('BEL', [
    ['DELHAIZE', 'Gent', groceries, G], ['COLRUYT', 'Antwerpen', groceries, G], ['BAKKERIJ VAN DEN BOSSCHE', 'Brugge', groceries, [2, 16]],
    ['PHARMACIE MULTIPHARMA', 'Liege', health, H], ['APOTHEEK DE LINDE', 'Hasselt', health, H], ['Q8 EASY', 'Lommel', fuel, F], ['TOTAL BELGIUM', 'Turnhout', fuel, F],
    ['FRITUUR T PLEINTJE', 'Knokke', eatingOut, [5, 30]],
  ]),
  ...terminals('AUT', [
    ['BILLA', 'Wien', groceries, G], ['HOFER', 'Innsbruck', groceries, G], ['APOTHEKE ZUM HIRSCHEN', 'Innsbruck', health, H], ['OMV TANKSTELLE', 'Kufstein', fuel, F],
    ['ALMSTUBE HUETTE', 'Saalbach', eatingOut, E], ['SCHLOSS SCHOENBRUNN', 'Wien', leisure, L],
  ]),
  ...terminals('HRV', [
    ['KONZUM', 'Split', groceries, G], ['LJEKARNA SPLIT', 'Split', health, H], ['INA BENZINSKA POSTAJA', 'Zadar', fuel, F], ['KONOBA MARIJA', 'Hvar', eatingOut, E],
  ]),
  ...terminals('ESP', [
    ['CAFETERIA LOS ARCOS', 'Ronda', eatingOut, E], ['FRUTERIA MARI CARMEN', 'Sevilla', groceries, G], ['CARNICERIA HERMANOS RUIZ', 'Toledo', groceries, G],
    ['FARMACIA ORTEGA CB', 'Cordoba', health, H],
  ]),
  ...terminals('FRA', [
    ['BOUCHERIE CHEZ MARCEL', 'Lyon', groceries, G], ['PHARMACIE GAMBETTA', 'Cahors', health, H], ['BISTROT LE MARRONNIER', 'Sarlat', eatingOut, E],
    ['EPICERIE DU VILLAGE', 'Gordes', groceries, G],
  ]),
  ...terminals('DEU', [
    ['METZGEREI HUBER', 'Garmisch-Partenkirchen', groceries, G], ['LINDEN-APOTHEKE', 'Kleve', health, H], ['CAFE KONDITOREI SCHNEIDER', 'Trier', eatingOut, E],
    ['HOFLADEN BAUER KLEIN', 'Xanten', groceries, G],
  ]),
  ...terminals('ITA', [
    ['ALIMENTARI DA PAOLO', 'Siena', groceries, G], ['OSTERIA IL GRILLO', 'Lucca', eatingOut, E], ['FARMACIA SAN MARCO', 'Venezia', health, H],
    ['MACELLERIA BIANCHI', 'Parma', groceries, G],
  ]),
  ...terminals('GRC', [['SUPERMARKET GALAXIAS', 'Kerkyra', groceries, G], ['TAVERNA TOU STRATI', 'Lefkada', eatingOut, E]]),
  ...terminals('PRT', [['CHURRASQUEIRA DO BAIRRO', 'Coimbra', eatingOut, E], ['MERCEARIA DA VILA', 'Sintra', groceries, G], ['FARMACIA GASPAR', 'Tavira', health, H]]),
];

/** A party behind a payment processor: who it is and what was bought. */
export interface Behind {
  party: string;
  what: string;
  category: string;
  range: [number, number];
}

function behind(category: string, range: [number, number], rows: readonly [string, string][]): Behind[] {
  return rows.map(([party, what]) => ({ party, what, category, range }));
}

/** Small traders paid at a SumUp, CCV or Zettle terminal: the terminal prints the processor, then the trader. */
export const terminalTraders: readonly Behind[] = [
  ...behind(groceries, [2, 38], [
    ['Visspecialist Van Dam', 'vis'], ['Kaasboer Henk', 'kaas'], ['Poelier De Wit', 'kip'], ['Bakkerij Bart', 'brood'], ['Marktkraam Noten en Zo', 'noten'],
    ['Groentehal Yilmaz', 'groente'], ['Slagerij Hofstede', 'vlees'], ['Zuivelboerderij De Hoeve', 'zuivel'], ['Eierhandel Kip en Ei', 'eieren'], ['Biologische Tuinderij Ommen', 'groente'],
  ]),
  ...behind(eatingOut, [3, 55], [
    ['Foodtruck Bao Bao', 'lunch'], ['Strandpaviljoen Zuid', 'drankjes'], ['IJssalon Venezia', 'ijs'], ['Koffiebar Bonen', 'koffie'], ['Cafe De Zwaan', 'borrel'],
    ['Pannenkoekenhuis Het Molentje', 'pannenkoeken'], ['Snackbar De Hoek', 'friet'], ['Broodjeszaak Smulhuis', 'broodjes'],
  ]),
  ...behind(shopping, [6, 95], [
    ['Bloemen Marjolein', 'bloemen'], ['Boekhandel Het Leesteken', 'boeken'], ['Dierenspeciaalzaak Pet Palace', 'voer'], ['Kringloop De Schat', 'kast'], ['Cadeauwinkel Mooi Zo', 'cadeau'],
  ]),
  ...behind(health, [12, 90], [['Fysio In Beweging', 'behandeling'], ['Tandartspraktijk Molenwijk', 'controle'], ['Podotherapie Voetpunt', 'consult']]),
  ...behind(leisure, [8, 45], [['Yogastudio Prana', 'les'], ['Midgetgolf De Duinen', 'entree'], ['Kinderboerderij De Beestenbende', 'entree']]),
  ...behind(car, [25, 180], [['Garage Van Loon', 'APK'], ['Autowasstraat Splash', 'wasbeurt']]),
];

/** Shops and organisations paid online through a PSP: the PSP is the counterparty, the shop is in the remittance. */
export const onlineShops: readonly Behind[] = [
  ...behind(shopping, [12, 240], [
    ['Fietsplus Bakfietsen', 'Bestelling'], ['Koffiebranderij Het Anker', 'Bestelling'], ['Platenzaak Concerto', 'Order'], ['Lampenwinkel Licht en Zo', 'Bestelling'],
    ['Keramiekatelier Mies', 'Bestelling'], ['Wolwinkel De Breipen', 'Order'], ['Kamera Express', 'Order'], ['Tuincentrum Overvecht', 'Bestelling'],
    ['Speelgoedwinkel De Kikker', 'Bestelling'], ['Schoenenwinkel Stap', 'Bestelling'],
  ]),
  ...behind(leisure, [15, 140], [
    ['Theater De Lampegiet', 'Tickets'], ['Zomerfestival Appelpop', 'Tickets'], ['Poppodium Doornroosje', 'Tickets'], ['Klimcentrum Neoliet', 'Rittenkaart'],
    ['Dierentuin Amersfoort', 'Entreetickets'], ['Escape Room Breinbreker', 'Reservering'],
  ]),
  ...behind(eatingOut, [18, 90], [['Pizzeria Napoli Zwolle', 'Bestelling'], ['Sushi Hiro Den Bosch', 'Bestelling'], ['Thai Orchid Delft', 'Bestelling']]),
  ...behind('expenses.charity', [5, 50], [['Stichting Dierenasiel Tilburg', 'Donatie'], ['Stichting Voedselbank Arnhem', 'Gift'], ['Stichting Hospice De Kaap', 'Gift']]),
  ...behind('expenses.education', [35, 420], [['Taalschool Babel', 'Cursus'], ['Muziekschool Amersfoort', 'Lesgeld'], ['Rijschool Verkeersplein', 'Rijlessen']]),
  ...behind(health, [20, 120], [['Huidtherapie Utrecht', 'Behandeling'], ['Mondzorg Oost', 'Behandeling']]),
  ...behind('expenses.other', [25, 160], [['Dierenkliniek Zuid', 'Consult']]),
  ...behind(travel, [60, 480], [['Vakantiepark De Kempen', 'Boeking'], ['Hotel De Wageningsche Berg', 'Reservering']]),
];

/** How each PSP prints the shop in the remittance of an iDEAL or card-not-present payment. */
export interface Processor {
  name: string;
  counterpart: string;
  /** IBAN country and bank code; the account number is derived from the name. */
  bank: [string, string];
  remittance: (shop: Behind, ref: { digits: (n: number) => string; alnum: (n: number) => string }) => string;
}

export const processors: readonly Processor[] = [
  { name: 'Mollie', counterpart: 'Stichting Mollie Payments', bank: ['NL', 'ABNA'], remittance: (s, r) => `M${r.digits(9)} ${r.digits(16)} ${s.what} ${r.digits(5)} ${s.party}` },
  { name: 'Adyen', counterpart: 'Adyen N.V.', bank: ['NL', 'ADYB'], remittance: (s, r) => `${s.party} ${s.what} ${r.alnum(10)} ${r.digits(16)}` },
  { name: 'Stripe', counterpart: 'Stripe Technology Europe Ltd', bank: ['IE', 'CITI'], remittance: (s, r) => `${s.party.toUpperCase()} ${s.what} pi_${r.alnum(14)}` },
  { name: 'Buckaroo', counterpart: 'Stichting Derdengelden Buckaroo', bank: ['NL', 'INGB'], remittance: (s, r) => `${r.digits(10)} ${s.party} ${s.what} ${r.digits(6)}` },
  { name: 'MultiSafepay', counterpart: 'Stichting MultiSafepay', bank: ['NL', 'DEUT'], remittance: (s, r) => `${s.what} ${r.digits(8)} ${s.party} via MultiSafepay` },
  { name: 'PayPal', counterpart: 'PayPal Europe S.a.r.l. et Cie S.C.A', bank: ['LU', 'BCEE'], remittance: (s, r) => `${r.digits(13)} PAYPAL ${r.digits(16)} Ihr Einkauf bei ${s.party}` },
  { name: 'Klarna', counterpart: 'Klarna Bank AB', bank: ['NL', 'DEUT'], remittance: (s, r) => `Klarna betaling ${r.digits(9)} ${s.what} bij ${s.party}` },
  { name: 'Worldline', counterpart: 'Worldline Merchant Services', bank: ['NL', 'ABNA'], remittance: (s, r) => `${s.party} ${s.what} TRX ${r.digits(12)}` },
  { name: 'Tikkie', counterpart: 'Tikkie', bank: ['NL', 'ABNA'], remittance: (s, r) => `${r.digits(16)} Tikkie ID ${r.digits(12)}, ${s.what}, ${s.party}` },
];

/** Tickets sold by Paylogic: the event organiser in the remittance, or only Paylogic's order. */
export const paylogicEvents: readonly string[] = ['Zwarte Cross Festival', 'Pinkpop', 'Lowlands', 'Concert Golden Earring Tribute', 'Theatertour Stand-up Avond', 'Dance Valley Reunion', ''];

/** Platforms that pay out sellers, drivers and couriers: counterparty, IBAN country/bank, remittance. */
export interface Platform {
  name: string;
  /** Private persons sell or deliver through it too (not only registered businesses). */
  private: boolean;
  counterpart: string;
  bank: [string, string];
  remittance: (ref: { digits: (n: number) => string; alnum: (n: number) => string }, period: string) => string;
  range: [number, number];
}

export const platforms: readonly Platform[] = [
  { name: 'bol.com', private: false, counterpart: 'bol.com b.v.', bank: ['NL', 'INGB'], range: [25, 1400], remittance: (r, p) => `Uitbetaling verkopen ${p} partnernr ${r.digits(7)} factuur ${r.digits(10)}` },
  { name: 'Vinted', private: true, counterpart: 'Vinted UAB', bank: ['LT', 'REVO'], range: [6, 90], remittance: (r) => `Vinted uitbetaling ${r.digits(10)}` },
  { name: 'Marktplaats', private: true, counterpart: 'Marktplaats B.V.', bank: ['NL', 'ABNA'], range: [15, 350], remittance: (r) => `Uitbetaling Gelijk Oversteken bestelling ${r.digits(9)}` },
  { name: 'Etsy', private: true, counterpart: 'Etsy Ireland UC', bank: ['IE', 'CITI'], range: [20, 600], remittance: (r) => `ETSY PAYMENTS DEPOSIT ${r.alnum(10)}` },
  { name: 'Stripe', private: false, counterpart: 'Stripe Payments Europe Ltd', bank: ['IE', 'CITI'], range: [40, 2200], remittance: (r) => `STRIPE PAYOUT po_${r.alnum(16)}` },
  { name: 'Mollie', private: false, counterpart: 'Stichting Mollie Payments', bank: ['NL', 'ABNA'], range: [40, 2600], remittance: (r, p) => `Mollie settlement ${r.digits(7)}.${r.digits(4)} uitbetaling ${p}` },
  { name: 'Deliveroo', private: true, counterpart: 'Deliveroo Netherlands B.V.', bank: ['NL', 'CITI'], range: [60, 640], remittance: (r, p) => `Rider fees ${p} rider ${r.digits(6)}` },
  { name: 'Uber', private: false, counterpart: 'Uber B.V.', bank: ['NL', 'ABNA'], range: [90, 1100], remittance: (r, p) => `UBER BV Driver payout ${p} ${r.alnum(8)}` },
  { name: 'Uber Eats', private: true, counterpart: 'Uber Portier B.V.', bank: ['NL', 'ABNA'], range: [40, 480], remittance: (r, p) => `Uber Eats courier uitbetaling ${p} ref ${r.alnum(10)}` },
  { name: 'Temper', private: true, counterpart: 'Temper B.V.', bank: ['NL', 'RABO'], range: [55, 780], remittance: (r, p) => `Uitbetaling Temper shifts ${p} ${r.digits(8)}` },
  { name: 'Thuisbezorgd', private: true, counterpart: 'Takeaway.com Payments B.V.', bank: ['NL', 'ABNA'], range: [45, 520], remittance: (r, p) => `Uitbetaling bezorger ${p} nr ${r.digits(7)}` },
  { name: 'Amazon', private: false, counterpart: 'Amazon Payments Europe S.C.A.', bank: ['LU', 'BCEE'], range: [30, 900], remittance: (r) => `AMAZON.NL MARKETPLACE SETTLEMENT ${r.digits(11)}` },
  { name: 'SumUp', private: false, counterpart: 'SumUp Limited', bank: ['IE', 'CITI'], range: [30, 900], remittance: (r, p) => `SumUp uitbetaling ${p} ${r.alnum(10)}` },
  { name: 'Shopify', private: false, counterpart: 'Shopify International Ltd', bank: ['IE', 'CITI'], range: [30, 1500], remittance: (r) => `Shopify Payments payout ${r.digits(11)}` },
];

/** Insurers and the products they collect for; health premiums are the minority here. */
export interface InsuranceProduct {
  insurer: string;
  bank: string;
  product: string;
  health: boolean;
  range: [number, number];
}

function products(insurer: string, bank: string, rows: readonly [string, boolean, [number, number]][]): InsuranceProduct[] {
  return rows.map(([product, isHealth, range]) => ({ insurer, bank, product, health: isHealth, range }));
}

export const insuranceProducts: readonly InsuranceProduct[] = [
  ...products('FBTO', 'INGB', [['Premie autoverzekering All Risk polis', false, [28, 95]], ['Premie zorgverzekering Basis + Tand', true, [135, 190]], ['Premie inboedelverzekering polis', false, [6, 18]]]),
  ...products('Univé', 'RABO', [['Premie Univé Pakket auto woonhuis inboedel polis', false, [55, 140]], ['Premie zorgverzekering Zorg Geregeld', true, [140, 210]], ['Premie aansprakelijkheid particulier polis', false, [3, 9]]]),
  ...products('OHRA', 'ABNA', [['Autoverzekering maandpremie polisnummer', false, [30, 80]], ['Doorlopende reisverzekering premie polisnummer', false, [4, 14]], ['Zorgverzekering premie Basis Zorg Plus', true, [140, 200]]]),
  ...products('Interpolis', 'RABO', [['ZekerheidsPakket premie woonhuis en inboedel', false, [24, 65]], ['Premie fietsverzekering e-bike', false, [9, 19]], ['Premie Zorgverzekering Basis Budget', true, [130, 160]]]),
  ...products('CZ', 'INGB', [['Premie doorlopende reisverzekering relatienr', false, [4, 9]], ['Premie zorgverzekering relatienr', true, [140, 260]]]),
  ...products('Zilveren Kruis', 'INGB', [['Premie Basis Exclusief + Aanvullend 2 sterren', true, [145, 230]]]),
  ...products('Centraal Beheer', 'INGB', [['Premie Even Apeldoorn Bellen autoverzekering polis', false, [33, 105]], ['Premie woonverzekering polis', false, [20, 55]], ['Premie zorgverzekering', true, [130, 180]]]),
  ...products('Nationale-Nederlanden', 'INGB', [['Premie NN Woonverzekering polis', false, [18, 48]], ['Premie overlijdensrisicoverzekering polis', false, [8, 35]]]),
  ...products('a.s.r.', 'ABNA', [['Premie a.s.r. autoverzekering polis', false, [30, 90]], ['Premie uitvaartverzekering polis', false, [9, 24]]]),
  ...products('ANWB Verzekeren', 'ABNA', [['Premie ANWB Autoverzekering polis', false, [32, 88]], ['Premie doorlopende reisverzekering', false, [5, 12]]]),
  ...products('Allianz Direct', 'DEUT', [['Autoverzekering premie maand polis', false, [25, 70]]]),
  ...products('Ditzo', 'ABNA', [['Premie autoverzekering Ditzo', false, [24, 60]], ['Premie Ditzo Zorgverzekering Basis', true, [125, 150]]]),
  ...products('Unigarant', 'ABNA', [['Premie caravanverzekering polis', false, [8, 22]], ['Premie motorverzekering polis', false, [10, 35]]]),
  ...products('Klaverblad Verzekeringen', 'RABO', [['Premie autoverzekering polisnummer', false, [26, 80]]]),
  ...products('Zevenwouden Verzekeringen', 'RABO', [['Premie woonhuisverzekering polis', false, [16, 44]]]),
  ...products('Onderlinge s-Gravenhage', 'INGB', [['Premie Fietsverzekering polis', false, [7, 16]], ['Premie Aansprakelijkheidsverzekering', false, [3, 7]]]),
  ...products('PetSecur', 'INGB', [['Premie dierenverzekering hond Max polis', false, [14, 38]]]),
  ...products('Menzis', 'ABNA', [['Premie zorgverzekering ExtraVerzorgd 2', true, [150, 210]]]),
  ...products('DSW Zorgverzekeraar', 'INGB', [['Premie zorgverzekering', true, [135, 170]]]),
];

/** Municipal and regional tax offices: the collector, and the remittances it prints. */
export interface TaxOffice {
  name: string;
  bank: string;
  remittance: (ref: { digits: (n: number) => string }, term: number) => string;
  range: [number, number];
}

export const taxOffices: readonly TaxOffice[] = [
  { name: 'BsGW', bank: 'BNGH', range: [28, 95], remittance: (r, t) => `Aanslagnummer ${r.digits(12)} termijn ${t} van 10 gemeentelijke belastingen en waterschapsbelasting 2026` },
  { name: 'GBLT', bank: 'BNGH', range: [20, 70], remittance: (r, t) => `Aanslag waterschapsbelastingen 2026 aanslagnr ${r.digits(10)} termijn ${t}` },
  { name: 'Gemeente Amsterdam Belastingen', bank: 'BNGH', range: [25, 90], remittance: (r, t) => `Aanslag ${r.digits(10)} OZB afvalstoffenheffing 2026 termijn ${t}` },
  { name: 'Gemeente Rotterdam', bank: 'BNGH', range: [30, 95], remittance: (r, t) => `Belastingaanslag 2026 ${r.digits(9)} termijn ${t} van 10` },
  { name: 'Gemeente Utrecht', bank: 'BNGH', range: [25, 85], remittance: (r, t) => `Gemeentelijke belastingen 2026 aanslagnr ${r.digits(9)} termijn ${t}` },
  { name: 'Gemeente Groningen', bank: 'BNGH', range: [20, 80], remittance: (r, t) => `Aanslag gemeentebelastingen 2026 nr ${r.digits(9)} termijn ${t}` },
  { name: 'BghU', bank: 'BNGH', range: [25, 85], remittance: (r, t) => `Aanslagnr ${r.digits(10)} belastingjaar 2026 termijn ${t}` },
  { name: 'Cocensus', bank: 'BNGH', range: [22, 75], remittance: (r, t) => `Aanslag 2026 ${r.digits(10)} rioolheffing afvalstoffenheffing termijn ${t}` },
  { name: 'Belastingsamenwerking Rivierenland', bank: 'BNGH', range: [24, 80], remittance: (r, t) => `Aanslag ${r.digits(10)} 2026 termijn ${t}` },
  { name: 'Noordelijk Belastingkantoor', bank: 'BNGH', range: [18, 60], remittance: (r, t) => `Waterschapsbelasting 2026 aanslagnr ${r.digits(10)} termijn ${t}` },
  { name: 'Hoogheemraadschap Hollands Noorderkwartier', bank: 'BNGH', range: [20, 65], remittance: (r, t) => `Aanslag watersysteemheffing zuiveringsheffing 2026 nr ${r.digits(10)} termijn ${t}` },
  { name: 'Gemeente Eindhoven', bank: 'BNGH', range: [30, 90], remittance: (r) => `Hondenbelasting 2026 aanslagnr ${r.digits(9)}` },
  { name: 'Belastingen Drechtsteden', bank: 'BNGH', range: [25, 85], remittance: (r, t) => `Aanslag gemeentelijke heffingen 2026 ${r.digits(10)} termijn ${t}` },
];

/** Ordinary SEPA collections: creditor, bank, remittance, label, whether it is a subscription. */
export interface Collector {
  name: string;
  bank: string;
  remittance: string;
  category: string;
  subscription: boolean;
  range: [number, number];
}

function collectors(category: string, subscription: boolean, rows: readonly [string, string, string, [number, number]][]): Collector[] {
  return rows.map(([name, bank, remittance, range]) => ({ name, bank, remittance, category, subscription, range }));
}

export const ordinaryCollectors: readonly Collector[] = [
  ...collectors('expenses.housing.energy', false, [
    ['Eneco Consumenten B.V.', 'INGB', 'Termijnbedrag energie klantnummer', [80, 210]], ['Vattenfall Klantenservice N.V.', 'INGB', 'Voorschot stroom en gas contractrekening', [70, 220]],
    ['Energiecooperatie Zuiderlicht', 'TRIO', 'Maandtermijn groene stroom ledennr', [40, 120]], ['Pure Energie', 'RABO', 'Termijnbedrag klantnr', [60, 170]],
  ]),
  ...collectors('expenses.housing.water', false, [['Vitens N.V.', 'INGB', 'Voorschot drinkwater klantnr', [12, 30]], ['Brabant Water N.V.', 'ABNA', 'Termijn waterrekening klantnummer', [12, 28]], ['WMD Drinkwater', 'RABO', 'Voorschotnota water', [11, 24]]]),
  ...collectors('expenses.telecom', true, [['KPN B.V.', 'ABNA', 'Factuur KPN Internet + TV klantnr', [45, 85]], ['Odido Netherlands B.V.', 'INGB', 'Odido mobiel factuur', [15, 40]], ['Delta Fiber Nederland', 'RABO', 'Glasvezel internet factuur', [40, 70]], ['Lebara Mobile', 'ABNA', 'Lebara bundel abonnement', [8, 20]]]),
  ...collectors('expenses.subscriptions', true, [['Netflix International B.V.', 'ABNA', 'Netflix abonnement', [8, 19]], ['DPG Media B.V.', 'INGB', 'Abonnement de Volkskrant digitaal', [16, 33]], ['NRC Media B.V.', 'ABNA', 'NRC abonnement kwartaal', [25, 90]], ['Leeuwarder Courant', 'RABO', 'Abonnement LC bezorging', [28, 40]]]),
  ...collectors('expenses.leisure', false, [['Sportcentrum De Bongerd', 'RABO', 'Contributie fitness', [25, 45]], ['Hockeyclub Rood-Wit', 'RABO', 'Contributie seizoen 2026 termijn', [40, 120]], ['Tennisvereniging De Slag', 'INGB', 'Jaarcontributie 2026 lidnr', [90, 210]]]),
  ...collectors('expenses.charity', false, [['KWF Kankerbestrijding', 'INGB', 'Maandelijkse gift donateurnr', [5, 25]], ['Amnesty International', 'INGB', 'Donatie Amnesty lidnr', [6, 20]], ['Stichting Vluchtelingenwerk Nederland', 'ABNA', 'Gift Vluchtelingenwerk', [5, 15]]]),
  ...collectors('expenses.childcare', false, [['Kinderopvang 2Samen', 'RABO', 'Factuur kinderopvang kindnr', [480, 1350]], ['Gastouderbureau Kindgericht', 'INGB', 'Opvangkosten gastouder factuur', [300, 900]]]),
  ...collectors('expenses.education', false, [['Stichting NTI', 'ABNA', 'Lesgeld cursus termijn studentnr', [60, 180]], ['Hogeschool Utrecht', 'INGB', 'Collegegeld 2026-2027 termijn studentnr', [210, 230]]]),
  ...collectors('expenses.loans', false, [['Santander Consumer Finance Benelux', 'ABNA', 'Aflossing persoonlijke lening contractnr', [120, 380]], ['DUO', 'INGB', 'Terugbetaling studieschuld dossiernr', [40, 260]]]),
  ...collectors('expenses.housing.rent', false, [['Woonstichting De Key', 'INGB', 'Huur woning huurcontract', [640, 980]], ['Woonbedrijf ieder1', 'ABNA', 'Huur en servicekosten contractnr', [590, 920]]]),
];

/** Suppliers of sole traders: name as printed, how they are paid, whether it is a subscription. */
export interface Supplier {
  name: string;
  city: string;
  bank: string;
  how: 'card' | 'direct-debit' | 'ideal' | 'transfer';
  remittance: string;
  subscription: boolean;
  range: [number, number];
}

function suppliers(how: Supplier['how'], subscription: boolean, rows: readonly [string, string, string, string, [number, number]][]): Supplier[] {
  return rows.map(([name, city, bank, remittance, range]) => ({ name, city, bank, how, remittance, subscription, range }));
}

export const soleTraderSuppliers: readonly Supplier[] = [
  ...suppliers('card', false, [
    ['Sligro', 'Utrecht', 'INGB', '', [45, 620]], ['Makro', 'Duiven', 'INGB', '', [35, 480]], ['Hanos', 'Apeldoorn', 'INGB', '', [60, 700]],
    ['Groothandel Ozcan Food', 'Rotterdam', 'RABO', '', [40, 380]], ['Bouwmaat', 'Amersfoort', 'ABNA', '', [25, 900]], ['Stiho', 'Zwolle', 'RABO', '', [30, 1200]],
    ['PontMeyer', 'Zaandam', 'INGB', '', [40, 1500]], ['Raab Karcher', 'Breda', 'ABNA', '', [30, 1100]], ['Jongeneel', 'Utrecht', 'INGB', '', [25, 950]],
    ['BMN Bouwmaterialen', 'Tilburg', 'RABO', '', [40, 1300]], ['Bouwcenter Kooij', 'Heerhugowaard', 'RABO', '', [30, 800]], ['Technische Unie', 'Amstelveen', 'ABNA', '', [40, 900]],
    ['Rexel Nederland', 'Zoetermeer', 'ABNA', '', [30, 700]], ['Wasco Groothandel', 'Deventer', 'INGB', '', [40, 1000]], ['Sikkens Verfcentrum', 'Haarlem', 'INGB', '', [35, 420]],
    ['Toolstation', 'Nijmegen', 'INGB', '', [12, 260]], ['Hairco Kappersgroothandel', 'Almere', 'RABO', '', [30, 380]],
  ]),
  ...suppliers('direct-debit', true, [
    ['TransIP B.V.', 'Leiden', 'ABNA', 'Factuur hosting en domeinen', [8, 60]], ['Hostnet B.V.', 'Amsterdam', 'INGB', 'Hostnet webhosting factuur', [6, 40]],
    ['Antagonist B.V.', 'Groningen', 'RABO', 'Factuur webhosting', [5, 30]], ['STRATO AG', 'Berlin', 'DEUT', 'STRATO Rechnung Hosting Kundennr', [5, 25]],
    ['Hetzner Online GmbH', 'Gunzenhausen', 'DEUT', 'Hetzner Rechnung Server Kundennr', [4, 80]], ['Combell NV', 'Gent', 'GEBA', 'Factuur hosting klantnr', [7, 45]],
    ['Moneybird B.V.', 'Enschede', 'ABNA', 'Moneybird abonnement factuur', [13, 33]], ['e-Boekhouden.nl', 'Alkmaar', 'INGB', 'Abonnement e-Boekhouden.nl', [12, 25]],
    ['Jortt B.V.', 'Wageningen', 'RABO', 'Jortt abonnement boekhouding', [10, 28]], ['Exact Software Nederland', 'Delft', 'ABNA', 'Exact Online abonnement factuur', [30, 80]],
    ['SnelStart Software', 'Hoofddorp', 'INGB', 'SnelStart abonnement licentie', [20, 60]], ['Tellow B.V.', 'Amsterdam', 'ABNA', 'Tellow Plus abonnement', [15, 35]],
    ['Lightspeed Netherlands', 'Amsterdam', 'ABNA', 'Kassasysteem abonnement factuur', [59, 159]],
  ]),
  ...suppliers('ideal', false, [
    ['Vimexx', 'Nieuwegein', 'RABO', 'Domeinregistratie en hosting factuur', [10, 90]], ['Mijndomein.nl', 'Amersfoort', 'ABNA', 'Domeinnaam verlenging', [8, 40]],
    ['Wurth Nederland B.V.', 'Den Bosch', 'ABNA', 'Webshop bestelling bevestigingsmiddelen', [30, 400]], ['Drukwerkdeal.nl', 'Wateringen', 'INGB', 'Drukwerk visitekaartjes flyers order', [20, 250]],
    ['Verpakkingen Groothandel Van der Valk', 'Nijkerk', 'RABO', 'Bestelling verpakkingsmateriaal', [40, 350]], ['Bidfood', 'Ede', 'ABNA', 'Factuur levering horeca groothandel', [90, 900]],
  ]),
  ...suppliers('transfer', false, [
    ['Administratiekantoor Bakker', 'Harderwijk', 'RABO', 'Factuur boekhouding Q2 en btw-aangifte', [90, 450]], ['Boekhoudkantoor De Cijferaar', 'Zutphen', 'INGB', 'Nota verzorging jaarstukken 2025', [300, 1200]],
    ['Fiscaal Adviesbureau Smits', 'Venlo', 'ABNA', 'Factuur aangifte inkomstenbelasting ondernemer', [150, 650]], ['Accountantskantoor Van Rijn', 'Gouda', 'RABO', 'Factuur samenstellingsverklaring jaarrekening', [400, 1400]],
    ['ZZP Boekhouder Anouk', 'Haarlem', 'KNAB', 'Factuur administratie maand', [60, 180]], ['Houthandel Van der Linden', 'Purmerend', 'RABO', 'Factuur levering houtwerk project', [200, 2500]],
  ]),
];

/** Software bought by card from abroad by sole traders (a US or Irish descriptor). */
export const softwareByCard: readonly { name: string; city: string; country: string; range: [number, number] }[] = [
  { name: 'ADOBE *CREATIVE CLOUD', city: 'Dublin', country: 'IRL', range: [24, 72] }, { name: 'CANVA* PRO', city: 'Sydney', country: 'USA', range: [11, 12] },
  { name: 'FIGMA MONTHLY', city: 'San Francisco', country: 'USA', range: [13, 46] }, { name: 'JETBRAINS S.R.O.', city: 'Praha', country: 'CZE', range: [9, 80] },
  { name: 'DIGITALOCEAN.COM', city: 'New York', country: 'USA', range: [5, 60] }, { name: 'MAILCHIMP *MONTHLY', city: 'Atlanta', country: 'USA', range: [12, 60] },
  { name: 'ATLASSIAN', city: 'Amsterdam', country: 'NLD', range: [10, 90] },
];

/** Clients paying a sole trader's invoices. */
export const clients: readonly string[] = [
  'Bouwbedrijf Heijmans Zuid', 'Stichting Welzijn Ouderen Zeist', 'Gemeente Lochem', 'Van Dijk Installatietechniek B.V.', 'Fam. de Boer', 'Reclamebureau Stroom',
  'Tandartsenpraktijk Centrum B.V.', 'J. Hendriks', 'Hotel De Gouden Leeuw', 'Basisschool De Regenboog', 'Woningcorporatie Portaal', 'Koffiehuis Bruin B.V.',
];

/** Dutch shops for sole traders' and households' groceries. */
export const dutchGroceries: readonly { name: string; city: string }[] = [
  { name: 'Albert Heijn 1452', city: 'Utrecht' }, { name: 'Jumbo Hengelo', city: 'Hengelo' }, { name: 'Lidl Zwolle', city: 'Zwolle' }, { name: 'PLUS Van der Meer', city: 'Sneek' },
  { name: 'Bakkerij Hofman', city: 'Deventer' }, { name: 'Toko Sari Rasa', city: 'Den Haag' }, { name: 'Turkse Supermarkt Anadolu', city: 'Schiedam' },
  { name: 'Versmarkt Oosterhof', city: 'Assen' }, { name: 'Slagerij Van Kampen', city: 'Harderwijk' }, { name: 'Natuurwinkel De Groene Weg', city: 'Wageningen' },
];
