/**
 * The held-out set: transactions printed in the layouts of eight Dutch bank brands (layouts.ts), over the
 * hand-written merchants and remittances of templates.ts, drawn by a seeded generator (same seed, same set).
 * Used only to measure the categoriser; never to tune it (README.md).
 */
import type { TransactionDto, TransactionFlag } from '@obp/contracts';
import { code, creditorId, deterministicGuid, iban, nl } from '../support';
import { splitTemplates, type HeldOutHalf } from './split';
import {
  atmWithdrawal, bankCharge, cardPayment, creditTransfer, directDebit, directDebitReturn, idealPayment, Rng,
  type Account, type BankLayout, type Collection, type Printed, type ReturnReason, type When,
} from './layouts';
import {
  clients, dutchGroceries, foreignTerminals, insuranceProducts, onlineShops, ordinaryCollectors, paylogicEvents, platforms, processors, soleTraderSuppliers,
  softwareByCard, taxOffices, terminalTraders,
} from './templates';

export const heldOutClasses = ['foreign-card', 'processor-fronted', 'payout', 'insurer', 'local-tax', 'bank-fee', 'sole-trader', 'direct-debit', 'refund', 'other'] as const;
export type HeldOutClass = (typeof heldOutClasses)[number];

export interface HeldOutItem {
  transaction: TransactionDto;
  profile: 'retail';
  /** The holder's KvK number when the holder is a sole trader (an e1 retail job with `kvk_number`). */
  kvkNumber: string | null;
  ownIbans: readonly string[];
  expected: { category: string; flags: TransactionFlag[] };
  bank: BankLayout;
  class: HeldOutClass;
  /** The party a person would say was paid or paid them (the shop behind a processor); null for own transfers, ATMs, private persons. */
  merchant: string | null;
  /** The template the item was drawn from: the generator's name for it and the party (`processor-online:<shop>`); items of one template are near copies. */
  template: string;
  /** The half of the dev/test split the template falls in (split.ts). */
  half: HeldOutHalf;
}

export const HELD_OUT_SEED = 270_001;

interface Holder {
  key: string;
  name: string;
  bank: BankLayout;
  pas: string;
  kvkNumber: string | null;
  current: string;
  savings: string;
  /** Another own current account (a joint account, a business account, a bunq sub-account). */
  second: string;
}

const BANK_CODE: Record<BankLayout, string> = { ING: 'INGB', 'ABN AMRO': 'ABNA', Rabobank: 'RABO', bunq: 'BUNQ', Knab: 'KNAB', SNS: 'SNSB', ASN: 'ASNB', Triodos: 'TRIO' };

function holder(key: string, name: string, bank: BankLayout, pas: string, kvkNumber: string | null = null): Holder {
  const bc = BANK_CODE[bank];
  return { key, name, bank, pas, kvkNumber, current: nl(bc, code(`held-out:${key}:current`, 10)), savings: nl(bc, code(`held-out:${key}:savings`, 10)), second: nl(bc, code(`held-out:${key}:second`, 10)) };
}

const households: readonly Holder[] = [
  holder('bakker', 'S. Bakker', 'ING', '012'), holder('el-amrani', 'Y. el Amrani', 'ING', '004'), holder('visser', 'M.J. Visser', 'ABN AMRO', '231'),
  holder('nguyen', 'T.H. Nguyen', 'ABN AMRO', '118'), holder('smit', 'A.C. Smit', 'Rabobank', '017'), holder('kramer', 'E. Kramer-Bos', 'Rabobank', '044'),
  holder('de-graaf', 'L. de Graaf', 'bunq', '1'), holder('mulder', 'P. Mulder', 'Knab', '2'), holder('brouwer', 'H. Brouwer', 'SNS', '009'),
  holder('peters', 'J.A.M. Peters', 'ASN', '003'), holder('van-leeuwen', 'K. van Leeuwen', 'Triodos', '001'),
];

