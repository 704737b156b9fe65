/**
 * How each bank prints a transaction in its statement and API: the description, counterparty and type
 * code fields of one booking, per bank layout. Written from the banks' own statement exports (CSV, MT940
 * `:86:` and camt.053 narratives as their apps show them); only references (terminal ids, end-to-end ids,
 * PayPal and Mollie ids) are filled in from a seeded generator.
 */
import type { TransactionDto } from '@obp/contracts';

export const bankLayouts = ['ING', 'ABN AMRO', 'Rabobank', 'bunq', 'Knab', 'SNS', 'ASN', 'Triodos'] as const;
export type BankLayout = (typeof bankLayouts)[number];

/** The fields of a booking a layout fills in. */
export type Printed = Pick<TransactionDto, 'description' | 'counterpartName' | 'counterpartAccountNumber' | 'transactionType' | 'transactionTypeName' | 'reasonCode'>;

/** A seeded source of references and choices (mulberry32). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(this.int(i === 0 ? 1 : 0, 9));
    return out;
  }

  alnum(length: number): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }

  /** An amount in euros between min and max, with cents. */
  amount(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 100) / 100;
  }
}

/** A `YYYY-MM-DD` day and time the booking happened. */
export interface When {
  date: string;
  time: string;
}

export interface CardLine {
  /** The merchant as the terminal prints it ("MERCADONA AV ANDALUCIA", "SumUp *Visspecialist Van Dam"). */
  merchant: string;
  city: string;
  /** ISO 3166 alpha-3 as banks print it; absent in the Netherlands. */
  country?: string;
  wallet?: 'Apple Pay' | 'Google Pay';
}

export interface Account {
  name: string;
  iban: string;
}

export interface Collection {
  creditor: Account;
  creditorId: string;
  mandate: string;
  remittance: string;
  endToEnd: string;
  /** First, recurring or one-off collection. */
  sequence: 'FRST' | 'RCUR' | 'OOFF';
}

const ALPHA2: Record<string, string> = {
  ESP: 'ES', FRA: 'FR', DEU: 'DE', ITA: 'IT', GRC: 'GR', PRT: 'PT', BEL: 'BE', AUT: 'AT', HRV: 'HR', LUX: 'LU', IRL: 'IE', USA: 'US', GBR: 'GB', CZE: 'CZ', DNK: 'DK', CHE: 'CH',
};

const BIC_BY_BANK_CODE: Record<string, string> = {
  INGB: 'INGBNL2A', ABNA: 'ABNANL2A', RABO: 'RABONL2U', BUNQ: 'BUNQNL2A', KNAB: 'KNABNL2H', SNSB: 'SNSBNL2A', ASNB: 'ASNBNL21', TRIO: 'TRIONL2U', BNGH: 'BNGHNL2G',
  RBRB: 'RBRBNL21', DEUT: 'DEUTNL2A', NWAB: 'NWABNL2G', ADYB: 'ADYBNL2A', FVLB: 'FVLBNL22',
};

export function bicOf(iban: string): string {
  if (iban.startsWith('NL')) return BIC_BY_BANK_CODE[iban.slice(4, 8)] ?? 'INGBNL2A';
  return { DE: 'DEUTDEFF', LT: 'REVOLT21', IE: 'CITIIE2X', LU: 'BCEELULL', BE: 'GEBABEBB', FR: 'BNPAFRPP', GB: 'BARCGB22', SE: 'ESSESESS' }[iban.slice(0, 2)] ?? 'DEUTDEFF';
}

function alpha2(country: string | undefined): string {
  if (!country) return 'NL';
  const code = ALPHA2[country];
  if (!code) throw new Error(`no 2-letter code for ${country}`);
  return code;
}

function dmy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

