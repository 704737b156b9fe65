/**
 * How the banks of the fresh processor-fronted set print the four kinds of booking it holds: a card payment at a
 * terminal, an iDEAL payment, a credit transfer and a SEPA direct debit. Written for this set from how the banks'
 * apps and CSV exports show them, independently of the held-out set's layouts.ts.
 */
import type { TransactionDto } from '@obp/contracts';

export const freshBanks = ['ING', 'ABN AMRO', 'Rabobank', 'Knab', 'SNS', 'ASN', 'bunq', 'Triodos'] as const;
export type FreshBank = (typeof freshBanks)[number];

export type Printed = Pick<TransactionDto, 'description' | 'counterpartName' | 'counterpartAccountNumber' | 'transactionType' | 'transactionTypeName'>;

/** When the booking happened: a `YYYY-MM-DD` day and an `hh:mm` time. */
export interface Moment {
  date: string;
  time: string;
}

function dashed({ date }: Moment): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

function dotted({ date }: Moment): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y.slice(2)}`;
}

export interface Terminal {
  /** The descriptor as the terminal sends it ("SumUp  *Bakkerij Hofstede", "CCV*SLAGERIJ BRINKHUIS"). */
  descriptor: string;
  city: string;
  /** Paid with a phone. */
  wallet: boolean;
  cardSequence: string;
  /** The bank's transaction and terminal references. */
  reference: string;
  terminalId: string;
  /** This bank's variant of its own layout (some banks print two). */
  variant: number;
}

export function terminalPayment(bank: FreshBank, at: Moment, t: Terminal): Printed {
  const CITY = t.city.toUpperCase();
  switch (bank) {
    case 'ING':
      return {
        counterpartName: t.variant % 2 === 0 ? `${t.descriptor} ${CITY}` : t.descriptor,
        description: `Pasvolgnr: ${t.cardSequence} ${dashed(at)} ${at.time} Transactie: ${t.reference} Term: ${t.terminalId}${t.wallet ? ' Apple Pay' : ''} Valutadatum: ${dashed(at)}`,
        counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
      };
    case 'ABN AMRO':
      return t.variant % 2 === 0
        ? {
            counterpartName: null,
            description: `BEA, ${t.wallet ? 'Google Pay' : 'Betaalpas'}                   ${t.descriptor},PAS${t.cardSequence} NR:${t.reference}, ${dotted(at)}/${at.time} ${CITY}`,
            counterpartAccountNumber: null, transactionType: 'ba', transactionTypeName: 'Betaalautomaat',
          }
        : {
            counterpartName: t.descriptor,
            description: `BEA   NR:${t.reference} ${dotted(at)}/${at.time.replace(':', '.')} ${t.descriptor},PAS${t.cardSequence} ${CITY}`,
            counterpartAccountNumber: null, transactionType: 'ba', transactionTypeName: 'Betaalautomaat',
          };
    case 'Rabobank':
      return {
        counterpartName: t.descriptor,
        description: `Betaalautomaat ${dashed(at)} ${at.time} pasnr. ${t.cardSequence}${t.wallet ? ' Apple Pay' : ''} ${t.city}`,
        counterpartAccountNumber: null, transactionType: 'bc', transactionTypeName: 'Betaalautomaat',
      };
    case 'Knab':
      return {
        counterpartName: t.descriptor,
        description: `Pinbetaling ${t.descriptor} ${CITY} ${dashed(at)} ${at.time}`,
        counterpartAccountNumber: null, transactionType: 'PIN', transactionTypeName: 'Betaalpas',
      };
    case 'SNS':
    case 'ASN':
      return {
        counterpartName: t.descriptor,
        description: `BETAALAUTOMAAT ${dotted(at)} ${at.time} pasnr. ${t.cardSequence} ${t.descriptor} >${CITY}`,
        counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
      };
    case 'bunq':
      return {
        counterpartName: t.descriptor,
        description: `${t.descriptor}, ${t.city}, NL`,
        counterpartAccountNumber: null, transactionType: 'MASTERCARD', transactionTypeName: 'Kaartbetaling',
      };
    case 'Triodos':
      return {
        counterpartName: t.descriptor,
        description: `BEA ${t.descriptor} ${CITY} ${dotted(at)} ${at.time} pas ${t.cardSequence}`,
        counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
      };
  }
}

export interface Party {
  name: string;
  iban: string;
  bic: string;
}

/** An iDEAL payment to `party` with the remittance the provider sent; `reference` is the bank's iDEAL reference. */
export function idealLine(bank: FreshBank, at: Moment, party: Party, remittance: string, reference: string, variant: number): Printed {
  switch (bank) {
    case 'ING':
      return {
        counterpartName: party.name,
        description: `Naam: ${party.name} Omschrijving: ${remittance} IBAN: ${party.iban} Kenmerk: ${dashed(at)} ${at.time} ${reference} Valutadatum: ${dashed(at)}`,
        counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL',
      };
    case 'ABN AMRO':
      return {
        counterpartName: party.name,
        description: `/TRTP/${variant % 2 === 0 ? 'iDEAL' : 'iDEAL|Wero'}/IBAN/${party.iban}/BIC/${party.bic}/NAME/${party.name}/REMI/${remittance}/EREF/${dashed(at)} ${at.time} ${reference}`,
        counterpartAccountNumber: party.iban, transactionType: 'id', transactionTypeName: 'iDEAL',
      };
    case 'Rabobank':
      return { counterpartName: party.name, description: `${remittance}`, counterpartAccountNumber: party.iban, transactionType: 'id', transactionTypeName: 'iDEAL' };
    case 'Knab':
      return { counterpartName: party.name, description: `iDEAL betaling aan ${party.name} ${remittance}`, counterpartAccountNumber: party.iban, transactionType: 'IDEAL', transactionTypeName: 'iDEAL' };
    case 'SNS':
    case 'ASN':
      return { counterpartName: party.name, description: `iDEAL ${party.iban} ${party.name} ${reference} ${remittance}`, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL' };
    case 'bunq':
      return { counterpartName: party.name, description: remittance, counterpartAccountNumber: party.iban, transactionType: 'IDEAL', transactionTypeName: 'iDEAL' };
    case 'Triodos':
      return { counterpartName: party.name, description: `iDEAL ${party.name} ${remittance} ${reference}`, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL' };
  }
}

/** A credit transfer: to `party` when `out`, else from it. */
export function transferLine(bank: FreshBank, at: Moment, out: boolean, party: Party, remittance: string, endToEnd: string): Printed {
  switch (bank) {
    case 'ING':
      return {
        counterpartName: party.name,
        description: `Naam: ${party.name} Omschrijving: ${remittance} IBAN: ${party.iban} Kenmerk: ${endToEnd} Valutadatum: ${dashed(at)}`,
        counterpartAccountNumber: party.iban, transactionType: out ? 'GT' : 'OV', transactionTypeName: out ? 'Online bankieren' : 'Overschrijving',
      };
    case 'ABN AMRO':
      return {
        counterpartName: party.name,
        description: `/TRTP/SEPA OVERBOEKING/IBAN/${party.iban}/BIC/${party.bic}/NAME/${party.name}/REMI/${remittance}/EREF/${endToEnd}`,
        counterpartAccountNumber: party.iban, transactionType: 'tb', transactionTypeName: 'SEPA Overboeking',
      };
    case 'Rabobank':
      return { counterpartName: party.name, description: remittance, counterpartAccountNumber: party.iban, transactionType: out ? 'tb' : 'cb', transactionTypeName: out ? 'Online bankieren' : 'Crediteurenbetaling' };
    case 'Knab':
      return { counterpartName: party.name, description: `${out ? 'Overboeking naar' : 'Ontvangen van'} ${party.name} ${remittance}`, counterpartAccountNumber: party.iban, transactionType: 'OVB', transactionTypeName: 'Overboeking' };
    case 'SNS':
    case 'ASN':
      return { counterpartName: party.name, description: `${party.iban} ${party.name} ${remittance}`, counterpartAccountNumber: party.iban, transactionType: 'OV', transactionTypeName: out ? 'Overboeking' : 'Bijschrijving' };
    case 'bunq':
      return { counterpartName: party.name, description: remittance, counterpartAccountNumber: party.iban, transactionType: 'EBA_SCT', transactionTypeName: 'Overboeking' };
    case 'Triodos':
      return { counterpartName: party.name, description: `${out ? 'Overboeking' : 'Bijschrijving'} ${party.name} ${remittance} ${endToEnd}`, counterpartAccountNumber: party.iban, transactionType: out ? 'OV' : 'OVB', transactionTypeName: 'Overboeking' };
  }
}

export interface Mandate {
  creditorId: string;
  mandateId: string;
  endToEnd: string;
}

/** A SEPA core direct debit `creditor` collected with `remittance`. */
export function collectionLine(bank: FreshBank, at: Moment, creditor: Party, remittance: string, m: Mandate): Printed {
  switch (bank) {
    case 'ING':
      return {
        counterpartName: creditor.name,
        description: `Naam: ${creditor.name} Omschrijving: ${remittance} IBAN: ${creditor.iban} Kenmerk: ${m.endToEnd} Machtiging ID: ${m.mandateId} Incassant ID: ${m.creditorId} Doorlopende incasso Valutadatum: ${dashed(at)}`,
        counterpartAccountNumber: creditor.iban, transactionType: 'IC', transactionTypeName: 'Incasso',
      };
    case 'ABN AMRO':
      return {
        counterpartName: creditor.name,
        description: `/TRTP/SEPA Incasso algemeen doorlopend/CSID/${m.creditorId}/NAME/${creditor.name}/MARF/${m.mandateId}/REMI/${remittance}/IBAN/${creditor.iban}/BIC/${creditor.bic}/EREF/${m.endToEnd}`,
        counterpartAccountNumber: creditor.iban, transactionType: 'ei', transactionTypeName: 'SEPA Incasso',
      };
    case 'Rabobank':
      return { counterpartName: creditor.name, description: `${remittance} Machtiging: ${m.mandateId} Incassant ID: ${m.creditorId}`, counterpartAccountNumber: creditor.iban, transactionType: 'ei', transactionTypeName: 'Euro-incasso' };
    case 'Knab':
      return { counterpartName: creditor.name, description: `Incasso ${creditor.name} ${remittance} Machtiging: ${m.mandateId} Incassant: ${m.creditorId}`, counterpartAccountNumber: creditor.iban, transactionType: 'INC', transactionTypeName: 'Incasso' };
    case 'SNS':
    case 'ASN':
      return { counterpartName: creditor.name, description: `Europese incasso door: ${creditor.name} ${remittance} Incassant ID: ${m.creditorId} Kenmerk machtiging: ${m.mandateId}`, counterpartAccountNumber: creditor.iban, transactionType: 'EI', transactionTypeName: 'Europese incasso' };
    case 'bunq':
      return { counterpartName: creditor.name, description: remittance, counterpartAccountNumber: creditor.iban, transactionType: 'SEPA_DIRECT_DEBIT', transactionTypeName: 'Incasso' };
    case 'Triodos':
      return { counterpartName: creditor.name, description: `Incasso ${creditor.name} ${remittance} Incassant: ${m.creditorId} Machtiging: ${m.mandateId}`, counterpartAccountNumber: creditor.iban, transactionType: 'IC', transactionTypeName: 'Incasso' };
  }
}
