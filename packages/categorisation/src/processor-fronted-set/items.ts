/**
 * A small held-out set of processor-fronted payments (issue 27, class 4), written before the third round of
 * changes to the categoriser and never tuned on: see README.md beside this file. Only tests and benches read it.
 */
import type { TransactionDto } from '@obp/contracts';
import type { CategoriseOptions, Category } from '../types';

export interface ProcessorFrontedItem {
  transaction: TransactionDto;
  options: CategoriseOptions;
  /** The category of the party behind the processor; the processor's own meaning only when nothing names it. */
  expected: Category;
}

const retail: CategoriseOptions = { profile: 'retail' };
const soleTrader: CategoriseOptions = { profile: 'retail', kvkNumber: '81234567' };

let sequence = 0;

function tx(amount: number, fields: Partial<TransactionDto>): TransactionDto {
  sequence++;
  const day = 1 + (sequence % 28);
  return {
    id: `7e570000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    accountId: '7e571111-1111-4111-8111-111111111111',
    currency: 'EUR',
    bookingDate: `2025-05-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    valueDate: null,
    description: null,
    counterpartName: null,
    counterpartAccountNumber: null,
    transactionType: null,
    transactionTypeName: null,
    reasonCode: null,
    purposeCode: null,
    ...fields,
    amount,
  };
}

const IBANS = ['NL91ABNA0417164300', 'NL20INGB0001234567', 'NL39RABO0300065264', 'NL02ABNA0123456789', 'NL86INGB0002445588', 'NL44RABO0123459876'];
const iban = (): string => IBANS[sequence % IBANS.length];
const time = (): string => `${10 + (sequence % 9)}:${String(10 + ((sequence * 7) % 50)).padStart(2, '0')}`;

/** ABN AMRO card line: "BEA, Betaalpas   CCV*BAKKERIJ JANSEN,PAS123   NR:CT4X12, 12.03.25/10:15   UTRECHT". */
function abnCard(amount: number, descriptor: string, place: string, wallet = 'Betaalpas'): TransactionDto {
  return tx(amount, { description: `BEA, ${wallet}   ${descriptor},PAS123   NR:CT${1000 + sequence}, ${String(1 + (sequence % 28)).padStart(2, '0')}.05.25/${time()}   ${place}`, transactionType: 'BEA' });
}

/** ING card payment: the merchant as counterparty, a Pasvolgnr line as description. */
function ingCard(amount: number, descriptor: string, place: string, wallet = ''): TransactionDto {
  return tx(amount, {
    counterpartName: `${descriptor} ${place}`,
    transactionTypeName: 'Betaalautomaat',
    description: `Pasvolgnr: 003 ${String(1 + (sequence % 28)).padStart(2, '0')}-05-2025 ${time()} Transactie: ${400000 + sequence * 13} Term: ${sequence * 7 + 1000}${wallet ? ` ${wallet}` : ''}`,
  });
}

/** Rabobank card payment: the merchant in the counterparty field, type code bc, no remittance. */
function raboCard(amount: number, descriptor: string): TransactionDto {
  return tx(amount, { counterpartName: descriptor, transactionType: 'bc', transactionTypeName: 'Betaalautomaat' });
}

/** bunq card payment: "SumUp *Foodtruck Max AMSTERDAM, NL". */
function bunqCard(amount: number, descriptor: string, place: string): TransactionDto {
  return tx(amount, { counterpartName: descriptor, description: `${descriptor} ${place.toUpperCase()}, NL`, transactionTypeName: 'Card payment' });
}

/** ING iDEAL or transfer: "Naam: … Omschrijving: … IBAN: … Kenmerk: …". */
function ingIdeal(amount: number, name: string, remittance: string): TransactionDto {
  return tx(amount, { counterpartName: name, counterpartAccountNumber: iban(), transactionTypeName: 'iDEAL', description: `Naam: ${name} Omschrijving: ${remittance} IBAN: ${iban()} Kenmerk: ${String(7000000000000000 + sequence * 7919)}` });
}