function dotShort(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y.slice(2)}`;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

const SEQUENCE_WORDS: Record<Collection['sequence'], string> = { FRST: 'Eerste incasso', RCUR: 'Doorlopende incasso', OOFF: 'Eenmalige incasso' };

/** A payment (amount < 0) or a refund (amount > 0) with a debit card at a terminal. */
export function cardPayment(bank: BankLayout, pas: string, when: When, line: CardLine, refund: boolean, rng: Rng): Printed {
  const CITY = line.city.toUpperCase();
  const land = line.country ?? '';
  const wallet = line.wallet ? ` ${line.wallet}` : '';
  switch (bank) {
    case 'ABN AMRO':
      return {
        description: `${refund ? 'BEA, Terugboeking' : 'BEA,'} ${line.wallet ?? 'Betaalpas'}   ${line.merchant},PAS${pas} NR:${rng.alnum(8)}, ${dotShort(when.date)}/${when.time} ${CITY}${land ? `, Land: ${land}` : ''}`,
        counterpartName: line.merchant, counterpartAccountNumber: null, transactionType: 'ba', transactionTypeName: 'Betaalautomaat', reasonCode: null,
      };
    case 'ING':
      return {
        description: `Pasvolgnr: ${pas} ${dmy(when.date)} ${when.time} ${refund ? 'Terugboeking ' : ''}Transactie: ${rng.alnum(8)} Term: ${rng.alnum(8)}${wallet} Valutadatum: ${dmy(when.date)}`,
        counterpartName: `${line.merchant} ${CITY}${land ? ` ${land}` : ''}`, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat', reasonCode: null,
      };
    case 'Rabobank':
      return {
        description: `${refund ? 'Terugboeking betaalautomaat' : 'Betaalautomaat'} ${dmy(when.date)} ${when.time} pasnr. ${pas}${wallet}${land ? ` ${land}` : ''}`,
        counterpartName: `${line.merchant} ${CITY}`, counterpartAccountNumber: null, transactionType: 'bc', transactionTypeName: 'Betaalautomaat', reasonCode: null,
      };
    case 'bunq':
      return {
        description: `${refund ? 'Refund: ' : ''}${line.merchant} ${titleCase(line.city)}, ${alpha2(line.country)}`,
        counterpartName: line.merchant, counterpartAccountNumber: null, transactionType: 'MASTERCARD', transactionTypeName: refund ? 'Terugbetaling' : 'Kaartbetaling', reasonCode: null,
      };
    case 'Knab':
      return {
        description: `${refund ? 'Terugboeking pinbetaling' : 'Betaalpas'} ${line.merchant} ${CITY}${land ? ` ${land}` : ''} ${dmy(when.date)} ${when.time}${wallet}`,
        counterpartName: line.merchant, counterpartAccountNumber: null, transactionType: 'PIN', transactionTypeName: 'Pinbetaling', reasonCode: null,
      };
    case 'SNS':
    case 'ASN':
      return {
        description: `${refund ? 'Terugboeking betaalautomaat' : 'Betaalautomaat'} ${when.time} pasnr. ${pas} ${line.merchant} ${titleCase(line.city)}${land ? ` ${land}` : ''}${wallet}`,
        counterpartName: line.merchant, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat', reasonCode: null,
      };
    case 'Triodos':
      return {
        description: `${refund ? 'Terugboeking BEA' : 'BEA'} ${line.merchant} ${CITY}${land ? ` ${land}` : ''} ${dmy(when.date).slice(0, 6)}${when.date.slice(2, 4)} ${when.time} pas ${pas}${wallet}`,
        counterpartName: line.merchant, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat', reasonCode: null,
      };
  }
}

/** A cash withdrawal at an ATM (`location` as the ATM prints it). */
export function atmWithdrawal(bank: BankLayout, pas: string, when: When, location: string, city: string, country: string | undefined, rng: Rng): Printed {
  const CITY = city.toUpperCase();
  const land = country ?? '';
  switch (bank) {
    case 'ABN AMRO':
      return { description: `GEA, Betaalpas   ${location},PAS${pas} NR:${rng.alnum(8)}, ${dotShort(when.date)}/${when.time} ${CITY}${land ? `, Land: ${land}` : ''}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'gm', transactionTypeName: 'Geldautomaat', reasonCode: null };
    case 'ING':
      return { description: `Pasvolgnr: ${pas} ${dmy(when.date)} ${when.time} Transactie: ${rng.alnum(8)} Term: ${rng.alnum(8)} Valutadatum: ${dmy(when.date)}`, counterpartName: `${location} ${CITY}${land ? ` ${land}` : ''}`, counterpartAccountNumber: null, transactionType: 'GM', transactionTypeName: 'Geldautomaat', reasonCode: null };
    case 'Rabobank':
      return { description: `Geldautomaat ${dmy(when.date)} ${when.time} pasnr. ${pas}${land ? ` ${land}` : ''}`, counterpartName: `${location} ${CITY}`, counterpartAccountNumber: null, transactionType: 'ga', transactionTypeName: 'Geldautomaat', reasonCode: null };
    case 'bunq':
      return { description: `${location} ${titleCase(city)}, ${alpha2(country)}`, counterpartName: location, counterpartAccountNumber: null, transactionType: 'MASTERCARD', transactionTypeName: 'Geldopname', reasonCode: null };
    case 'Knab':
      return { description: `Geldopname ${location} ${CITY}${land ? ` ${land}` : ''} ${dmy(when.date)} ${when.time}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GELD', transactionTypeName: 'Geldopname', reasonCode: null };
    case 'SNS':
    case 'ASN':
      return { description: `Geldautomaat ${when.time} pasnr. ${pas} ${location} ${titleCase(city)}${land ? ` ${land}` : ''}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GA', transactionTypeName: 'Geldautomaat', reasonCode: null };
    case 'Triodos':
      return { description: `GEA ${location} ${CITY}${land ? ` ${land}` : ''} ${dmy(when.date)} ${when.time} pas ${pas}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GA', transactionTypeName: 'Geldautomaat', reasonCode: null };
  }
}

/** A SEPA core direct debit collected from the account. */
export function directDebit(bank: BankLayout, date: string, c: Collection): Printed {
  const name = c.creditor.name;
  switch (bank) {
    case 'ABN AMRO':
      return {
        description: `/TRTP/SEPA Incasso algemeen doorlopend/CSID/${c.creditorId}/NAME/${name}/MARF/${c.mandate}/REMI/${c.remittance}/IBAN/${c.creditor.iban}/BIC/${bicOf(c.creditor.iban)}/EREF/${c.endToEnd}`,
        counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'ei', transactionTypeName: 'SEPA Incasso', reasonCode: null,
      };
    case 'ING':
      return {
        description: `Naam: ${name} Omschrijving: ${c.remittance} IBAN: ${c.creditor.iban} Kenmerk: ${c.endToEnd} Machtiging ID: ${c.mandate} Incassant ID: ${c.creditorId} ${SEQUENCE_WORDS[c.sequence]} Valutadatum: ${dmy(date)}`,
        counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'IC', transactionTypeName: 'Incasso', reasonCode: null,
      };
    case 'Rabobank':
      return { description: `${c.remittance} Kenmerk: ${c.endToEnd} Machtiging: ${c.mandate} Incassant ID: ${c.creditorId}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'ei', transactionTypeName: 'Euro-incasso', reasonCode: null };
    case 'bunq':
      return { description: c.remittance, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'SEPA_DIRECT_DEBIT', transactionTypeName: 'Incasso', reasonCode: null };
    case 'Knab':
      return { description: `Incasso ${name} ${c.remittance} Machtiging: ${c.mandate} Incassant: ${c.creditorId}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'INC', transactionTypeName: 'Incasso', reasonCode: null };
    case 'SNS':
    case 'ASN':
      return { description: `Europese incasso door: ${name} ${c.remittance} Incassant ID: ${c.creditorId} Kenmerk machtiging: ${c.mandate}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'EI', transactionTypeName: 'Europese incasso', reasonCode: null };
    case 'Triodos':
      return { description: `Incasso ${c.creditor.iban} ${name} ${c.remittance} Incassant: ${c.creditorId} Machtiging: ${c.mandate}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'IC', transactionTypeName: 'Incasso', reasonCode: null };
  }
}

/** SEPA return reason codes (ISO 20022 ExternalReturnReason) and the Dutch text banks print beside them. */
export const returnReasons = {
  MD06: 'Terugboeking op verzoek van de rekeninghouder',
  AM04: 'Onvoldoende saldo',
  MS02: 'Geweigerd door de betaler',
  MD01: 'Geen machtiging',
  AC04: 'Rekening opgeheven',
  MS03: 'Reden niet gespecificeerd',
  SL01: 'Specifieke dienst van de bank',
} as const;
export type ReturnReason = keyof typeof returnReasons;

/** The reversal of a collection: the money comes back with a return reason. */
export function directDebitReturn(bank: BankLayout, date: string, c: Collection, reason: ReturnReason): Printed {
  const name = c.creditor.name;
  const text = returnReasons[reason];
  switch (bank) {
    case 'ABN AMRO':
      return {
        description: `/TRTP/SEPA Incasso algemeen doorlopend/RTRN/${reason}/CSID/${c.creditorId}/NAME/${name}/MARF/${c.mandate}/REMI/${c.remittance}/IBAN/${c.creditor.iban}/BIC/${bicOf(c.creditor.iban)}/EREF/${c.endToEnd}`,
        counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'ei', transactionTypeName: 'SEPA Incasso', reasonCode: reason,
      };
    case 'ING':
      return {
        description: `Naam: ${name} Omschrijving: Terugboeking ${c.remittance} IBAN: ${c.creditor.iban} Kenmerk: ${c.endToEnd} Machtiging ID: ${c.mandate} Incassant ID: ${c.creditorId} Reden: ${reason} ${text} Valutadatum: ${dmy(date)}`,
        counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'IC', transactionTypeName: 'Incasso', reasonCode: reason,
      };
    case 'Rabobank':
      return { description: `Storno ${c.remittance} Reden: ${reason} ${text} Machtiging: ${c.mandate}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'ei', transactionTypeName: 'Euro-incasso', reasonCode: reason };
    case 'bunq':
      return { description: `Returned direct debit ${c.remittance} (${reason})`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'SEPA_DIRECT_DEBIT', transactionTypeName: 'Storno', reasonCode: reason };
    case 'Knab':
      return { description: `Storno incasso ${name} ${c.remittance} Reden ${reason} ${text}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'INC', transactionTypeName: 'Storno', reasonCode: reason };
    case 'SNS':
    case 'ASN':
      return { description: `Terugboeking europese incasso door: ${name} ${c.remittance} Reden: ${reason} ${text}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'EI', transactionTypeName: 'Europese incasso', reasonCode: reason };
    case 'Triodos':
      return { description: `Retour incasso ${c.creditor.iban} ${name} ${c.remittance} Reden: ${reason}`, counterpartName: name, counterpartAccountNumber: c.creditor.iban, transactionType: 'IC', transactionTypeName: 'Storno incasso', reasonCode: reason };
  }
}