const soleTraders: readonly Holder[] = [
  holder('webdesign-noor', 'N. Jansen h.o.d.n. Studio Noor', 'ING', '007', '81234567'), holder('timmerbedrijf-vos', 'R. Vos h.o.d.n. Timmerbedrijf Vos', 'Rabobank', '021', '72345618'),
  holder('fotografie-kok', 'D. Kok Fotografie', 'Knab', '3', '83456729'), holder('koerier-yildiz', 'E. Yildiz', 'bunq', '2', '85671230'),
  holder('schilder-meijer', 'B. Meijer Schilderwerken', 'ABN AMRO', '402', '61827394'), holder('yoga-dekker', 'I. Dekker Yoga', 'Triodos', '004', '77123498'),
  holder('hovenier-post', 'G. Post Hoveniers', 'SNS', '011', '69012837'), holder('kapper-hendriks', 'F. Hendriks Haarmode', 'ASN', '006', '80091234'),
];

const everyone: readonly Holder[] = [...households, ...soleTraders];

function account(name: string, country: string, bank: string): Account {
  const number = code(`held-out:party:${name}`, 10);
  return { name, iban: country === 'NL' ? nl(bank, number) : iban(country, `${bank}${number}`) };
}

function creditorIdOf(name: string, country = 'NL'): string {
  return creditorId(country, `${code(`held-out:kvk:${name}`, 8)}0000`);
}

function label(category: string, ...flags: TransactionFlag[]): { category: string; flags: TransactionFlag[] } {
  return { category, flags };
}

class Builder {
  readonly items: HeldOutItem[] = [];
  /** The name of the template drawing now (PLAN). */
  drawing = '';

  constructor(readonly rng: Rng) {}