/** ABN AMRO SEPA narrative: "/TRTP/iDEAL/IBAN/…/BIC/…/NAME/…/REMI/…/EREF/…". */
function abnSepa(amount: number, name: string, remittance: string, kind = 'iDEAL', bic = 'ABNANL2A'): TransactionDto {
  return tx(amount, { counterpartName: name, counterpartAccountNumber: iban(), description: `/TRTP/${kind}/IBAN/${iban()}/BIC/${bic}/NAME/${name}/REMI/${remittance}/EREF/${sequence * 104729} ${String(1 + (sequence % 28)).padStart(2, '0')}-05-2025 ${time()}` });
}

/** Rabobank iDEAL or transfer: counterparty in its own field, the bare remittance as description. */
function raboTransfer(amount: number, name: string, remittance: string, type = 'id'): TransactionDto {
  return tx(amount, { counterpartName: name, counterpartAccountNumber: iban(), transactionType: type, description: remittance });
}

/** ING SEPA direct debit collected by a provider for the merchant. */
function ingIncasso(amount: number, creditor: string, remittance: string): TransactionDto {
  return tx(amount, {
    counterpartName: creditor,
    counterpartAccountNumber: iban(),
    transactionTypeName: 'Incasso',
    description: `SEPA Incasso algemeen doorlopend Incassant: NL${20 + (sequence % 70)}ZZZ${30000000 + sequence}0000 Naam: ${creditor} Machtiging: MDT-${100000 + sequence} Omschrijving: ${remittance} IBAN: ${iban()}`,
  });
}

/** An ABN AMRO Tikkie line: "Tikkie ID 000…, what for, Van …, IBAN". */
function tikkie(amount: number, what: string, from: string): TransactionDto {
  return tx(amount, { counterpartName: 'AAB INZ TIKKIE', counterpartAccountNumber: 'NL13ABNA0535212221', description: `Tikkie ID 000${670000000 + sequence * 31}, ${what}, Van ${from}, ${iban()}` });
}

const PAYPAL = 'PayPal Europe S.a.r.l. et Cie S.C.A';
const MOLLIE = 'Stichting Mollie Payments';
const ADYEN = 'Adyen N.V.';
const BUCKAROO = 'Stichting Derdengelden Buckaroo';
const MSP = 'Stichting Derdengelden MultiSafepay';
const STRIPE = 'Stripe Technology Europe Ltd';
const KLARNA = 'Klarna Bank AB (publ)';
const PAYLOGIC = 'Paylogic Tickets B.V.';
const ppRef = (): string => String(1040000000000 + sequence * 977);
const order = (): string => String(20250000 + sequence * 37);