export interface TransferOptions {
  endToEnd?: string;
  standingOrder?: boolean;
}

/** A SEPA credit transfer: to `party` (amount < 0) or from `party` (amount > 0). */
export function creditTransfer(bank: BankLayout, date: string, out: boolean, party: Account, remittance: string, o: TransferOptions = {}): Printed {
  const eref = o.endToEnd;
  switch (bank) {
    case 'ABN AMRO':
      return {
        description: `/TRTP/${o.standingOrder ? 'SEPA Periodieke overboeking' : 'SEPA OVERBOEKING'}/IBAN/${party.iban}/BIC/${bicOf(party.iban)}/NAME/${party.name}/REMI/${remittance}/EREF/${eref ?? 'NOTPROVIDED'}`,
        counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'tb', transactionTypeName: 'SEPA Overboeking', reasonCode: null,
      };
    case 'ING':
      return {
        description: `Naam: ${party.name} Omschrijving: ${remittance} IBAN: ${party.iban}${eref ? ` Kenmerk: ${eref}` : ''} Valutadatum: ${dmy(date)}`,
        counterpartName: party.name, counterpartAccountNumber: party.iban,
        transactionType: out ? 'GT' : 'OV', transactionTypeName: out ? (o.standingOrder ? 'Periodieke overboeking' : 'Online bankieren') : 'Overschrijving', reasonCode: null,
      };
    case 'Rabobank':
      return {
        description: eref ? `${remittance} Betalingskenm.: ${eref}` : remittance,
        counterpartName: party.name, counterpartAccountNumber: party.iban,
        transactionType: out ? 'tb' : eref ? 'cb' : 'ov', transactionTypeName: out ? (o.standingOrder ? 'Periodieke overboeking' : 'Online bankieren') : eref ? 'Crediteurenbetaling' : 'Overschrijving', reasonCode: null,
      };
    case 'bunq':
      return { description: remittance, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: party.iban.slice(4, 8) === 'BUNQ' ? 'BUNQ' : 'EBA_SCT', transactionTypeName: 'Overboeking', reasonCode: null };
    case 'Knab':
      return { description: `${out ? 'Overboeking naar' : 'Ontvangen van'} ${party.name} ${party.iban} ${remittance}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'OVB', transactionTypeName: 'Overboeking', reasonCode: null };
    case 'SNS':
    case 'ASN':
      return { description: `Overboeking ${out ? 'naar' : 'van'} ${party.iban} ${party.name} ${remittance}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'OV', transactionTypeName: o.standingOrder ? 'Periodieke overboeking' : 'Overboeking', reasonCode: null };
    case 'Triodos':
      return { description: `${party.iban} ${party.name} ${remittance}${eref ? ` ${eref}` : ''}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: out ? 'OV' : 'OVB', transactionTypeName: 'Overboeking', reasonCode: null };
  }
}

/** An iDEAL payment (or iDEAL|Wero) to `party`; `reference` is the acquirer's transaction reference. */
export function idealPayment(bank: BankLayout, when: When, party: Account, remittance: string, reference: string): Printed {
  switch (bank) {
    case 'ABN AMRO':
      return { description: `/TRTP/iDEAL/IBAN/${party.iban}/BIC/${bicOf(party.iban)}/NAME/${party.name}/REMI/${remittance}/EREF/${dmy(when.date)} ${when.time} ${reference}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'id', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'ING':
      return { description: `Naam: ${party.name} Omschrijving: ${remittance} IBAN: ${party.iban} Kenmerk: ${dmy(when.date)} ${when.time} ${reference} Valutadatum: ${dmy(when.date)}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'Rabobank':
      return { description: `${remittance} ${reference}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'id', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'bunq':
      return { description: remittance, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'IDEAL', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'Knab':
      return { description: `iDEAL betaling ${party.name} ${reference} ${remittance}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'IDEAL', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'SNS':
    case 'ASN':
      return { description: `iDEAL ${party.iban} ${party.name} ${reference} ${remittance}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL', reasonCode: null };
    case 'Triodos':
      return { description: `iDEAL ${party.name} ${remittance} ${reference}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL', reasonCode: null };
  }
}

/** The name a bank books its own charges and interest under, and its type code for them. */
const BANK_SELF: Record<BankLayout, { name: string | null; type: string; typeName: string }> = {
  'ABN AMRO': { name: 'ABN AMRO Bank N.V.', type: 'db', typeName: 'Kosten' },
  ING: { name: 'Kosten', type: 'DV', typeName: 'Diversen' },
  Rabobank: { name: 'Rabobank', type: 'db', typeName: 'Diverse boekingen' },
  bunq: { name: 'bunq', type: 'BUNQ', typeName: 'Kosten' },
  Knab: { name: 'Knab', type: 'KOST', typeName: 'Kosten' },
  SNS: { name: null, type: 'KN', typeName: 'Kosten' },
  ASN: { name: null, type: 'KN', typeName: 'Kosten' },
  Triodos: { name: 'Triodos Bank', type: 'KO', typeName: 'Kosten' },
};

/** A charge the bank books itself. */
export function bankCharge(bank: BankLayout, description: string): Printed {
  const self = BANK_SELF[bank];
  return { description, counterpartName: self.name, counterpartAccountNumber: null, transactionType: self.type, transactionTypeName: self.typeName, reasonCode: null };
}