  when(): When {
    const month = this.rng.int(1, 9);
    const day = this.rng.int(1, 28);
    const hour = this.rng.int(7, 22);
    const minute = this.rng.int(0, 59);
    return { date: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
  }

  period(date: string): string {
    const [y, m] = date.split('-');
    return this.rng.next() < 0.5 ? `week ${this.rng.int(1, 38)} ${y}` : `${m}-${y}`;
  }

  collection(name: string, bank: string, remittance: string, country = 'NL'): Collection {
    return {
      creditor: account(name, country, bank), creditorId: creditorIdOf(name, country), mandate: `${code(`held-out:mandate:${name}`, 3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${this.rng.digits(7)}`,
      remittance, endToEnd: this.rng.digits(14), sequence: this.rng.pick(['RCUR', 'RCUR', 'RCUR', 'FRST', 'OOFF'] as const),
    };
  }

  add(h: Holder, date: string, amount: number, printed: Printed, expected: { category: string; flags: TransactionFlag[] }, cls: HeldOutClass, merchant: string | null, onAccount = h.current): void {
    const index = this.items.length;
    const transaction: TransactionDto = {
      id: deterministicGuid('obp-categorisation-eval', 'held-out', 'transaction', String(index)),
      accountId: deterministicGuid('obp-categorisation-eval', 'held-out', 'account', h.key, onAccount),
      amount,
      currency: 'EUR',
      bookingDate: `${date}T00:00:00.000Z`,
      valueDate: `${date}T00:00:00.000Z`,
      description: printed.description,
      counterpartName: printed.counterpartName,
      counterpartAccountNumber: printed.counterpartAccountNumber,
      transactionType: printed.transactionType,
      transactionTypeName: printed.transactionTypeName,
      reasonCode: printed.reasonCode ?? null,
      purposeCode: null,
    };
    const template = merchant === null ? this.drawing : `${this.drawing}:${merchant}`;
    this.items.push({ transaction, profile: 'retail', kvkNumber: h.kvkNumber, ownIbans: [h.current, h.savings, h.second], expected, bank: h.bank, class: cls, merchant, template, half: 'test' });
  }
}

type Template = (b: Builder) => void;

const wallet = (b: Builder): 'Apple Pay' | 'Google Pay' | undefined => (b.rng.next() < 0.25 ? b.rng.pick(['Apple Pay', 'Google Pay'] as const) : undefined);

// ----------------------------------------------------------------------------------------------- foreign card

const foreignCard: Template = (b) => {
  const h = b.rng.pick(everyone);
  const t = b.rng.pick(foreignTerminals);
  const w = b.when();
  const amount = -b.rng.amount(...t.range);
  b.add(h, w.date, amount, cardPayment(h.bank, h.pas, w, { merchant: t.name, city: t.city, country: t.country, wallet: wallet(b) }, false, b.rng), label(t.category), 'foreign-card', t.name);
};

// ------------------------------------------------------------------------------------------ processor-fronted

const TERMINAL_PREFIXES = ['SumUp  *', 'SUMUP *', 'CCV*', 'CCV*', 'Zettle_*', 'iZ *'] as const;

const processorTerminal: Template = (b) => {
  const h = b.rng.pick(everyone);
  const s = b.rng.pick(terminalTraders);
  const prefix = b.rng.pick(TERMINAL_PREFIXES);
  const w = b.when();
  const city = b.rng.pick(['Utrecht', 'Zwolle', 'Haarlem', 'Nijmegen', 'Leeuwarden', 'Middelburg', 'Venlo', 'Alkmaar']);
  b.add(h, w.date, -b.rng.amount(...s.range), cardPayment(h.bank, h.pas, w, { merchant: `${prefix}${s.party}`, city, wallet: wallet(b) }, false, b.rng), label(s.category), 'processor-fronted', s.party);
};

const processorOnline: Template = (b) => {
  const h = b.rng.pick(everyone);
  const s = b.rng.pick(onlineShops);
  const p = b.rng.pick(processors);
  const w = b.when();
  const party = account(p.counterpart, p.bank[0], p.bank[1]);
  const remittance = p.remittance(s, b.rng);
  const printed = b.rng.next() < 0.75 ? idealPayment(h.bank, w, party, remittance, b.rng.digits(16)) : creditTransfer(h.bank, w.date, true, party, remittance);
  b.add(h, w.date, -b.rng.amount(...s.range), printed, label(s.category), 'processor-fronted', s.party);
};

const paylogic: Template = (b) => {
  const h = b.rng.pick(everyone);
  const event = b.rng.pick(paylogicEvents);
  const w = b.when();
  const remittance = event ? `Paylogic order ${b.rng.digits(9)} ${event} tickets` : `Paylogic order ${b.rng.digits(9)}`;
  b.add(h, w.date, -b.rng.amount(25, 260), idealPayment(h.bank, w, account('Stichting Paylogic Derdengelden', 'NL', 'ABNA'), remittance, b.rng.digits(16)), label('expenses.leisure'), 'processor-fronted', event || 'Paylogic');
};

// ---------------------------------------------------------------------------------------------------- payouts

const payout: Template = (b) => {
  const seller = b.rng.next() < 0.55;
  const h = seller ? b.rng.pick(soleTraders) : b.rng.pick(households);
  const p = b.rng.pick(seller ? platforms : platforms.filter((platform) => platform.private));
  const w = b.when();
  const party = account(p.counterpart, p.bank[0], p.bank[1]);
  b.add(h, w.date, b.rng.amount(...p.range), creditTransfer(h.bank, w.date, false, party, p.remittance(b.rng, b.period(w.date))), label(h.kvkNumber ? 'income.business' : 'income.other'), 'payout', p.name);
};

// --------------------------------------------------------------------------------------------------- insurers

const insurance: Template = (b) => {
  const h = b.rng.pick(everyone);
  const p = b.rng.pick(insuranceProducts);
  const w = b.when();
  const month = w.date.slice(0, 7);
  const remittance = `${p.product} ${b.rng.digits(8)} periode ${month}`;
  const category = p.health ? 'expenses.insurance.health' : 'expenses.insurance.other';
  if (b.rng.next() < 0.8) {
    b.add(h, w.date, -b.rng.amount(...p.range), directDebit(h.bank, w.date, b.collection(p.insurer, p.bank, remittance)), label(category, 'direct-debit'), 'insurer', p.insurer);
  } else {
    const yearly = `${p.product.replace(/^Premie /, 'Jaarpremie ')} ${b.rng.digits(8)} betalingskenmerk ${b.rng.digits(16)}`;
    b.add(h, w.date, -b.rng.amount(p.range[0] * 10, p.range[1] * 11), creditTransfer(h.bank, w.date, true, account(p.insurer, 'NL', p.bank), yearly), label(category), 'insurer', p.insurer);
  }
};

// ------------------------------------------------------------------------------------------------- local taxes

const localTax: Template = (b) => {
  const h = b.rng.pick(everyone);
  const o = b.rng.pick(taxOffices);
  const w = b.when();
  const remittance = o.remittance(b.rng, b.rng.int(1, 10));
  const roll = b.rng.next();
  if (roll < 0.7) {
    b.add(h, w.date, -b.rng.amount(...o.range), directDebit(h.bank, w.date, b.collection(o.name, o.bank, remittance)), label('expenses.housing.local-taxes', 'direct-debit'), 'local-tax', o.name);
  } else if (roll < 0.9) {
    b.add(h, w.date, -b.rng.amount(o.range[0] * 6, o.range[1] * 9), creditTransfer(h.bank, w.date, true, account(o.name, 'NL', o.bank), `Betalingskenmerk ${b.rng.digits(16)} ${remittance}`), label('expenses.housing.local-taxes'), 'local-tax', o.name);
  } else {
    b.add(h, w.date, b.rng.amount(12, 140), creditTransfer(h.bank, w.date, false, account(o.name, 'NL', o.bank), `Teruggaaf verminderde aanslag ${b.rng.digits(10)} belastingjaar 2026`), label('income.refund', 'refund'), 'local-tax', o.name);
  }
};

// ---------------------------------------------------------------------------------------------------- bank fees

const ABROAD_ATMS: readonly [string, string, string][] = [
  ['CAIXABANK', 'Barcelona', 'ESP'], ['MULTIBANCO', 'Lisboa', 'PRT'], ['BNP PARIBAS', 'Nice', 'FRA'], ['EURONET', 'Praha', 'CZE'], ['PIRAEUS BANK', 'Rhodos', 'GRC'],
  ['SPARKASSE', 'Muenchen', 'DEU'], ['UNICREDIT', 'Roma', 'ITA'], ['ERSTE BANK', 'Wien', 'AUT'], ['DANSKE BANK', 'Kobenhavn', 'DNK'],
];

function foreignFeeText(bank: BankLayout, atm: readonly [string, string, string], w: When, pas: string): string {
  const [name, city, country] = atm;
  switch (bank) {
    case 'ING': return `Kosten geldopname buitenland ${w.date.split('-').reverse().join('-')} ${name} ${city.toUpperCase()} ${country} Pasvolgnr ${pas}`;
    case 'ABN AMRO': return `Kosten geldopname buiten Nederland GEA ${name} ${city.toUpperCase()} Land: ${country}`;
    case 'Rabobank': return `Kosten geldopname buitenland ${name} ${city.toUpperCase()} ${country} pasnr. ${pas}`;
    case 'bunq': return `ATM withdrawal fee ${name} ${city}, ${country.slice(0, 2)}`;
    case 'Knab': return `Kosten geldopname buitenland ${city} ${country}`;
    case 'SNS':
    case 'ASN': return `Kosten opname geldautomaat buitenland pasnr. ${pas} ${city} ${country}`;
    case 'Triodos': return `Kosten geldopname buiten eurozone ${name} ${city.toUpperCase()} ${country}`;
  }
}

const OTHER_FEES: readonly string[] = [
  'Koersopslag betaling in vreemde valuta', 'Kosten betaalpakket periode', 'Kosten extra betaalpas', 'Debetrente rood staan kwartaal', 'Kosten spoedoverboeking',
  'Kosten creditcard jaarbijdrage', 'Kosten vervangende betaalpas',
];

const bankFee: Template = (b) => {
  const h = b.rng.pick(everyone);
  const w = b.when();
  if (b.rng.next() < 0.7) {
    const atm = b.rng.pick(ABROAD_ATMS);
    b.add(h, w.date, -b.rng.pick([1.5, 2.25, 2.5, 3.0, 4.5, 2.0]), bankCharge(h.bank, foreignFeeText(h.bank, atm, w, h.pas)), label('expenses.bank-fees'), 'bank-fee', null);
  } else {
    b.add(h, w.date, -b.rng.amount(0.5, 12), bankCharge(h.bank, `${b.rng.pick(OTHER_FEES)} ${w.date.slice(0, 7)}`), label('expenses.bank-fees'), 'bank-fee', null);
  }
};

// ------------------------------------------------------------------------------------------------ sole traders

const soleTraderPurchase: Template = (b) => {
  const h = b.rng.pick(soleTraders);
  const s = b.rng.pick(soleTraderSuppliers);
  const w = b.when();
  const amount = -b.rng.amount(...s.range);
  const invoice = `${s.remittance} ${b.rng.digits(8)}`.trim();
  switch (s.how) {
    case 'card':
      b.add(h, w.date, amount, cardPayment(h.bank, h.pas, w, { merchant: s.name, city: s.city, wallet: wallet(b) }, false, b.rng), label('expenses.business'), 'sole-trader', s.name);
      break;
    case 'direct-debit': {
      const country = s.bank === 'DEUT' && s.city !== 'Delft' ? 'DE' : s.bank === 'GEBA' ? 'BE' : 'NL';
      const flags: TransactionFlag[] = s.subscription ? ['direct-debit', 'subscription'] : ['direct-debit'];
      b.add(h, w.date, amount, directDebit(h.bank, w.date, b.collection(s.name, s.bank, invoice, country)), label('expenses.business', ...flags), 'sole-trader', s.name);
      break;
    }
    case 'ideal':
      b.add(h, w.date, amount, idealPayment(h.bank, w, account(s.name, 'NL', s.bank), invoice, b.rng.digits(16)), label('expenses.business'), 'sole-trader', s.name);
      break;
    case 'transfer':
      b.add(h, w.date, amount, creditTransfer(h.bank, w.date, true, account(s.name, 'NL', s.bank), `Factuur ${b.rng.digits(7)} ${s.remittance}`), label('expenses.business'), 'sole-trader', s.name);
      break;
  }
};

const soleTraderSoftwareCard: Template = (b) => {
  const h = b.rng.pick(soleTraders);
  const s = b.rng.pick(softwareByCard);
  const w = b.when();
  b.add(h, w.date, -b.rng.amount(...s.range), cardPayment(h.bank, h.pas, w, { merchant: s.name, city: s.city, country: s.country === 'NLD' ? undefined : s.country }, false, b.rng), label('expenses.business', 'subscription'), 'sole-trader', s.name);
};

const soleTraderGroceries: Template = (b) => {
  const h = b.rng.pick(soleTraders);
  const s = b.rng.pick(dutchGroceries);
  const w = b.when();
  b.add(h, w.date, -b.rng.amount(4, 110), cardPayment(h.bank, h.pas, w, { merchant: s.name, city: s.city, wallet: wallet(b) }, false, b.rng), label('expenses.groceries'), 'sole-trader', s.name);
};

const soleTraderInvoicePaid: Template = (b) => {
  const h = b.rng.pick(soleTraders);
  const c = b.rng.pick(clients);
  const w = b.when();
  const invoiceNo = `${w.date.slice(0, 4)}-${String(b.rng.int(1, 180)).padStart(3, '0')}`;
  const remittance = b.rng.pick([`Factuur ${invoiceNo}`, `Betaling factuur ${invoiceNo}`, `Fac. ${invoiceNo} werkzaamheden`, `Inv ${invoiceNo} ${h.name.split(' ').slice(-2).join(' ')}`]);
  b.add(h, w.date, b.rng.amount(120, 4800), creditTransfer(h.bank, w.date, false, account(c, 'NL', b.rng.pick(['INGB', 'RABO', 'ABNA', 'BNGH'])), remittance, { endToEnd: b.rng.next() < 0.5 ? b.rng.digits(12) : undefined }), label('income.business'), 'sole-trader', c);
};

// ------------------------------------------------------------------------------------------------ direct debits

const ordinaryDebit: Template = (b) => {
  const h = b.rng.pick(everyone);
  const c = b.rng.pick(ordinaryCollectors);
  const w = b.when();
  const remittance = `${c.remittance} ${b.rng.digits(8)} ${w.date.slice(0, 7)}`;
  const flags: TransactionFlag[] = c.subscription ? ['direct-debit', 'subscription'] : ['direct-debit'];
  b.add(h, w.date, -b.rng.amount(...c.range), directDebit(h.bank, w.date, b.collection(c.name, c.bank, remittance)), label(c.category, ...flags), 'direct-debit', c.name);
};

const REASONS: readonly ReturnReason[] = ['MD06', 'MD06', 'AM04', 'MS02', 'MD01', 'AC04', 'MS03', 'SL01'];

const debitReturn: Template = (b) => {
  const h = b.rng.pick(everyone);
  const c = b.rng.pick([...ordinaryCollectors, ...insuranceProducts.map((p) => ({ name: p.insurer, bank: p.bank, remittance: p.product, range: p.range }))]);
  const w = b.when();
  const remittance = `${c.remittance} ${b.rng.digits(8)} ${w.date.slice(0, 7)}`;
  b.add(h, w.date, b.rng.amount(...c.range), directDebitReturn(h.bank, w.date, b.collection(c.name, c.bank, remittance), b.rng.pick(REASONS)), label('income.refund', 'returned-direct-debit'), 'direct-debit', c.name);
};

// --------------------------------------------------------------------------------------------------- refunds

const REFUND_SHOPS: readonly { name: string; city: string }[] = [
  { name: 'MediaMarkt', city: 'Eindhoven' }, { name: 'Decathlon', city: 'Amsterdam' }, { name: 'Fietsenwinkel Rijwielhuis Zuid', city: 'Arnhem' }, { name: 'Schoenenreus', city: 'Almere' },
  { name: 'Kledingzaak Het Pashokje', city: 'Leiden' }, { name: 'Intratuin', city: 'Duiven' }, { name: 'Primera', city: 'Hoorn' }, { name: 'Hema', city: 'Tilburg' },
];

const REFUND_ABROAD: readonly [string, string, string][] = [
  ['DEVOLUCION EL CORTE INGLES', 'Madrid', 'ESP'], ['REMBOURSEMENT FNAC', 'Paris', 'FRA'], ['ERSTATTUNG MEDIAMARKT', 'Koeln', 'DEU'], ['RIMBORSO ZARA', 'Milano', 'ITA'],
];

const REFUNDERS: readonly [string, string, string][] = [
  ['Coolblue B.V.', 'INGB', 'Terugbetaling retour bestelling'], ['Zalando SE', 'DEUT', 'Retour Zalando terugbetaling order'], ['Fietsonderdelen-online.nl', 'RABO', 'Terugstorting retourzending order'],
  ['Wehkamp Retail Group', 'ABNA', 'Creditnota retour'], ['Transavia Airlines', 'INGB', 'Refund geannuleerde vlucht boeking'], ['NS Reizigers', 'INGB', 'Geld terug bij vertraging reis'],
  ['Eneco Consumenten B.V.', 'INGB', 'Teruggave jaarafrekening energie klantnr'], ['Belastingdienst', 'INGB', 'Teruggaaf inkomstenbelasting 2025 aanslagnr'],
  ['Zilveren Kruis', 'INGB', 'Uitbetaling declaratie fysiotherapie relatienr'], ['CZ', 'INGB', 'Vergoeding declaratie tandarts relatienr'],
  ['Kinderopvang 2Samen', 'RABO', 'Creditfactuur te veel gefactureerde uren'], ['Hotel Zeezicht Domburg', 'RABO', 'Terugbetaling aanbetaling annulering'],
];

const cardRefund: Template = (b) => {
  const h = b.rng.pick(everyone);
  const w = b.when();
  if (b.rng.next() < 0.7) {
    const s = b.rng.pick(REFUND_SHOPS);
    b.add(h, w.date, b.rng.amount(8, 260), cardPayment(h.bank, h.pas, w, { merchant: s.name, city: s.city }, true, b.rng), label('income.refund', 'refund'), 'refund', s.name);
  } else {
    const [name, city, country] = b.rng.pick(REFUND_ABROAD);
    b.add(h, w.date, b.rng.amount(10, 180), cardPayment(h.bank, h.pas, w, { merchant: name, city, country }, true, b.rng), label('income.refund', 'refund'), 'refund', name.split(' ').slice(1).join(' '));
  }
};

const transferRefund: Template = (b) => {
  const h = b.rng.pick(everyone);
  const [name, bank, text] = b.rng.pick(REFUNDERS);
  const w = b.when();
  b.add(h, w.date, b.rng.amount(6, 420), creditTransfer(h.bank, w.date, false, account(name, name === 'Zalando SE' ? 'DE' : 'NL', bank), `${text} ${b.rng.digits(9)}`, { endToEnd: b.rng.next() < 0.4 ? b.rng.digits(12) : undefined }), label('income.refund', 'refund'), 'refund', name);
};

// ------------------------------------------------------------------------------------------------------ other

const EMPLOYERS: readonly [string, string][] = [
  ['Gemeente Zwolle', 'BNGH'], ['Stichting Jeugdzorg Drenthe', 'RABO'], ['Van Oord Dredging B.V.', 'ABNA'], ['Bakkerij Bart B.V.', 'RABO'], ['Rijksuniversiteit Groningen', 'ABNA'],
  ['Isala Klinieken', 'ABNA'], ['Thales Nederland B.V.', 'INGB'], ['Logistiek Centrum Tiel B.V.', 'RABO'],
];
const LANDLORDS: readonly [string, string][] = [['Woonstichting Vidomes', 'BNGH'], ['Stichting Lefier', 'ABNA'], ['Vastgoedbeheer Rijnmond B.V.', 'INGB'], ['J.W. Schouten', 'RABO']];
const PEOPLE: readonly string[] = ['M. van den Berg', 'Sanne de Wit', 'A. Yilmaz', 'Pieter Hoekstra', 'L. Jansen', 'Fatima Bouzid', 'Ruud en Ineke Koster'];

const salary: Template = (b) => {
  const h = b.rng.pick(households);
  const [name, bank] = b.rng.pick(EMPLOYERS);
  const w = b.when();
  const month = w.date.slice(0, 7);
  b.add(h, w.date, b.rng.amount(1800, 4900), creditTransfer(h.bank, w.date, false, account(name, 'NL', bank), b.rng.pick([`Salaris ${month} pers.nr ${b.rng.digits(6)}`, `SALARIS ${month}`, `Loon periode ${month} werknemer ${b.rng.digits(5)}`]), { endToEnd: b.rng.digits(12) }), label('income.salary'), 'other', name);
};

const rent: Template = (b) => {
  const h = b.rng.pick(households);
  const [name, bank] = b.rng.pick(LANDLORDS);
  const w = b.when();
  b.add(h, w.date, -b.rng.amount(620, 1650), creditTransfer(h.bank, w.date, true, account(name, 'NL', bank), `Huur ${w.date.slice(0, 7)} ${b.rng.pick(['Dorpsstraat 12', 'Kerkweg 4a', 'Molenlaan 81', 'Prinsengracht 233-II'])}`, { standingOrder: true }), label('expenses.housing.rent'), 'other', name);
};

const ownTransfer: Template = (b) => {
  const h = b.rng.pick(everyone);
  const w = b.when();
  const toSavings = b.rng.next() < 0.55;
  const out = b.rng.next() < 0.6;
  const other: Account = { name: h.name, iban: toSavings ? h.savings : h.second };
  const remittance = toSavings ? b.rng.pick(['Sparen', 'Naar spaarrekening', 'Van spaarrekening', 'Buffer']) : b.rng.pick(['Huishoudpot', 'Overboeking eigen rekening', h.kvkNumber ? 'Privé opname' : 'Vaste lasten', '']);
  b.add(h, w.date, (out ? -1 : 1) * b.rng.amount(25, 1500), creditTransfer(h.bank, w.date, out, other, remittance), label(toSavings ? 'transfers.savings' : 'transfers.own-accounts', 'internal-transfer'), 'other', null);
};

const personTransfer: Template = (b) => {
  const h = b.rng.pick(households);
  const person = b.rng.pick(PEOPLE);
  const w = b.when();
  const out = b.rng.next() < 0.5;
  const party = account(person, 'NL', b.rng.pick(['INGB', 'RABO', 'ABNA', 'SNSB', 'BUNQ']));
  const remittance = b.rng.pick(['Verjaardagscadeau', 'Etentje zaterdag', 'Voorschot vakantie', 'Terug van de boodschappen', 'Kaartjes concert']);
  b.add(h, w.date, (out ? -1 : 1) * b.rng.amount(5, 180), creditTransfer(h.bank, w.date, out, party, remittance), label(out ? 'expenses.to-people' : 'income.from-people'), 'other', null);
};

const dutchCard: Template = (b) => {
  const h = b.rng.pick(households);
  const s = b.rng.pick(dutchGroceries);
  const w = b.when();
  b.add(h, w.date, -b.rng.amount(3, 140), cardPayment(h.bank, h.pas, w, { merchant: s.name, city: s.city, wallet: wallet(b) }, false, b.rng), label('expenses.groceries'), 'other', s.name);
};

const atm: Template = (b) => {
  const h = b.rng.pick(everyone);
  const w = b.when();
  if (b.rng.next() < 0.5) {
    const [name, city, country] = b.rng.pick(ABROAD_ATMS);
    b.add(h, w.date, -b.rng.pick([20, 50, 100, 150, 200]), atmWithdrawal(h.bank, h.pas, w, name, city, country, b.rng), label('expenses.cash', 'cash-withdrawal'), 'other', null);
  } else {
    b.add(h, w.date, -b.rng.pick([20, 50, 70, 100]), atmWithdrawal(h.bank, h.pas, w, b.rng.pick(['Geldmaat Stationsplein', 'Geldmaat Markt', 'Geldmaat Winkelcentrum']), b.rng.pick(['Zwolle', 'Utrecht', 'Assen']), undefined, b.rng), label('expenses.cash', 'cash-withdrawal'), 'other', null);
  }
};

/** How many of each template the set draws, under the name that starts its items' template keys. */
const PLAN: readonly [string, Template, number][] = [
  ['foreign-card', foreignCard, 400],
  ['processor-terminal', processorTerminal, 180], ['processor-online', processorOnline, 170], ['paylogic', paylogic, 25],
  ['payout', payout, 130],
  ['insurance', insurance, 120],
  ['local-tax', localTax, 90],
  ['bank-fee', bankFee, 80],
  ['sole-trader-purchase', soleTraderPurchase, 150], ['sole-trader-software-card', soleTraderSoftwareCard, 30], ['sole-trader-groceries', soleTraderGroceries, 40], ['sole-trader-invoice-paid', soleTraderInvoicePaid, 60],
  ['ordinary-debit', ordinaryDebit, 110], ['debit-return', debitReturn, 45],
  ['card-refund', cardRefund, 60], ['transfer-refund', transferRefund, 60],
  ['salary', salary, 30], ['rent', rent, 20], ['own-transfer', ownTransfer, 45], ['person-transfer', personTransfer, 30], ['dutch-card', dutchCard, 30], ['atm', atm, 30],
];

/** Builds the held-out set from `seed` (the published set uses HELD_OUT_SEED). */
export function buildHeldOutSet(seed = HELD_OUT_SEED): HeldOutItem[] {
  const b = new Builder(new Rng(seed));
  for (const [name, template, count] of PLAN) {
    b.drawing = name;
    for (let i = 0; i < count; i++) template(b);
  }
  const halves = splitTemplates(b.items.map((item) => item.template));
  for (const item of b.items) item.half = halves.get(item.template) ?? 'test';
  return b.items;
}

export const heldOutSet: readonly HeldOutItem[] = buildHeldOutSet();