const items: Array<[TransactionDto, Category, CategoriseOptions?]> = [
  // card terminals: CCV, SumUp, Zettle, Square, myPOS, Worldline, Viva in front of a shop or café
  [abnCard(-4.6, 'CCV*BAKKERIJ DE KORENAAR', 'HAARLEM'), 'expenses.groceries'],
  [abnCard(-12.5, 'CCV*EETCAFE DE POSTHOORN', 'DEVENTER'), 'expenses.eating-out'],
  [abnCard(-23.9, 'SumUp  *Kaasboerderij Hoeve', 'GOUDA', 'Apple Pay'), 'expenses.groceries'],
  [abnCard(-7.8, 'Zettle_*Koffiebranderij Ros', 'ARNHEM'), 'expenses.eating-out'],
  [abnCard(-18.0, 'SQ *BLOEMSTUDIO LINDE', 'LEIDEN'), 'expenses.shopping'],
  [abnCard(-31.2, 'CCV*SLAGERIJ VAN ROOIJEN', 'TILBURG'), 'expenses.groceries'],
  [abnCard(-9.5, 'SumUp *IJssalon Venezia', 'SCHEVENINGEN', 'Google Pay'), 'expenses.eating-out'],
  [abnCard(-45.0, 'CCV*FYSIOTHERAPIE OOST', 'ALMERE'), 'expenses.health'],
  [abnCard(-14.0, 'SUMUP *MUSEUM DE WAAG', 'ENKHUIZEN'), 'expenses.leisure'],
  [abnCard(-62.4, 'CCV*TANKSTATION DE HOEF', 'MIJDRECHT'), 'expenses.transport.fuel'],
  [ingCard(-3.8, 'CCV*Warme Bakker Bol', 'ZEIST'), 'expenses.groceries'],
  [ingCard(-27.5, 'SumUp *Pizzeria Da Gino', 'NIJMEGEN', 'Apple Pay'), 'expenses.eating-out'],
  [ingCard(-16.9, 'Zettle_*Boekhandel Plantage', 'AMERSFOORT'), 'expenses.shopping'],
  [ingCard(-8.2, 'iZ *Vishandel Zeezicht', 'IJMUIDEN'), 'expenses.groceries'],
  [ingCard(-11.0, 'SumUp *Foodtruck Smokey Joe', 'BREDA'), 'expenses.eating-out'],
  [ingCard(-39.9, 'CCV*Dierenspeciaalzaak Bello', 'ZWOLLE'), 'expenses.shopping'],
  [ingCard(-22.0, 'CCV*Apotheek Het Spaarne', 'HAARLEM'), 'expenses.health'],
  [ingCard(-5.5, 'SumUp *Poffertjeskraam Piet', 'ALKMAAR'), 'expenses.eating-out'],
  [ingCard(-95.0, 'CCV*Hotel De Wereld', 'WAGENINGEN'), 'expenses.travel'],
  [ingCard(-12.0, 'SQ *Espressobar Kade', 'ROTTERDAM'), 'expenses.eating-out'],
  [raboCard(-6.4, 'CCV*Groentehandel Verhoef'), 'expenses.groceries'],
  [raboCard(-42.0, 'SumUp *Schoenmakerij Hak'), 'expenses.other'],
  [raboCard(-19.5, 'Zettle_*Wijnhandel Okhuysen'), 'expenses.groceries'],
  [raboCard(-8.0, 'CCV*Zwembad De Vennen'), 'expenses.leisure'],
  [raboCard(-24.5, 'SumUp *Lunchroom Het Hofje'), 'expenses.eating-out'],
  [raboCard(-15.0, 'myPOS*Nagelstudio Glam'), 'expenses.shopping'],
  [raboCard(-33.3, 'CCV*Tuincentrum De Boerenhoeve'), 'expenses.shopping'],
  [raboCard(-4.2, 'SumUp *Bakker Bart Kraam'), 'expenses.groceries'],
  [bunqCard(-13.5, 'SumUp *Taqueria Lupita', 'Amsterdam'), 'expenses.eating-out'],
  [bunqCard(-21.0, 'CCV*Drogisterij Ruiter', 'Hoorn'), 'expenses.health'],
  [bunqCard(-7.0, 'Zettle_*Bioscoop Fantasio', 'Purmerend'), 'expenses.leisure'],
  [bunqCard(-17.8, 'SQ *The Coffee Roastery', 'Utrecht'), 'expenses.eating-out'],
  [bunqCard(-28.0, 'SumUp *Kapsalon Knip', 'Delft'), 'expenses.shopping'],
  [bunqCard(-54.0, 'CCV*Restaurant Graaf Floris', 'Haarlem'), 'expenses.eating-out'],
  [bunqCard(-9.9, 'SumUp *Biologische Boerderij', 'Ede'), 'expenses.groceries'],
  [bunqCard(-36.0, 'VIVA*Padelcentrum Noord', 'Groningen'), 'expenses.leisure'],
  // a terminal's descriptor cut at 22 characters
  [abnCard(-5.1, 'CCV*BROODBAKKERIJ VAN D', 'GOES'), 'expenses.groceries'],
  [abnCard(-26.5, 'SUMUP *RISTORANTE BELLA', 'VENLO'), 'expenses.eating-out'],
  // web shops and services behind Mollie, Adyen, Buckaroo, MultiSafepay, Stripe (iDEAL, the remittance names the shop)
  [ingIdeal(-34.95, MOLLIE, `M${order()} ${order()} Bestelling ${order()} Theehuis Lotus`), 'expenses.groceries'],
  [ingIdeal(-59.0, MOLLIE, `${order()} Order ${order()} Fietsonderdelen Online`), 'expenses.shopping'],
  [ingIdeal(-24.0, MOLLIE, `${order()} Tickets Theater De Kolk voorstelling 14 juni`), 'expenses.leisure'],
  [ingIdeal(-89.0, ADYEN, `${order()} 0030${order()} Coolblue bestelling ${order()}`), 'expenses.shopping'],
  [ingIdeal(-42.5, ADYEN, `Thuisbezorgd.nl ${order()} Pizzeria Napoli`), 'expenses.eating-out'],
  [ingIdeal(-119.0, BUCKAROO, `Ordernr ${order()} Kinderkledingwinkel Ukkie`), 'expenses.shopping'],
  [ingIdeal(-12.5, MSP, `Order ${order()} Parkeren Centrum Maastricht`), 'expenses.transport.car'],
  [ingIdeal(-64.0, STRIPE, `Yogastudio Prana 10-rittenkaart ${order()}`), 'expenses.leisure'],
  [ingIdeal(-245.0, MOLLIE, `${order()} Boeking ${order()} Camping De Wielewaal`), 'expenses.travel'],
  [ingIdeal(-17.99, 'Zalando SE via Adyen', `${order()} Zalando`), 'expenses.shopping'],
  [ingIdeal(-32.0, 'Stichting Mollie Payments', `${order()} Donatie Stichting Voedselbank Noord`), 'expenses.charity'],
  [abnSepa(-45.9, MOLLIE, `M${order()} ${order()} Order ${order()} kaasenzo.nl`), 'expenses.groceries'],
  [abnSepa(-22.5, ADYEN, `${order()} 0050${order()} Vakantiepark Hoge Veluwe`, 'iDEAL', 'ADYBNL2A'), 'expenses.travel'],
  [abnSepa(-79.0, BUCKAROO, `${order()} Bestelling Drukkerij Print & Co`), 'expenses.shopping'],
  [abnSepa(-15.0, MSP, `${order()} Dierenkliniek Molenwijk consult`), 'expenses.other'],
  [abnSepa(-99.0, STRIPE, `Escape Room Mystery ${order()}`), 'expenses.leisure'],
  [abnSepa(-27.85, 'Stichting Pay.nl', `${order()} Bestelling ${order()} Koffiebonenwinkel.nl`), 'expenses.groceries'],
  [abnSepa(-36.0, 'Stichting CM Payments', `${order()} Zwemschool Dolfijn lesgeld mei`), 'expenses.leisure'],
  [raboTransfer(-54.95, MOLLIE, `M${order()} ${order()} Webshop Tuinmeubelen Direct`), 'expenses.shopping'],
  [raboTransfer(-11.5, ADYEN, `${order()} NS Internationaal ticket`), 'expenses.travel'],
  [raboTransfer(-29.0, BUCKAROO, `Ordernummer ${order()} Drogisterij Online`), 'expenses.health'],
  [raboTransfer(-74.0, MSP, `Order ${order()} Restaurant De Librije cadeaubon`), 'expenses.eating-out'],
  [raboTransfer(-18.0, 'Stichting Online Payment Platform', `${order()} Huisartsenpraktijk Vondel consult`), 'expenses.health'],
  [raboTransfer(-140.0, STRIPE, `Hotel Brouwerij Texel ${order()}`), 'expenses.travel'],
  // PayPal: the shop in the remittance after the reference
  [abnSepa(-9.99, PAYPAL, `${ppRef()} PAYPAL *SPOTIFY`, 'SEPA Incasso algemeen doorlopend', 'DEUTDEFF'), 'expenses.subscriptions'],
  [ingIncasso(-24.5, PAYPAL, `${ppRef()} PAYPAL *TAKEAWAYCOM`), 'expenses.eating-out'],
  [ingIncasso(-18.0, PAYPAL, `${ppRef()} PAYPAL *NAAIMACHINEWINKEL`), 'expenses.shopping'],
  [ingIncasso(-45.0, PAYPAL, `${ppRef()} PAYPAL *FYSIOPRAKTIJKWEST`), 'expenses.health'],
  [ingIncasso(-12.0, PAYPAL, `${ppRef()} PAYPAL *STEAM GAMES`), 'expenses.leisure'],
  [raboTransfer(-33.0, PAYPAL, `${ppRef()} PayPal Ticketmaster NL`, 'ei'), 'expenses.leisure'],
  [raboTransfer(-29.9, PAYPAL, `${ppRef()} PAYPAL *BOEKWINKELTJE`, 'ei'), 'expenses.shopping'],
  [ingIncasso(-61.0, PAYPAL, `${ppRef()} PAYPAL *AIRBNB`), 'expenses.travel'],
  // Klarna: the shop in the remittance
  [ingIdeal(-79.95, KLARNA, `Betaling aan Wehkamp ${order()}`), 'expenses.shopping'],
  [abnSepa(-35.0, KLARNA, `Klarna ${order()} Betaling voor Bijenkorf`), 'expenses.shopping'],
  [raboTransfer(-49.0, KLARNA, `${order()} Betaling Apotheek Online`), 'expenses.health'],
  // Paylogic: the event, or tickets by itself
  [ingIdeal(-65.0, PAYLOGIC, `Order ${order()} Festival Zomerpark 2025`), 'expenses.leisure'],
  [abnSepa(-42.0, PAYLOGIC, `${order()} Paylogic`), 'expenses.leisure'],
  [raboTransfer(-27.5, PAYLOGIC, `Bestelling ${order()} Dancetour Poppodium`), 'expenses.leisure'],
  // Tikkie: a person's request is money between people; a business's is its trade
  [tikkie(-12.5, 'pizza', 'J de Vries'), 'expenses.to-people'],
  [tikkie(-8.0, 'bioscoopkaartjes', 'S. Bakker'), 'expenses.to-people'],
  [tikkie(-18.5, 'Lunch 12 mei', 'Lunchroom De Smaak'), 'expenses.eating-out'],
  [tikkie(-35.0, 'Factuur 2025-044', 'Fysiotherapie Vondel'), 'expenses.health'],
  [tikkie(15.0, 'etentje', 'M van Dam'), 'income.from-people'],
  // Worldline and other acquirers' own charges to a sole trader who takes cards
  [ingIncasso(-29.5, 'Worldline B.V.', 'Kosten betaalterminal mei 2025'), 'expenses.business', soleTrader],
  [abnSepa(-18.15, 'CCV Group B.V.', 'Huur pinautomaat factuur 2025-05', 'SEPA Incasso algemeen doorlopend'), 'expenses.business', soleTrader],
  [ingIncasso(-7.5, 'SumUp Payments Limited', 'Transactiekosten april SumUp'), 'expenses.business', soleTrader],
  [raboTransfer(-49.0, MOLLIE, `${order()} Bestelling Groothandel Horeca Direct`), 'expenses.business', soleTrader],
  // processor in front, nothing else named: the processor's own meaning
  [raboTransfer(-25.0, PAYPAL, `${ppRef()} PAYPAL`, 'ei'), 'expenses.shopping'],
  [ingIdeal(-30.0, PAYLOGIC, `${order()}`), 'expenses.leisure'],
];

export const processorFrontedSet: readonly ProcessorFrontedItem[] = items.map(([transaction, expected, options]) => ({ transaction, expected, options: options ?? retail }));
