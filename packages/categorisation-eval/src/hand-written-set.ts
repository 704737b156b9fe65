/**
 * A hand-written, labelled set of realistic Dutch bank transactions: an evaluation of the categoriser that is
 * independent of both the categoriser and the sandbox bank (none of the sandbox catalogue's merchants or
 * organisations are used, except the government bodies every household deals with).
 *
 * Each persona banks at one Dutch bank, and its transactions are written in that bank's statement style
 * (ABN AMRO's `BEA,`/`GEA,`/`SEPA Incasso …`/`/TRTP/…`, ING's `Naam: … Omschrijving: …` and `Pasvolgnr:`,
 * Rabobank's bare remittance with the counterparty in its own field, bunq's merchant line, the Volksbank's
 * (SNS, ASN, RegioBank) `Betaalautomaat 14:02 pasnr. 012 …`, Knab and Triodos). The merchant, remittance,
 * amount and date of every transaction are written by hand below; only the boilerplate around them (terminal
 * ids, references, dates in the bank's format) is filled in by the format helpers.
 *
 * Labelling conventions (the truth a person would assign from the single transaction):
 * - A refund of a purchase, a tax refund (`teruggaaf`), a reimbursement by a health insurer or a returned
 *   energy balance is `income.refund` with the flag `refund`. A returned direct debit (storno, reason codes
 *   MD06/AM04/MS02) is also `income.refund`, flagged `returned-direct-debit` (not `refund`).
 * - `direct-debit` is set on every SEPA direct debit (money out); `cash-withdrawal` on ATM withdrawals;
 *   `gambling` on gambling and lotteries; `subscription` on subscriptions to a service (streaming, news,
 *   cloud storage, telecom contracts, business software), not on prepaid top-ups, insurance or utilities.
 * - `internal-transfer` on every move between the holder's own accounts: the counterparty is one of the
 *   persona's own accounts (`ownIbans`), or the transaction itself says so (a sole trader's `Privé opname` to
 *   the owner's private account; `naar mijn eigen … rekening` to the holder's own name at a bank not shared).
 * - Moves to or from an own savings account are `transfers.savings`; between own current accounts
 *   (a joint account, a bunq sub-account, an account at another bank, a sole trader's private account)
 *   `transfers.own-accounts`.
 * - Corporate profile (the convention the sandbox bank's labels use too): customers' payments are
 *   `income.business`; the costs of running the business are `expenses.business.*` (supplies, salaries,
 *   premises, software, insurance, telecom, fuel, lease cars, business travel and meals); taxes are
 *   `expenses.taxes.*`; bank fees, loan repayments, interest and transfers keep their own categories.
 * - `recurring` is never expected: it is not knowable from one transaction.
 * - `difficulty: 'hard'`: unknown small merchants (SumUp/Zettle/CCV terminals of independents) and other
 *   cases where only the words of the description tell what it is.
 */
import type { TransactionDto, TransactionFlag } from '@obp/contracts';
import { code, creditorId, deterministicGuid, iban, nl } from './support';

export type EvalProfile = 'retail' | 'corporate';

export interface ExpectedLabel {
  category: string;
  flags: TransactionFlag[];
}

export interface HandWrittenItem {
  transaction: TransactionDto;
  profile: EvalProfile;
  ownIbans?: readonly string[];
  expected: ExpectedLabel;
  difficulty?: 'hard';
}

// ---------------------------------------------------------------------------------------------------------
// Format helpers
// ---------------------------------------------------------------------------------------------------------

type Bank = 'ABN' | 'ING' | 'RABO' | 'BUNQ' | 'SNS' | 'ASN' | 'REGIO' | 'KNAB' | 'TRIODOS';
type Device = 'Betaalpas' | 'Apple Pay' | 'Google Pay';

interface Persona {
  key: string;
  holder: string;
  bank: Bank;
  profile: EvalProfile;
  pas: string;
  /** role → IBAN; every one is an own account. */
  accounts: Record<string, string>;
}

interface Party {
  name: string;
  iban: string;
  bic?: string;
}

interface Creditor extends Party {
  id: string;
  mandate: string;
}

interface Parts {
  description: string | null;
  counterpartName: string | null;
  counterpartAccountNumber: string | null;
  transactionType: string | null;
  transactionTypeName: string | null;
  reasonCode?: string | null;
}

interface Options {
  /** Account role the transaction is booked on; default `current`. */
  on?: string;
  hard?: boolean;
  purpose?: string;
  kenmerk?: string;
  device?: Device;
  /** ISO country code for card payments abroad (3 letters as banks print them). */
  country?: string;
  standing?: boolean;
  /** ABN AMRO: the newer `/TRTP/` layout instead of the labelled one. */
  trtp?: boolean;
}

const BICS: Record<string, string> = {
  ABNA: 'ABNANL2A', INGB: 'INGBNL2A', RABO: 'RABONL2U', SNSB: 'SNSBNL2A', ASNB: 'ASNBNL21', RBRB: 'RBRBNL21',
  TRIO: 'TRIONL2U', BUNQ: 'BUNQNL2A', KNAB: 'KNABNL2H', BNGH: 'BNGHNL2G', NWAB: 'NWABNL2G', DEUT: 'DEUTNL2A',
  FVLB: 'FVLBNL22', ADYB: 'ADYBNL2A', CITI: 'CITINL2X', HAND: 'HANDNL2A', NNBA: 'NNBANL2G', COBA: 'COBANL2X',
};
const FOREIGN_BICS: Record<string, string> = { LU: 'BCEELULL', IE: 'CITIIE2X', DE: 'DEUTDEFF', BE: 'GEBABEBB', LT: 'REVOLT21', MT: 'VALLMTMT', GB: 'BARCGB22', SE: 'ESSESESS', FR: 'BNPAFRPP' };

function bicOf(party: Party): string {
  if (party.bic) return party.bic;
  if (party.iban.startsWith('NL')) return BICS[party.iban.slice(4, 8)] ?? 'INGBNL2A';
  return FOREIGN_BICS[party.iban.slice(0, 2)] ?? 'DEUTDEFF';
}

interface Day {
  iso: string;
  dmy: string; // 12-03-2026
  dotShort: string; // 12.03.26
  dashShort: string; // 12-03-26
}

function dayOf(date: string): Day {
  const [y, m, d] = date.split('-');
  return { iso: date, dmy: `${d}-${m}-${y}`, dotShort: `${d}.${m}.${y.slice(2)}`, dashShort: `${d}-${m}-${y.slice(2)}` };
}

function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00.000Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

function titleCase(city: string): string {
  return city.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

const items: HandWrittenItem[] = [];

/** References for the item about to be added (stable: keyed by its index). */
function ref(kind: string, length: number, alphabet = '0123456789'): string {
  return code(`hand-written:${items.length}:${kind}`, length, alphabet);
}
const ALNUM = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function x(category: string, ...flags: TransactionFlag[]): ExpectedLabel {
  return { category, flags };
}

function add(p: Persona, booking: string, value: string, amount: number, parts: Parts, expected: ExpectedLabel, o: Options = {}): void {
  const role = o.on ?? 'current';
  if (!p.accounts[role]) throw new Error(`${p.key} has no ${role} account`);
  const transaction: TransactionDto = {
    id: deterministicGuid('obp-categorisation-eval', 'hand-written', 'transaction', String(items.length)),
    accountId: deterministicGuid('obp-categorisation-eval', 'hand-written', 'account', p.key, role),
    amount,
    currency: 'EUR',
    bookingDate: `${booking}T00:00:00.000Z`,
    valueDate: `${value}T00:00:00.000Z`,
    description: parts.description,
    counterpartName: parts.counterpartName,
    counterpartAccountNumber: parts.counterpartAccountNumber,
    transactionType: parts.transactionType,
    transactionTypeName: parts.transactionTypeName,
    reasonCode: parts.reasonCode ?? null,
    purposeCode: o.purpose ?? null,
  };
  items.push({ transaction, profile: p.profile, ownIbans: Object.values(p.accounts), expected, ...(o.hard ? { difficulty: 'hard' as const } : {}) });
}

const VOLKSBANK: readonly Bank[] = ['SNS', 'ASN', 'REGIO'];

const ALPHA2: Record<string, string> = { IRL: 'IE', FRA: 'FR', BEL: 'BE', MLT: 'MT', USA: 'US', AUS: 'AU', CAN: 'CA', ESP: 'ES', DEU: 'DE', GBR: 'GB' };

/** bunq prints the 2-letter country code. */
function alpha2(country: string | undefined): string {
  if (!country) return 'NL';
  const code2 = ALPHA2[country];
  if (!code2) throw new Error(`no 2-letter code for ${country}`);
  return code2;
}

/** A card payment (or card refund, amount > 0) at `merchant` in `city`; `when` = `YYYY-MM-DD HH:MM`. */
function card(p: Persona, when: string, amount: number, merchant: string, city: string, expected: ExpectedLabel, o: Options = {}): void {
  const [date, time] = when.split(' ');
  const d = dayOf(date);
  const device = o.device ?? 'Betaalpas';
  const CITY = city.toUpperCase();
  const City = titleCase(city);
  const booking = time >= '20:00' ? addDays(date, 1) : date;
  const walletSuffix = device === 'Betaalpas' ? '' : ` ${device}`;
  let parts: Parts;
  if (p.bank === 'ABN') {
    parts = {
      description: `BEA, ${device} ${merchant},PAS${p.pas} NR:${ref('term', 6, ALNUM)}, ${d.dotShort}/${time} ${CITY}${o.country ? `, Land: ${o.country}` : ''}`,
      counterpartName: merchant, counterpartAccountNumber: null, transactionType: 'ba', transactionTypeName: 'Betaalautomaat',
    };
  } else if (p.bank === 'ING') {
    parts = {
      description: `Pasvolgnr: ${p.pas} ${d.dmy} ${time} Transactie: ${ref('tx', 8, ALNUM)} Term: ${ref('term', 8, ALNUM)}${walletSuffix} Valutadatum: ${dayOf(booking).dmy}`,
      counterpartName: `${merchant} ${CITY}${o.country ? ` ${o.country}` : ''}`, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
    };
  } else if (p.bank === 'RABO') {
    parts = {
      description: `Betaalautomaat ${d.dmy} ${time} pasnr. ${p.pas}${walletSuffix}${o.country ? ` ${o.country}` : ''}`,
      counterpartName: `${merchant} ${CITY}`, counterpartAccountNumber: null, transactionType: 'bc', transactionTypeName: 'Betaalautomaat',
    };
  } else if (p.bank === 'BUNQ') {
    parts = {
      description: `${merchant} ${City}, ${alpha2(o.country)}`,
      counterpartName: merchant, counterpartAccountNumber: null, transactionType: 'MASTERCARD', transactionTypeName: 'Kaartbetaling',
    };
  } else if (VOLKSBANK.includes(p.bank)) {
    parts = {
      description: `Betaalautomaat ${time} pasnr. ${p.pas} ${merchant} ${City}${o.country ? ` ${o.country}` : ''}${walletSuffix}`,
      counterpartName: merchant, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
    };
  } else if (p.bank === 'KNAB') {
    parts = {
      description: `Betaalpas ${merchant} ${CITY}${o.country ? ` ${o.country}` : ''} ${d.dmy} ${time}${walletSuffix}`,
      counterpartName: merchant, counterpartAccountNumber: null, transactionType: 'PIN', transactionTypeName: 'Pinbetaling',
    };
  } else {
    parts = {
      description: `BEA ${merchant} ${CITY}${o.country ? ` ${o.country}` : ''} ${d.dashShort} ${time} pas ${p.pas}${walletSuffix}`,
      counterpartName: merchant, counterpartAccountNumber: null, transactionType: 'BA', transactionTypeName: 'Betaalautomaat',
    };
  }
  add(p, booking, date, amount, parts, expected, o);
}

/** An ATM withdrawal at `location` (e.g. `Geldautomaat Voorstraat`) in `city`. */
function atm(p: Persona, when: string, amount: number, location: string, city: string, o: Options = {}): void {
  const [date, time] = when.split(' ');
  const d = dayOf(date);
  const CITY = city.toUpperCase();
  const City = titleCase(city);
  const device = o.device ?? 'Betaalpas';
  let parts: Parts;
  if (p.bank === 'ABN') {
    parts = { description: `GEA, ${device} ${location},PAS${p.pas} NR:${ref('term', 6, ALNUM)}, ${d.dotShort}/${time} ${CITY}${o.country ? `, Land: ${o.country}` : ''}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'gm', transactionTypeName: 'Geldautomaat' };
  } else if (p.bank === 'ING') {
    parts = { description: `Pasvolgnr: ${p.pas} ${d.dmy} ${time} Transactie: ${ref('tx', 8, ALNUM)} Term: ${ref('term', 8, ALNUM)} Valutadatum: ${d.dmy}`, counterpartName: `${location} ${CITY}`, counterpartAccountNumber: null, transactionType: 'GM', transactionTypeName: 'Geldautomaat' };
  } else if (p.bank === 'RABO') {
    parts = { description: `Geldautomaat ${d.dmy} ${time} pasnr. ${p.pas}`, counterpartName: `${location} ${CITY}`, counterpartAccountNumber: null, transactionType: 'ga', transactionTypeName: 'Geldautomaat' };
  } else if (p.bank === 'BUNQ') {
    parts = { description: `${location} ${City}, ${alpha2(o.country)}`, counterpartName: location, counterpartAccountNumber: null, transactionType: 'MASTERCARD', transactionTypeName: 'Geldopname' };
  } else if (VOLKSBANK.includes(p.bank)) {
    parts = { description: `Geldautomaat ${time} pasnr. ${p.pas} ${location} ${City}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GA', transactionTypeName: 'Geldautomaat' };
  } else if (p.bank === 'KNAB') {
    parts = { description: `Geldopname ${location} ${CITY} ${d.dmy} ${time}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GELD', transactionTypeName: 'Geldopname' };
  } else {
    parts = { description: `GEA ${location} ${CITY} ${d.dashShort} ${time} pas ${p.pas}`, counterpartName: null, counterpartAccountNumber: null, transactionType: 'GA', transactionTypeName: 'Geldautomaat' };
  }
  add(p, date, date, amount, parts, x('expenses.cash', 'cash-withdrawal'), o);
}

/** A SEPA direct debit collected by `c`. */
function incasso(p: Persona, date: string, amount: number, c: Creditor, remi: string, expected: ExpectedLabel, o: Options = {}): void {
  const d = dayOf(date);
  const kenmerk = o.kenmerk ?? ref('eref', 12);
  let parts: Parts;
  if (p.bank === 'ABN') {
    parts = {
      description: o.trtp
        ? `/TRTP/SEPA Incasso algemeen doorlopend/CSID/${c.id}/NAME/${c.name}/MARF/${c.mandate}/REMI/${remi}/IBAN/${c.iban}/BIC/${bicOf(c)}/EREF/${kenmerk}`
        : `SEPA Incasso algemeen doorlopend Incassant: ${c.id} Naam: ${c.name} Machtiging: ${c.mandate} Omschrijving: ${remi} IBAN: ${c.iban} Kenmerk: ${kenmerk}`,
      counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'ei', transactionTypeName: 'SEPA Incasso',
    };
  } else if (p.bank === 'ING') {
    parts = {
      description: `Naam: ${c.name} Omschrijving: ${remi} IBAN: ${c.iban} Kenmerk: ${kenmerk} Machtiging ID: ${c.mandate} Incassant ID: ${c.id} Doorlopende incasso Valutadatum: ${d.dmy}`,
      counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'IC', transactionTypeName: 'Incasso',
    };
  } else if (p.bank === 'RABO') {
    parts = { description: remi, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'ei', transactionTypeName: 'Euro-incasso' };
  } else if (p.bank === 'BUNQ') {
    parts = { description: remi, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'SEPA_DIRECT_DEBIT', transactionTypeName: 'Incasso' };
  } else if (VOLKSBANK.includes(p.bank)) {
    parts = { description: `Europese incasso door: ${c.name} ${remi} Incassant ID: ${c.id} Kenmerk machtiging: ${c.mandate}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'EI', transactionTypeName: 'Europese incasso' };
  } else if (p.bank === 'KNAB') {
    parts = { description: `Incasso ${remi} Machtiging: ${c.mandate} Incassant: ${c.id}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'INC', transactionTypeName: 'Incasso' };
  } else {
    parts = { description: `Incasso ${c.name} ${remi} Incassant: ${c.id} Machtiging: ${c.mandate}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'IC', transactionTypeName: 'Incasso' };
  }
  add(p, date, date, amount, parts, expected, o);
}

const RETURN_REASONS: Record<string, string> = {
  MD06: 'Terugboeking op verzoek van klant',
  AM04: 'Saldo ontoereikend',
  MS02: 'Weigering door debiteur',
};

/** A returned (reversed) SEPA direct debit: money back, with its reason code. */
function storno(p: Persona, date: string, amount: number, c: Creditor, remi: string, reason: 'MD06' | 'AM04' | 'MS02', o: Options = {}): void {
  const d = dayOf(date);
  const text = RETURN_REASONS[reason];
  const kenmerk = o.kenmerk ?? ref('eref', 12);
  let parts: Parts;
  if (p.bank === 'ABN') {
    parts = { description: `/TRTP/SEPA Incasso algemeen doorlopend/RTRN/${reason}/CSID/${c.id}/NAME/${c.name}/MARF/${c.mandate}/REMI/${remi}/IBAN/${c.iban}/BIC/${bicOf(c)}/EREF/${kenmerk}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'ei', transactionTypeName: 'SEPA Incasso' };
  } else if (p.bank === 'ING') {
    parts = { description: `Naam: ${c.name} Omschrijving: Terugboeking ${remi} IBAN: ${c.iban} Kenmerk: ${kenmerk} Machtiging ID: ${c.mandate} Incassant ID: ${c.id} Reden: ${reason} ${text} Valutadatum: ${d.dmy}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'IC', transactionTypeName: 'Incasso' };
  } else if (p.bank === 'RABO') {
    parts = { description: `Storno ${remi} Reden: ${reason} ${text}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'ei', transactionTypeName: 'Euro-incasso' };
  } else if (VOLKSBANK.includes(p.bank)) {
    parts = { description: `Terugboeking europese incasso door: ${c.name} ${remi} Reden: ${reason} ${text}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: 'EI', transactionTypeName: 'Europese incasso' };
  } else {
    parts = { description: `Storno incasso ${c.name} ${remi} Reden ${reason} ${text}`, counterpartName: c.name, counterpartAccountNumber: c.iban, transactionType: p.bank === 'BUNQ' ? 'SEPA_DIRECT_DEBIT' : 'INC', transactionTypeName: 'Storno' };
  }
  add(p, date, date, amount, { ...parts, reasonCode: reason }, x('income.refund', 'returned-direct-debit'), o);
}

/** A SEPA credit transfer to (amount < 0) or from (amount > 0) `party`. */
function transfer(p: Persona, date: string, amount: number, party: Party, remi: string, expected: ExpectedLabel, o: Options = {}): void {
  const d = dayOf(date);
  const out = amount < 0;
  let parts: Parts;
  if (p.bank === 'ABN') {
    const kenmerk = o.kenmerk ? ` Kenmerk: ${o.kenmerk}` : '';
    parts = {
      description: o.trtp
        ? `/TRTP/SEPA OVERBOEKING/IBAN/${party.iban}/BIC/${bicOf(party)}/NAME/${party.name}/REMI/${remi}/EREF/${o.kenmerk ?? 'NOTPROVIDED'}`
        : `${o.standing ? 'SEPA Periodieke overb.' : 'SEPA Overboeking'} IBAN: ${party.iban} BIC: ${bicOf(party)} Naam: ${party.name} Omschrijving: ${remi}${kenmerk}`,
      counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'tb', transactionTypeName: 'SEPA Overboeking',
    };
  } else if (p.bank === 'ING') {
    parts = {
      description: `Naam: ${party.name} Omschrijving: ${remi} IBAN: ${party.iban}${o.kenmerk ? ` Kenmerk: ${o.kenmerk}` : ''} Valutadatum: ${d.dmy}`,
      counterpartName: party.name, counterpartAccountNumber: party.iban,
      transactionType: out ? 'GT' : 'OV', transactionTypeName: out ? (o.standing ? 'Periodieke overboeking' : 'Online bankieren') : 'Overschrijving',
    };
  } else if (p.bank === 'RABO') {
    parts = {
      description: o.kenmerk ? `${remi} ${o.kenmerk}` : remi,
      counterpartName: party.name, counterpartAccountNumber: party.iban,
      transactionType: out ? 'tb' : o.purpose ? 'cb' : 'ov',
      transactionTypeName: out ? (o.standing ? 'Periodieke overboeking' : 'Online bankieren') : o.purpose ? 'Crediteurenbetaling' : 'Overschrijving',
    };
  } else if (p.bank === 'BUNQ') {
    const internal = party.iban.slice(4, 8) === 'BUNQ';
    parts = { description: remi, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: internal ? 'BUNQ' : 'EBA_SCT', transactionTypeName: 'Overboeking' };
  } else if (VOLKSBANK.includes(p.bank)) {
    parts = { description: `Overboeking ${out ? 'naar' : 'van'} ${party.iban} ${party.name} ${remi}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'OV', transactionTypeName: o.standing ? 'Periodieke overboeking' : 'Overboeking' };
  } else if (p.bank === 'KNAB') {
    parts = { description: `${out ? 'Overboeking naar' : 'Ontvangen van'} ${party.name} ${party.iban} ${remi}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'OVB', transactionTypeName: 'Overboeking' };
  } else {
    parts = { description: `${party.iban} ${party.name} ${remi}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'OV', transactionTypeName: 'Overboeking' };
  }
  add(p, date, date, amount, parts, expected, o);
}

/** An iDEAL payment to `party`; `when` = `YYYY-MM-DD HH:MM`. */
function ideal(p: Persona, when: string, amount: number, party: Party, remi: string, expected: ExpectedLabel, o: Options = {}): void {
  const [date, time] = when.split(' ');
  const d = dayOf(date);
  const reference = ref('ideal', 16);
  let parts: Parts;
  if (p.bank === 'ABN') {
    parts = { description: `/TRTP/iDEAL/IBAN/${party.iban}/BIC/${bicOf(party)}/NAME/${party.name}/REMI/${remi}/EREF/${d.dmy} ${time} ${reference}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'id', transactionTypeName: 'iDEAL' };
  } else if (p.bank === 'ING') {
    parts = { description: `Naam: ${party.name} Omschrijving: ${remi} IBAN: ${party.iban} Kenmerk: ${d.dmy} ${time} ${reference} Valutadatum: ${d.dmy}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: 'ID', transactionTypeName: 'iDEAL' };
  } else if (p.bank === 'RABO' || p.bank === 'BUNQ') {
    parts = { description: remi, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: p.bank === 'RABO' ? 'id' : 'IDEAL', transactionTypeName: 'iDEAL' };
  } else {
    parts = { description: `iDEAL ${party.name} ${reference} ${remi}`, counterpartName: party.name, counterpartAccountNumber: party.iban, transactionType: p.bank === 'KNAB' ? 'IDEAL' : 'ID', transactionTypeName: 'iDEAL' };
  }
  add(p, date, date, amount, parts, expected, o);
}

const TIKKIE: Party = { name: 'Tikkie', iban: nl('ABNA', '0417164300') };

/** A paid Tikkie request: `from` paid the persona back. */
function tikkieIn(p: Persona, date: string, amount: number, what: string, from: Party, o: Options = {}): void {
  transfer(p, date, amount, TIKKIE, `Tikkie ID ${ref('tikkie', 12)}, ${what}, Van ${from.name}, ${from.iban}`, x('income.from-people'), o);
}

/** The persona paid someone's Tikkie request. */
function tikkieOut(p: Persona, when: string, amount: number, what: string, to: string, o: Options = {}): void {
  ideal(p, when, amount, TIKKIE, `${ref('tikkie-ref', 16)} Tikkie ID ${ref('tikkie', 12)}, ${what}, ${to}`, x('expenses.to-people'), o);
}

/** A booking by the bank itself: package fees, interest. */
function bankBooking(p: Persona, date: string, amount: number, kind: 'fee' | 'interest', description: string, expected: ExpectedLabel, o: Options = {}): void {
  const fee = kind === 'fee';
  const byBank: Record<Bank, [string | null, string, string]> = {
    ABN: [fee ? 'ABN AMRO Bank N.V.' : null, fee ? 'db' : 'rn', fee ? 'Kosten' : 'Rente'],
    ING: [fee ? 'Kosten' : 'Rente', 'DV', 'Diversen'],
    RABO: ['Rabobank', 'db', 'Diverse boekingen'],
    BUNQ: ['bunq', 'BUNQ', fee ? 'Kosten' : 'Rente'],
    SNS: [null, fee ? 'KN' : 'RT', fee ? 'Kosten' : 'Rente'],
    ASN: [null, fee ? 'KN' : 'RT', fee ? 'Kosten' : 'Rente'],
    REGIO: [null, fee ? 'KN' : 'RT', fee ? 'Kosten' : 'Rente'],
    KNAB: ['Knab', fee ? 'KOST' : 'RENTE', fee ? 'Kosten' : 'Rente'],
    TRIODOS: ['Triodos Bank', fee ? 'KO' : 'RE', fee ? 'Kosten' : 'Rente'],
  };
  const [name, type, typeName] = byBank[p.bank];
  add(p, date, date, amount, { description, counterpartName: name, counterpartAccountNumber: null, transactionType: type, transactionTypeName: typeName }, expected, o);
}

/** Anything the helpers don't cover, written out in full. */
function raw(p: Persona, date: string, amount: number, parts: Parts, expected: ExpectedLabel, o: Options = {}): void {
  add(p, date, date, amount, parts, expected, o);
}

function org(name: string, account: string, extra: Partial<Party> = {}): Party {
  return { name, iban: account, ...extra };
}

/** A direct-debit creditor: its IBAN, its creditor id (from a KvK number) and this persona's mandate. */
function creditor(name: string, account: string, kvk: string, mandate: string): Creditor {
  const id = /^[A-Z]{2}[0-9]{2}ZZZ/.test(kvk) ? kvk : creditorId('NL', `${kvk}0000`);
  return { name, iban: account, id, mandate };
}

function own(p: Persona, role: string, name = p.holder): Party {
  return { name, iban: p.accounts[role] };
}

// Government and intermediaries (real public identities; the sandbox uses them too where unavoidable)
const BELASTINGDIENST = org('Belastingdienst', nl('INGB', '0002445588'));
const TOESLAGEN = org('Belastingdienst/Toeslagen', nl('INGB', '0002445588'));
const BELASTINGDIENST_CREDITOR_ID = creditorId('NL', '273649830000');
const SVB = org('SVB', nl('INGB', '0000009151'));
const UWV = org('UWV', nl('INGB', '0000122661'));
const DUO = org('DUO', nl('INGB', '0000866266'));

// ---------------------------------------------------------------------------------------------------------
// Retail personas
// ---------------------------------------------------------------------------------------------------------

const verhoeven: Persona = {
  key: 'verhoeven', holder: 'J.P. Verhoeven', bank: 'ING', profile: 'retail', pas: '005',
  accounts: { current: nl('INGB', '0006723418'), savings: nl('INGB', '0007890452'), joint: nl('INGB', '0004417209') },
};
{
  const p = verhoeven;
  transfer(p, '2026-03-25', 3201.88, org('Stichting Albert Schweitzer Ziekenhuis', nl('RABO', '0372810945')), 'SALARIS MAART 2026 PERS.NR. 0045871', x('income.salary'), { purpose: 'SALA', kenmerk: 'ASZ-2026-03-0045871' });
  transfer(p, '2026-03-20', 123.0, TOESLAGEN, '2026 ZORGTOESLAG VOORSCHOT MAART TOESLAGNR 1102.45.998', x('income.benefits'), { kenmerk: '6400128845120301' });
  transfer(p, '2026-01-02', 301.07, SVB, 'Kinderbijslag 4e kwartaal 2025 klantnr 081234567', x('income.benefits'), { purpose: 'BENE' });
  card(p, '2026-03-02 17:41', -48.12, 'Hoogvliet 067', 'Dordrecht', x('expenses.groceries'), { device: 'Apple Pay' });
  card(p, '2026-03-07 10:15', -86.4, 'Spar Stadspolders', 'Dordrecht', x('expenses.groceries'));
  card(p, '2026-03-08 19:22', -34.95, "McDonald's", 'Dordrecht', x('expenses.eating-out'), { device: 'Apple Pay' });
  incasso(p, '2026-03-03', -142.0, creditor('Vandebron Energie B.V.', nl('INGB', '0006541290'), '34229867', 'VDB-0022104581'), 'Termijnbedrag maart 2026 klantnummer 2210458', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-02-27', -19.85, creditor('Oasen N.V.', nl('ABNA', '0457891236'), '29029358', '300148577'), 'Voorschotnota drinkwater februari 2026 klantnr 3001 48577', x('expenses.housing.water', 'direct-debit'));
  incasso(p, '2026-03-31', -61.4, creditor('SVHW', nl('BNGH', '0285105468'), '24392315', '2026041255810'), 'Aanslagnr 2026.0412.5581 termijn 2 van 10 gemeentelijke belastingen', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-03-01', -298.9, creditor('Stad Holland Zorgverzekeraar', nl('RABO', '0306722112'), '24061218', '31025874'), 'Premie maart 2026 relatienummer 31025874 2 verzekerden', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-03-01', -1248.33, creditor('Venn Hypotheken B.V.', nl('DEUT', '0265188422'), '64211358', '70012345'), 'Maandtermijn leningnr 70012345 maart 2026 rente en aflossing', x('expenses.housing.mortgage', 'direct-debit'));
  incasso(p, '2026-03-11', -17.5, creditor('Youfone Nederland B.V.', nl('INGB', '0007711025'), '30226614', 'YF8812390'), 'Factuur 2026-03 YF-8812390 Sim Only 06-41****12', x('expenses.telecom', 'direct-debit', 'subscription'));
  incasso(p, '2026-03-14', -9.99, creditor('Videoland', nl('ABNA', '0536012274'), '71588211', 'VL-44180221'), 'Videoland Basis abonnement maart 2026', x('expenses.subscriptions', 'direct-debit', 'subscription'));
  incasso(p, '2026-03-27', -1184.6, creditor('Partou B.V.', nl('RABO', '0117728305'), '34374864', 'P-220187'), 'Kinderopvang maart 2026 Mila Verhoeven factuur 2026030488', x('expenses.childcare', 'direct-debit'));
  transfer(p, '2026-03-26', -400.0, own(p, 'joint', 'J.P. Verhoeven en/of A. Verhoeven-Blok'), 'Huishoudgeld april', x('transfers.own-accounts', 'internal-transfer'));
  transfer(p, '2026-03-26', 400.0, own(p, 'current'), 'Huishoudgeld april', x('transfers.own-accounts', 'internal-transfer'), { on: 'joint' });
  transfer(p, '2026-03-26', -250.0, own(p, 'savings'), 'Naar Oranje Spaarrekening V 672-34561', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-02-09', 600.0, own(p, 'savings'), 'Van Oranje Spaarrekening V 672-34561 vakantie', x('transfers.savings', 'internal-transfer'));
  bankBooking(p, '2026-04-01', 4.12, 'interest', 'Rente Oranje Spaarrekening 01-01-2026 t/m 31-03-2026', x('income.interest'), { on: 'savings' });
  atm(p, '2026-03-14 11:05', -50.0, 'Geldautomaat Voorstraat', 'Dordrecht');
  tikkieIn(p, '2026-03-09', 18.5, 'Pizza vrijdag', org('M. de Lange', nl('RABO', '0145520977')));
  tikkieOut(p, '2026-03-15 21:12', -12.75, 'Bowlen zaterdag', 'K. Vermeulen');
  card(p, '2026-03-21 15:30', -129.0, 'MediaMarkt Dordrecht', 'Dordrecht', x('expenses.shopping'));
  card(p, '2026-03-18 08:02', -71.34, 'Texaco Zwijndrecht', 'Zwijndrecht', x('expenses.transport.fuel'));
  bankBooking(p, '2026-03-02', -3.4, 'fee', 'Kosten OranjePakket periode 01-02-2026 t/m 28-02-2026', x('expenses.bank-fees'));
  incasso(p, '2026-03-05', -10.0, creditor('Het Nederlandse Rode Kruis', nl('INGB', '0000000888'), '40409352', 'RK6108834'), 'Maandelijkse gift maart 2026 donateurnr 6108834', x('expenses.charity', 'direct-debit'));
  card(p, '2026-03-13 20:41', -27.8, 'Kinepolis Dordrecht', 'Dordrecht', x('expenses.leisure'), { device: 'Apple Pay' });
  card(p, '2026-03-21 14:48', -4.5, 'Q-Park Drechtsteden', 'Dordrecht', x('expenses.transport.car'));
  card(p, '2026-03-12 09:35', -14.95, 'Apotheek Sterrenburg', 'Dordrecht', x('expenses.health'));
  ideal(p, '2026-03-17 20:03', -62.37, org('Picnic B.V.', nl('INGB', '0008241173')), 'Bestelling 3101-8732 Picnic boodschappen', x('expenses.groceries'));
  card(p, '2026-03-28 08:47', -6.2, 'SumUp *Bakkerij Van Vliet', 'Dordrecht', x('expenses.groceries'), { hard: true });
  card(p, '2026-03-29 11:20', -7.35, 'Zettle_*Groentekraam Ali', 'Dordrecht', x('expenses.groceries'), { hard: true });
}

const kuijpers: Persona = {
  key: 'kuijpers', holder: 'M.C. Kuijpers', bank: 'RABO', profile: 'retail', pas: '204',
  accounts: { current: nl('RABO', '0312846573'), savings: nl('RABO', '1325618734') },
};
{
  const p = kuijpers;
  transfer(p, '2026-03-24', 2875.12, org('Stichting Amphia', nl('RABO', '0140117783')), 'Salaris maart 2026 werknemer 118245', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-03-20', 211.0, TOESLAGEN, 'HUURTOESLAG 2026 VOORSCHOT APRIL TOESLAGNR 2026.0145.881', x('income.benefits'));
  transfer(p, '2026-04-01', -865.4, org('Alwel', nl('RABO', '0171235690')), 'Huur april 2026 Haagweg 211 contractnr 40021877', x('expenses.housing.rent'), { standing: true, purpose: 'RENT' });
  incasso(p, '2026-03-04', -118.2, creditor('Frank Energie B.V.', nl('INGB', '0006120419'), '74094823', 'FE55310298'), 'Voorschot stroom en gas maart 2026 klant 55310298', x('expenses.housing.energy', 'direct-debit'));
  storno(p, '2026-03-09', 118.2, creditor('Frank Energie B.V.', nl('INGB', '0006120419'), '74094823', 'FE55310298'), 'Voorschot stroom en gas maart 2026 klant 55310298', 'MD06');
  incasso(p, '2026-03-31', -48.7, creditor('Belastingsamenwerking West-Brabant', nl('BNGH', '0285121765'), '63104865', '26005122140'), 'Aanslag 2026 gemeentelijke belastingen termijn 3/8 aanslagnr 26.0051.2214', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-04-01', -139.85, creditor('Anderzorg', nl('ABNA', '0540087223'), '08219861', '44871025'), 'Premie april 2026 verzekerdennr 44871025', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-03-02', -23.41, creditor('InShared Nederland B.V.', nl('INGB', '0006551102'), '30193311', 'IS-1887541'), 'Autoverzekering maart 2026 polis IS-1887541', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-01-06', -21.75, creditor('DAS Rechtsbijstand', nl('ABNA', '0410220077'), '33015542', '41025588'), 'Premie rechtsbijstandverzekering 2026 polisnr 4102 5588', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-03-19', -16.0, creditor('Ben Nederland B.V.', nl('INGB', '0006932210'), '27238867', 'BEN71283344'), 'Factuur 71283344 maart 2026', x('expenses.telecom', 'direct-debit', 'subscription'));
  card(p, '2026-03-10 18:02', -54.16, 'Jan Linders', 'Breda', x('expenses.groceries'), { device: 'Google Pay' });
  card(p, '2026-03-12 12:20', -23.07, 'Coop Princenhage', 'Breda', x('expenses.groceries'));
  card(p, '2026-03-14 21:15', -48.5, 'Brasserie Het Spanjaardsgat', 'Breda', x('expenses.eating-out'));
  card(p, '2026-03-16 12:48', -7.85, 'Smullers Breda Centraal', 'Breda', x('expenses.eating-out'), { device: 'Google Pay' });
  incasso(p, '2026-03-06', -37.6, creditor('Trans Link Systems B.V.', nl('ABNA', '0449932718'), '34193542', '3528010244718851'), 'OV-chipkaart automatisch opladen kaartnr 3528 0102 4471 8851', x('expenses.transport.public', 'direct-debit'));
  card(p, '2026-03-22 16:10', -64.9, 'Argos Breda Tuinzigt', 'Breda', x('expenses.transport.fuel'));
  ideal(p, '2026-02-14 10:12', -75.0, org('Museumvereniging', nl('INGB', '0005331944')), 'Museumkaart jaarkaart 2026 bestelnr 8812290', x('expenses.leisure'));
  ideal(p, '2026-01-19 22:40', -412.8, org('Transavia Airlines C.V.', nl('INGB', '0000627211')), 'Boeking HV XQ7L4M Eindhoven-Malaga 2 pers', x('expenses.travel'));
  atm(p, '2026-03-07 13:02', -100.0, 'Geldautomaat Ginnekenweg', 'Breda');
  transfer(p, '2026-03-02', -25.0, org('S. Kuijpers', nl('INGB', '0003178845')), 'Verjaardag Noa', x('expenses.to-people'));
  transfer(p, '2026-03-05', 40.0, org('L.M. Kuijpers-van Gils', nl('RABO', '0366801243')), 'Voor de boodschappen, liefs mam', x('income.from-people'));
  transfer(p, '2026-03-25', -150.0, own(p, 'savings'), 'Sparen', x('transfers.savings', 'internal-transfer'));
  bankBooking(p, '2026-04-01', -5.45, 'fee', 'Kosten Rabo BasisPakket 01-03-2026 t/m 31-03-2026', x('expenses.bank-fees'));
  ideal(p, '2026-03-21 15:44', -20.0, org('Nederlandse Loterij Organisatie B.V.', nl('ABNA', '0432117680')), 'TOTO storting speelsaldo account 55102', x('expenses.gambling', 'gambling'));
  card(p, '2026-03-11 16:37', -39.99, 'Zeeman Haagse Beemden', 'Breda', x('expenses.shopping'));
  incasso(p, '2026-03-01', -89.0, creditor('Stichting LOI', nl('ABNA', '0572210034'), '41165245', 'LOI2291842'), 'Cursusgeld HBO Bedrijfskunde termijn 4 studentnr 2291842', x('expenses.education', 'direct-debit'));
  card(p, '2026-03-19 17:05', -12.5, 'CCV*Slagerij Kwakman', 'Breda', x('expenses.groceries'), { hard: true });
  card(p, '2026-02-24 16:40', -74.5, 'CCV*Autobedrijf Gerrits APK', 'Breda', x('expenses.transport.car'), { hard: true });
  incasso(p, '2026-03-20', -59.37, creditor('DUO', DUO.iban, '50120093', '5544112200'), 'Terugbetaling studieschuld maart 2026 dossiernr 5544 1122', x('expenses.loans', 'direct-debit'));
  transfer(p, '2026-03-29', -35.0, org('Kapsalon Mooi Haar', nl('RABO', '0389012776')), 'Knippen en verven 28-3', x('expenses.other'), { hard: true });
}

const dogan: Persona = {
  key: 'dogan', holder: 'R. Dogan', bank: 'ABN', profile: 'retail', pas: '417',
  accounts: { current: nl('ABNA', '0518234790'), savings: nl('ABNA', '0518290447'), joint: nl('ABNA', '0622104487') },
};
{
  const p = dogan;
  transfer(p, '2026-03-25', 2450.67, org('Koninklijke Verkade N.V.', nl('ABNA', '0404111875')), 'Salaris 03-2026 pnr 70142', x('income.salary'), { trtp: true, purpose: 'SALA', kenmerk: 'SAL2026037014201' });
  transfer(p, '2026-03-27', 884.55, UWV, 'Uitkering WIA maart 2026 uitkeringsnr 8813-221', x('income.benefits'), { trtp: true, purpose: 'BENE', kenmerk: '2026038813221' });
  card(p, '2026-03-03 18:12', -43.12, 'Vomar Voordeelmarkt', 'Zaandam', x('expenses.groceries'), { device: 'Apple Pay' });
  card(p, '2026-03-05 11:40', -27.64, 'DekaMarkt Zaandam', 'Zaandam', x('expenses.groceries'));
  card(p, '2026-03-07 09:10', -8.4, 'Zettle_*Turkse Bakker Ozdemir', 'Zaandam', x('expenses.groceries'), { hard: true });
  card(p, '2026-03-06 18:55', -18.4, 'Kwalitaria Westerwatering', 'Zaandam', x('expenses.eating-out'), { device: 'Apple Pay' });
  card(p, '2026-03-14 20:31', -128.5, "CCV*Restaurant De Hoop op d'Swarte Walvis", 'Zaandam', x('expenses.eating-out'));
  transfer(p, '2026-04-01', -934.12, org('Parteon', nl('RABO', '0398277604')), 'Huur april 2026 Vincent van Goghweg 14 huurcontract 112044', x('expenses.housing.rent'), { standing: true });
  incasso(p, '2026-04-02', -131.0, creditor('Oxxio Nederland B.V.', nl('INGB', '0006699884'), '27187224', '10024578'), 'Maandbedrag energie april 2026 klantnummer 10024578', x('expenses.housing.energy', 'direct-debit'), { trtp: true });
  storno(p, '2026-04-07', 131.0, creditor('Oxxio Nederland B.V.', nl('INGB', '0006699884'), '27187224', '10024578'), 'Maandbedrag energie april 2026 klantnummer 10024578', 'AM04');
  incasso(p, '2026-03-31', -38.15, creditor('Gemeente Zaanstad', nl('BNGH', '0285035664'), '34367051', '20261234567'), 'Aanslagnummer 2026.1234.567 termijn 2 van 9', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-03-31', -27.44, creditor('Hoogheemraadschap Hollands Noorderkwartier', nl('NWAB', '0636753402'), '34227412', '8045112201'), 'Waterschapsbelasting 2026 aanslagnr 80.4511.2201 termijn 2', x('expenses.housing.local-taxes', 'direct-debit'), { trtp: true });
  incasso(p, '2026-04-01', -152.35, creditor('Zorg en Zekerheid', nl('INGB', '0000447733'), '28059016', '20514877'), 'Premie zorgverzekering april 2026 relatienr 20514877', x('expenses.insurance.health', 'direct-debit'), { trtp: true });
  incasso(p, '2026-03-23', -12.0, creditor('Hollandsnieuwe', nl('ABNA', '0553098127'), '34293201', 'HN4419022'), 'Sim only april 2026 klantnr HN-4419022', x('expenses.telecom', 'direct-debit', 'subscription'), { trtp: true });
  card(p, '2026-03-18 00:02', -13.99, 'DisneyPlus', 'Amsterdam', x('expenses.subscriptions', 'subscription'));
  card(p, '2026-03-10 08:15', -10.0, 'GVB Automaat Centraal Station', 'Amsterdam', x('expenses.transport.public'));
  card(p, '2026-03-12 07:48', -4.2, 'Connexxion Bus 391', 'Zaandam', x('expenses.transport.public'), { device: 'Apple Pay' });
  card(p, '2026-02-21 10:30', -89.95, 'Kwik-Fit Zaandam', 'Zaandam', x('expenses.transport.car'));
  atm(p, '2026-03-15 14:20', -70.0, 'Geldautomaat Gedempte Gracht', 'Zaandam');
  card(p, '2026-03-21 15:02', -59.98, 'Jysk Zaandam', 'Zaandam', x('expenses.shopping'));
  ideal(p, '2026-03-09 22:18', -49.99, org('Amazon EU S.a.r.l.', iban('LU', '0670001000012345')), 'Amazon.nl bestelling 403-1234567-7654321', x('expenses.shopping'));
  transfer(p, '2026-03-19', 49.99, org('Amazon EU S.a.r.l.', iban('LU', '0670001000012345')), 'Terugbetaling retour 403-1234567-7654321', x('income.refund', 'refund'), { trtp: true, kenmerk: 'RFD403-1234567' });
  tikkieOut(p, '2026-03-11 22:45', -8.0, 'Zaalvoetbal huur', 'M. Bakkal');
  tikkieIn(p, '2026-03-16', 22.5, 'Uit eten', org('E. Yildiz', nl('INGB', '0009124466')), { trtp: true });
  transfer(p, '2026-03-26', -300.0, own(p, 'savings'), 'Direct Sparen maandelijks', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-26', -650.0, own(p, 'joint', 'R. Dogan en/of S. Dogan-Aydin'), 'Vaste lasten april', x('transfers.own-accounts', 'internal-transfer'), { standing: true });
  bankBooking(p, '2026-03-02', -5.0, 'fee', 'ABN AMRO Bank N.V. Basispakket 3,35 Debitcard 1,65 periode 01-02-2026 t/m 28-02-2026', x('expenses.bank-fees'));
  card(p, '2026-02-28 23:40', -100.0, 'Holland Casino Zandvoort', 'Zandvoort', x('expenses.gambling', 'gambling'));
  ideal(p, '2026-01-11 21:05', -1384.0, org('Corendon B.V.', nl('RABO', '0183722511')), 'Reservering 2026-114578 Antalya 4 pers', x('expenses.travel'));
  card(p, '2026-03-24 10:20', -65.0, 'Tandartspraktijk Rosmolen', 'Zaandam', x('expenses.health'));
  transfer(p, '2026-03-13', -139.0, org('CJIB', nl('INGB', '0000779220')), 'Beschikking 3000 0162 4415 8812 snelheidsovertreding A8 kenteken 62-ZKL-4', x('expenses.other'), { trtp: true, kenmerk: '3000016244158812' });
}

const hofman: Persona = {
  key: 'hofman', holder: 'Lieke Hofman', bank: 'BUNQ', profile: 'retail', pas: '',
  accounts: { current: nl('BUNQ', '2047185523'), savings: nl('BUNQ', '2047185531'), bills: nl('BUNQ', '2047185574') },
};
{
  const p = hofman;
  transfer(p, '2026-03-24', 2980.44, org('Technische Universiteit Delft', nl('INGB', '0000528822')), 'Salaris maart 2026 medewerkernr 201834', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-04-01', -1125.0, org('Stichting DUWO', nl('ABNA', '0598004413')), 'Huur april 2026 Balthasar van der Polweg 210 huurder 300451', x('expenses.housing.rent'));
  card(p, '2026-03-03 18:40', -31.22, 'Hoogvliet 112', 'Delft', x('expenses.groceries'));
  card(p, '2026-03-06 12:11', -18.76, 'Ekoplaza Delft', 'Delft', x('expenses.groceries'));
  ideal(p, '2026-03-08 20:30', -54.3, org('Crisp B.V.', nl('INGB', '0007440126')), 'Crisp bestelling 7731902', x('expenses.groceries'));
  card(p, '2026-03-13 19:05', -24.98, "Domino's Pizza Delft", 'Delft', x('expenses.eating-out'));
  card(p, '2026-03-20 20:12', -21.45, 'Uber Eats', 'Amsterdam', x('expenses.eating-out'));
  card(p, '2026-03-04 03:12', -2.99, 'Apple.com/bill', 'Cork', x('expenses.subscriptions', 'subscription'), { country: 'IRL' });
  card(p, '2026-03-09 05:40', -12.99, 'Google YouTube Premium', 'Dublin', x('expenses.subscriptions', 'subscription'), { country: 'IRL' });
  incasso(p, '2026-03-22', -10.5, creditor('Simpel', nl('ABNA', '0485172633'), '34328001', 'SIM4014227719'), 'Simpel factuur 4014227719 april 2026', x('expenses.telecom', 'direct-debit', 'subscription'));
  card(p, '2026-03-10 08:32', -4.0, 'HTM Personenvervoer', 'Den Haag', x('expenses.transport.public'));
  card(p, '2026-03-15 23:02', -8.9, 'RET Automaat Beurs', 'Rotterdam', x('expenses.transport.public'));
  ideal(p, '2026-02-02 10:00', -86.5, org('Ticketmaster Nederland B.V.', nl('ABNA', '0620113387')), 'Order 40-12345/NL 2x concert AFAS Live', x('expenses.leisure'));
  card(p, '2026-03-27 21:10', -13.5, 'Pathe Delft', 'Delft', x('expenses.leisure'));
  card(p, '2026-03-28 14:22', -34.99, 'H&M Delft', 'Delft', x('expenses.shopping'));
  ideal(p, '2026-03-02 19:12', -21.4, org('Vinted UAB', iban('LT', '3250012345678901')), 'Vinted aankoop 4118877 jas', x('expenses.shopping'));
  transfer(p, '2026-03-14', 46.0, org('Vinted UAB', iban('LT', '3250012345678901')), 'Vinted uitbetaling saldo 2026-03-14', x('income.other'));
  transfer(p, '2026-02-20', 120.0, org('Catawiki B.V.', nl('ABNA', '0523118874')), 'Uitbetaling verkoop kavel 55012881', x('income.other'));
  transfer(p, '2026-03-18', -15.0, org('Femke de Ruiter', nl('BUNQ', '2081446012')), 'Cadeau Anouk', x('expenses.to-people'));
  transfer(p, '2026-03-29', 15.0, org('Tom Brouwers', nl('INGB', '0008812001')), 'Terugbetaling bioscoop', x('income.from-people'));
  transfer(p, '2026-03-25', -450.0, own(p, 'bills', 'Vaste lasten'), 'Vaste lasten april', x('transfers.own-accounts', 'internal-transfer'));
  transfer(p, '2026-03-25', -200.0, own(p, 'savings', 'Spaarrekening'), 'Automatisch sparen', x('transfers.savings', 'internal-transfer'));
  bankBooking(p, '2026-03-01', -3.99, 'fee', 'bunq Core abonnementskosten maart 2026', x('expenses.bank-fees'));
  bankBooking(p, '2026-03-01', 1.87, 'interest', 'bunq rente uitbetaling februari 2026', x('income.interest'), { on: 'savings' });
  card(p, '2026-02-12 21:30', -89.98, 'Ryanair', 'Dublin', x('expenses.travel'), { country: 'IRL' });
  card(p, '2026-02-15 16:02', -312.44, 'Airbnb', 'Dublin', x('expenses.travel'), { country: 'IRL' });
  card(p, '2026-03-11 16:30', -38.0, 'SumUp *Fysio Hof van Delft', 'Delft', x('expenses.health'), { hard: true });
  atm(p, '2026-03-21 13:00', -40.0, 'Euronet ATM Markt', 'Delft');
  ideal(p, '2026-03-05 12:44', -25.0, org('Stichting Giro555', nl('INGB', '0000000555')), 'Gift Giro555 hulp aardbeving', x('expenses.charity'));
  ideal(p, '2026-02-01 11:20', -74.25, org('Studystore B.V.', nl('INGB', '0006651209')), 'Bestelling studieboeken 2209871', x('expenses.education'));
  card(p, '2026-03-31 15:45', -9.5, 'Zettle_*Bloemenstal Ria', 'Delft', x('expenses.shopping'), { hard: true });
}

const vanWijk: Persona = {
  key: 'van-wijk', holder: 'H.J. van Wijk', bank: 'SNS', profile: 'retail', pas: '012',
  accounts: { current: nl('SNSB', '0912374455'), savings: nl('SNSB', '0923471186') },
};
{
  const p = vanWijk;
  transfer(p, '2026-03-23', 1487.35, SVB, 'AOW maart 2026 klantnr 0112345678', x('income.pension'), { purpose: 'PENS' });
  transfer(p, '2026-03-20', 684.12, org('Stichting Pensioenfonds ABP', nl('INGB', '0000019100')), 'Pensioen maart 2026 ABP-nummer 7002 1145 netto', x('income.pension'));
  transfer(p, '2026-03-24', 122.4, org('Pensioenfonds Detailhandel', nl('ABNA', '0471200188')), 'Ouderdomspensioen maart 2026 deelnemer 55012', x('income.pension'), { purpose: 'PENS' });
  transfer(p, '2026-03-20', 84.0, TOESLAGEN, 'TOESLAGEN ZORGTOESLAG 2026 VOORSCHOT MAART 1203.88.104', x('income.benefits'));
  card(p, '2026-03-02 10:40', -38.21, 'Boni Apeldoorn', 'Apeldoorn', x('expenses.groceries'));
  card(p, '2026-03-09 09:18', -12.4, 'Spar Ugchelen', 'Apeldoorn', x('expenses.groceries'));
  card(p, '2026-03-15 18:30', -54.8, 'De Beren Apeldoorn', 'Apeldoorn', x('expenses.eating-out'));
  card(p, '2026-03-04 11:02', -7.3, 'Apotheek De Maten', 'Apeldoorn', x('expenses.health'));
  incasso(p, '2026-03-26', -21.4, creditor('CAK', nl('INGB', '0000677700'), '27308211', 'CAK3120448'), 'Eigen bijdrage Wmo maart 2026 relatie 3120448', x('expenses.health', 'direct-debit'));
  card(p, '2026-02-18 14:15', -199.0, 'Hans Anders Apeldoorn', 'Apeldoorn', x('expenses.health'));
  incasso(p, '2026-03-31', -55.1, creditor('Gemeente Apeldoorn', nl('BNGH', '0285010122'), '08186842', '202600144520'), 'Aanslag gemeentelijke belastingen 2026 termijn 3 van 10 nr 2026.00.14452', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-03-02', -18.45, creditor('Dela', nl('RABO', '0111320014'), '17012512', '1000445819'), 'Premie uitvaartverzekering maart 2026 polis 1000445819', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-04-01', -172.1, creditor('Salland Zorgverzekeringen', nl('RABO', '0137761020'), '05031525', '4450021'), 'Premie april 2026 relatienr 4450021', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-04-03', -96.0, creditor('Pure Energie', nl('ABNA', '0603355712'), '08131640', 'PE883152'), 'Termijnbedrag april 2026 klantnummer 883152', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-04-05', -54.95, creditor('Caiway', nl('RABO', '0316544210'), '27251311', 'CW7715803'), 'Factuur 2026-04 internet + tv klant 7715803', x('expenses.telecom', 'direct-debit', 'subscription'));
  atm(p, '2026-03-06 10:02', -150.0, 'Geldautomaat Hoofdstraat', 'Apeldoorn');
  incasso(p, '2026-03-10', -15.0, creditor('Leger des Heils', nl('INGB', '0000000900'), '41177588', 'LDH2231087'), 'Gift maart 2026 relatie 2231087', x('expenses.charity', 'direct-debit'));
  incasso(p, '2026-03-27', -25.0, creditor('Protestantse Gemeente Apeldoorn', nl('RABO', '0379811240'), '76542121', 'PGA-0412'), 'Actie Kerkbalans 2026 termijn 3', x('expenses.charity', 'direct-debit'));
  incasso(p, '2026-04-01', -15.0, creditor('Nederlandse Loterij Organisatie B.V.', nl('ABNA', '0432117680'), '27310424', 'NLO5512009'), 'Staatsloterij maandlot april 2026 lotnr KL 44021', x('expenses.gambling', 'gambling', 'direct-debit'));
  incasso(p, '2026-03-12', -13.75, creditor('VriendenLoterij', nl('ABNA', '0550119283'), '34159832', 'VL-3009188'), 'VriendenLoterij lot maart 2026 deelnemer 3009188', x('expenses.gambling', 'gambling', 'direct-debit'));
  bankBooking(p, '2026-04-01', 12.88, 'interest', 'Rente 1e kwartaal 2026 SNS Internet Sparen', x('income.interest'), { on: 'savings' });
  transfer(p, '2026-03-24', -500.0, own(p, 'savings'), 'Naar SNS Internet Sparen', x('transfers.savings', 'internal-transfer'));
  bankBooking(p, '2026-03-31', -3.1, 'fee', 'Kosten SNS Betalen maart 2026', x('expenses.bank-fees'));
  card(p, '2026-03-22 11:30', -29.5, 'Apenheul', 'Apeldoorn', x('expenses.leisure'));
  card(p, '2026-03-28 13:05', -19.5, 'Paleis Het Loo', 'Apeldoorn', x('expenses.leisure'));
  transfer(p, '2026-03-11', 100.0, org('M.J. van Wijk', nl('RABO', '0154420877')), 'Voor de nieuwe fiets, groetjes Marloes', x('income.from-people'));
  transfer(p, '2026-03-17', -50.0, org('F. van Wijk', nl('INGB', '0004661234')), 'Voor je verjaardag Fenna', x('expenses.to-people'));
  card(p, '2026-03-19 09:45', -58.0, 'Euromaster Apeldoorn', 'Apeldoorn', x('expenses.transport.car'));
  card(p, '2026-03-13 10:12', -3.9, 'Syntus Buskaartautomaat', 'Apeldoorn', x('expenses.transport.public'));
  incasso(p, '2026-03-01', -412.65, creditor('Hypotrust', nl('INGB', '0006840122'), '30245571', 'HT-30041188'), 'Hypotheektermijn maart 2026 leningdeel 1 en 2 lening 30041188', x('expenses.housing.mortgage', 'direct-debit'));
  card(p, '2026-03-05 15:20', -64.0, 'Dierenkliniek Apeldoorn-Zuid', 'Apeldoorn', x('expenses.other'));
  card(p, '2026-03-16 10:30', -36.5, 'CCV*Fysiotherapie Zevenhuizen', 'Apeldoorn', x('expenses.health'), { hard: true });
  card(p, '2026-03-21 09:05', -5.85, 'CCV*Bakkerij Stam', 'Apeldoorn', x('expenses.groceries'), { hard: true });
}

const wuyts: Persona = {
  key: 'wuyts', holder: 'S.A. Wuyts', bank: 'TRIODOS', profile: 'retail', pas: '308',
  accounts: { current: nl('TRIO', '0391287446'), savings: nl('TRIO', '0391290854'), ing: nl('INGB', '0005517742') },
};
{
  const p = wuyts;
  transfer(p, '2026-03-24', 3410.22, org('Alliander N.V.', nl('ABNA', '0442300851')), 'Salaris maart 2026 personeelsnr 104488', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-03-20', 842.0, TOESLAGEN, 'KINDEROPVANGTOESLAG 2026 VOORSCHOT APRIL TOESLAGNR 3390.12.775', x('income.benefits'));
  incasso(p, '2026-04-01', -1612.4, creditor('Kinderopvang Humankind', nl('RABO', '0155210038'), '41037416', 'HK220184'), 'Factuur april 2026 dagopvang en BSO klantnr 220184', x('expenses.childcare', 'direct-debit'));
  incasso(p, '2026-04-02', -480.0, creditor('Gastouderbureau Kindertijd', nl('RABO', '0302218871'), '09178834', 'GKT-0451'), 'Opvang maart 2026 gastouder incl. bureaukosten', x('expenses.childcare', 'direct-debit'));
  incasso(p, '2026-04-01', -1044.18, creditor('Argenta Spaarbank', iban('BE', '979000000005'), creditorId('BE', '0404453574'), 'ARG4400187'), 'Hypotheek rente en aflossing april 2026 lening 4400187', x('expenses.housing.mortgage', 'direct-debit'));
  incasso(p, '2026-03-28', -77.0, creditor('Zonneplan', nl('INGB', '0007218802'), '62412317', 'ZP-118220'), 'Zonneplan energie termijn april 2026', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-04-01', -89.3, creditor('Ennatuurlijk', nl('ABNA', '0594331207'), '17255413', '30094412'), 'Voorschot warmte april 2026 klantnr 30094412', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-03-31', -71.2, creditor('Gemeente Arnhem', nl('BNGH', '0285000217'), '09202744', '26004471120'), 'Aanslag 2026 OZB afvalstoffenheffing rioolheffing termijn 4', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-03-31', -23.45, creditor('Waterschap Rijn en IJssel', nl('NWAB', '0636755112'), '51166720', '20260088442'), 'Aanslag waterschapsbelasting 2026 termijn 2 van 8', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-04-01', -128.0, creditor('ZieZo Zorgverzekering', nl('ABNA', '0530118824'), '20149987', '880451'), 'Premie basis april 2026 relatienr 880451', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-04-01', -31.2, creditor('Klaverblad Verzekeringen', nl('RABO', '0119230045'), '20016554', '70081124'), 'Premie woonhuis en inboedel april 2026 polis 7008 1124', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-04-03', -45.0, creditor('Freedom Internet B.V.', nl('TRIO', '0338811502'), '73212440', 'FI-11820'), 'Freedom Internet glasvezel april 2026 factuur FI-2026-04-11820', x('expenses.telecom', 'direct-debit', 'subscription'));
  incasso(p, '2026-04-01', -24.5, creditor('NRC', nl('INGB', '0000413822'), '32127420', '1120874'), 'NRC digitaal abonnement april 2026 abonneenr 1120874', x('expenses.subscriptions', 'direct-debit', 'subscription'));
  incasso(p, '2026-03-17', -13.99, creditor('Storytel AB', iban('SE', '50000000058398257466'), creditorId('SE', '5567860211'), 'ST-8812004'), 'Storytel abonnement april 2026', x('expenses.subscriptions', 'direct-debit', 'subscription'));
  incasso(p, '2026-03-25', -10.0, creditor('Amnesty International', nl('INGB', '0000000099'), '40530113', '3004188'), 'Maandelijkse bijdrage april 2026 lidnr 3004188', x('expenses.charity', 'direct-debit'));
  incasso(p, '2026-01-15', -36.0, creditor('Natuurmonumenten', nl('TRIO', '0198451120'), '40413017', 'NM-551287'), 'Lidmaatschap 2026 lidnr 551287', x('expenses.charity', 'direct-debit'));
  card(p, '2026-03-04 17:50', -41.08, 'Nettorama Arnhem', 'Arnhem', x('expenses.groceries'));
  card(p, '2026-03-12 16:05', -22.5, 'Amazing Oriental', 'Arnhem', x('expenses.groceries'), { device: 'Google Pay' });
  card(p, '2026-03-20 20:40', -46.0, 'CCV*Lokaal Arnhem', 'Arnhem', x('expenses.eating-out'), { hard: true });
  card(p, '2026-03-22 11:10', -26.0, 'Burgers Zoo', 'Arnhem', x('expenses.leisure'));
  ideal(p, '2026-02-08 19:31', -58.0, org('CTS Eventim Nederland B.V.', nl('ABNA', '0611022987')), 'Tickets Musis Arnhem order 556102', x('expenses.leisure'));
  incasso(p, '2026-03-27', -261.0, creditor('Radboud Universiteit Nijmegen', nl('ABNA', '0240089001'), '41055629', 's1088412'), 'Collegegeld 2025-2026 termijn 7 studentnr s1088412', x('expenses.education', 'direct-debit'));
  transfer(p, '2026-03-25', -100.0, own(p, 'savings'), 'Naar Triodos Spaarrekening', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-25', -250.0, own(p, 'ing'), 'Overboeking naar eigen rekening ING', x('transfers.own-accounts', 'internal-transfer'));
  bankBooking(p, '2026-04-01', -4.5, 'fee', 'Kosten Triodos Betalen april 2026', x('expenses.bank-fees'));
  ideal(p, '2026-01-28 21:50', -164.0, org('Eurostar International Ltd', iban('GB', 'BARC20000055779911')), 'Booking ZX4KP9 Amsterdam-London 2 pers', x('expenses.travel'));
  card(p, '2026-02-20 22:15', -118.0, 'Hotel Ibis Paris Gare du Nord', 'Paris', x('expenses.travel'), { country: 'FRA' });
  card(p, '2026-02-21 13:20', -31.4, 'SumUp *Le Petit Zinc', 'Paris', x('expenses.eating-out'), { country: 'FRA', hard: true });
  card(p, '2026-03-09 08:05', -4.1, 'Breng Bus Arnhem', 'Arnhem', x('expenses.transport.public'));
  card(p, '2026-03-30 16:00', -12.0, 'CCV*Stomerij Ketelaar', 'Arnhem', x('expenses.other'), { hard: true });
}

const sedney: Persona = {
  key: 'sedney', holder: 'D.R. Sedney', bank: 'KNAB', profile: 'retail', pas: '771',
  accounts: { current: nl('KNAB', '0723164890'), savings: nl('KNAB', '0723164904'), abn: nl('ABNA', '0866021457') },
};
{
  const p = sedney;
  transfer(p, '2026-03-25', 2133.9, org('Stichting Flevoziekenhuis', nl('ABNA', '0445010233')), 'Salaris maart 2026 pnr 30127', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-03-20', 189.0, TOESLAGEN, 'KINDGEBONDEN BUDGET 2026 VOORSCHOT APRIL 4410.55.019', x('income.benefits'));
  transfer(p, '2026-04-02', 287.07, SVB, 'Kinderbijslag 1e kwartaal 2026 klantnr 0344871002', x('income.benefits'), { purpose: 'BENE' });
  transfer(p, '2026-04-01', -798.55, org('Goede Stede', nl('INGB', '0006549103')), 'Huur april 2026 contract 0045127', x('expenses.housing.rent'));
  incasso(p, '2026-03-08', -103.11, creditor('Tibber Nederland B.V.', nl('INGB', '0007911455'), '77092233', 'TB-99120'), 'Tibber maandfactuur maart 2026', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-03-31', -51.35, creditor('Gemeente Almere', nl('BNGH', '0285001930'), '39081211', '11220087'), 'Belastingaanslag 2026 nr 1122.0087 termijn 3', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-04-01', -141.2, creditor('IZA Zorgverzekeraar', nl('ABNA', '0519903364'), '30212321', 'IZA77012'), 'Premie zorgverzekering april 2026 relatie 77012', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-04-01', -29.9, creditor('Unigarant', nl('INGB', '0002088102'), '02045238', '4112775'), 'Premie autoverzekering april 2026 polis 4112.775', x('expenses.insurance.other', 'direct-debit'));
  storno(p, '2026-04-06', 29.9, creditor('Unigarant', nl('INGB', '0002088102'), '02045238', '4112775'), 'Premie autoverzekering april 2026 polis 4112.775', 'MS02');
  incasso(p, '2026-03-15', -9.0, creditor('Budget Mobiel', nl('RABO', '0322811406'), '30221588', 'BM0612998'), 'Factuur maart 2026 Budget Mobiel', x('expenses.telecom', 'direct-debit', 'subscription'));
  card(p, '2026-03-07 10:50', -66.12, 'Vomar Almere Haven', 'Almere', x('expenses.groceries'));
  card(p, '2026-03-14 15:12', -23.41, 'Tanger Supermarkt', 'Almere', x('expenses.groceries'));
  card(p, '2026-03-13 18:40', -19.95, 'KFC Almere', 'Almere', x('expenses.eating-out'), { device: 'Google Pay' });
  ideal(p, '2026-03-20 18:30', -27.4, org('New York Pizza', nl('ABNA', '0480811620')), 'Bestelling 88123001 New York Pizza Almere', x('expenses.eating-out'));
  card(p, '2026-03-09 07:40', -58.6, 'Gulf Almere', 'Almere', x('expenses.transport.fuel'));
  card(p, '2026-03-16 13:14', -23.18, 'Fastned A6 De Vaart', 'Almere', x('expenses.transport.fuel'));
  card(p, '2026-03-18 10:02', -3.6, 'EasyPark', 'Amsterdam', x('expenses.transport.car'));
  incasso(p, '2026-04-04', -42.17, creditor('Greenwheels', nl('INGB', '0006601288'), '34108433', 'GW-552013'), 'Greenwheels ritten maart 2026', x('expenses.transport.car', 'direct-debit'));
  card(p, '2026-03-21 14:30', -49.99, 'Decathlon Almere', 'Almere', x('expenses.shopping'));
  card(p, '2026-03-28 11:15', -89.0, 'Kwantum Almere', 'Almere', x('expenses.shopping'));
  incasso(p, '2026-03-27', -212.0, creditor('Santander Consumer Finance', nl('ABNA', '0562301184'), '30125113', 'SCF4011223'), 'Aflossing persoonlijke lening 4011223 april', x('expenses.loans', 'direct-debit'));
  ideal(p, '2026-03-21 23:10', -50.0, org("Jack's Casino Online", nl('ABNA', '0861203321')), 'Storting account 88120 Jacks.nl', x('expenses.gambling', 'gambling'));
  atm(p, '2026-03-12 16:44', -40.0, 'Geldautomaat Stadhuisplein', 'Almere');
  transfer(p, '2026-03-25', -75.0, own(p, 'savings'), 'Knab Spaarrekening maandelijks', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-30', 120.0, own(p, 'abn'), 'Van eigen rekening ABN AMRO', x('transfers.own-accounts', 'internal-transfer'));
  transfer(p, '2026-03-31', -60.0, org('D.R. Sedney', nl('RABO', '0346617702')), 'Naar mijn eigen Rabo rekening', x('transfers.own-accounts', 'internal-transfer'), { hard: true });
  bankBooking(p, '2026-03-31', -2.95, 'fee', 'Knab Basis rekening kosten maart 2026', x('expenses.bank-fees'));
  tikkieOut(p, '2026-03-22 20:12', -15.0, 'Verjaardagscadeau Jayden', 'S. Pinto');
  tikkieIn(p, '2026-03-23', 9.5, 'Friet', org('R. Wijnaldum', nl('INGB', '0002117761')));
  card(p, '2026-03-29 10:30', -42.0, 'Walibi Holland', 'Biddinghuizen', x('expenses.leisure'));
  card(p, '2026-03-07 19:20', -11.5, 'SumUp *Snackbar De Frietkoning', 'Almere', x('expenses.eating-out'), { hard: true });
  card(p, '2026-03-24 19:50', -15.0, 'SumUp *Yoga Studio Licht', 'Almere', x('expenses.leisure'), { hard: true });
  incasso(p, '2026-03-02', -1180.0, creditor('Smallsteps B.V.', nl('INGB', '0006710943'), '08215431', 'SMS-880912'), 'Kinderopvang maart 2026 kindnr 880912 Amara', x('expenses.childcare', 'direct-debit'));
  ideal(p, '2026-03-03 09:30', -41.5, org('Gemeente Almere', nl('BNGH', '0285001930')), 'Leges rijbewijs aanvraag 2026-0331', x('expenses.other'));
  incasso(p, '2026-03-16', -47.34, creditor('Belastingdienst', BELASTINGDIENST.iban, BELASTINGDIENST_CREDITOR_ID, 'MRB-XG412K'), 'Motorrijtuigenbelasting kenteken XG-412-K tijdvak 01-03-2026 t/m 31-05-2026', x('expenses.taxes', 'direct-debit'));
}

const hoekman: Persona = {
  key: 'hoekman', holder: 'B. Hoekman-Smid', bank: 'REGIO', profile: 'retail', pas: '045',
  accounts: { current: nl('RBRB', '0941223887'), savings: nl('ASNB', '0709112387') },
};
{
  const p = hoekman;
  transfer(p, '2026-03-25', 2011.4, org('Stichting Treant Zorggroep', nl('RABO', '0329900126')), 'Salaris maart 2026 pnr 66120', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-03-30', 944.21, UWV, 'WW-uitkering maart 2026 uitkeringsnr 700-4410', x('income.benefits'), { purpose: 'BENE' });
  incasso(p, '2026-04-01', -23.1, creditor('WMD Drinkwater B.V.', nl('ABNA', '0437110092'), '04031290', 'WMD40288'), 'Voorschot drinkwater april 2026 klant 40288', x('expenses.housing.water', 'direct-debit'));
  transfer(p, '2026-04-01', -701.33, org('Domesta', nl('RABO', '0341000266')), 'Huur april 2026 Noorderstraat 118', x('expenses.housing.rent'), { standing: true });
  incasso(p, '2026-04-02', -110.0, creditor('Engie Nederland Retail B.V.', nl('INGB', '0004123321'), '17085815', '7006141'), 'Termijnbedrag gas en stroom april 2026 klantnr 7006141', x('expenses.housing.energy', 'direct-debit'));
  storno(p, '2026-04-08', 110.0, creditor('Engie Nederland Retail B.V.', nl('INGB', '0004123321'), '17085815', '7006141'), 'Termijnbedrag gas en stroom april 2026 klantnr 7006141', 'MD06');
  incasso(p, '2026-03-31', -45.5, creditor('Gemeente Emmen', nl('BNGH', '0285031102'), '01151788', '2026120044'), 'Gemeentelijke belastingen 2026 aanslag 2026.1200.44 termijn 3', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-03-31', -21.0, creditor('Waterschap Vechtstromen', nl('NWAB', '0636740117'), '58611221', '88120311'), 'Waterschapsbelasting 2026 termijn 3 aanslag 88120311', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-04-01', -149.5, creditor('De Friesland Zorgverzekeraar', nl('RABO', '0341050113'), '01142813', '5580211'), 'Premie april 2026 relatienummer 5580211', x('expenses.insurance.health', 'direct-debit'));
  card(p, '2026-03-05 16:20', -28.7, 'Coop Angelslo', 'Emmen', x('expenses.groceries'));
  card(p, '2026-03-10 08:55', -9.95, 'Spar Emmerhout', 'Emmen', x('expenses.groceries'));
  card(p, '2026-03-14 19:02', -16.45, 'Burger King Emmen', 'Emmen', x('expenses.eating-out'));
  card(p, '2026-03-17 13:30', -18.97, 'Wibra Emmen', 'Emmen', x('expenses.shopping'));
  card(p, '2026-03-21 14:10', -12.5, 'Big Bazar Emmen', 'Emmen', x('expenses.shopping'));
  ideal(p, '2026-03-11 20:20', -86.2, org('Infomedics B.V.', nl('INGB', '0006692234')), 'Tandartsnota 20261144 patient 0341', x('expenses.health'));
  incasso(p, '2026-03-28', -145.0, creditor('Defam B.V.', nl('INGB', '0006201187'), '27290421', '5001234'), 'Aflossing lening 500.1234 april 2026', x('expenses.loans', 'direct-debit'));
  card(p, '2026-03-20 22:40', -25.0, 'bet365.nl', 'Gzira', x('expenses.gambling', 'gambling'), { country: 'MLT' });
  atm(p, '2026-03-13 10:40', -60.0, 'Geldautomaat Raadhuisplein', 'Emmen');
  transfer(p, '2026-03-25', -50.0, own(p, 'savings'), 'Naar ASN Spaarrekening', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-16', -35.0, org('T. Hoekman', nl('RBRB', '0911820043')), 'Terug voor de kaartjes', x('expenses.to-people'));
  incasso(p, '2026-03-03', -5.0, creditor('Hartstichting', nl('INGB', '0000300000'), '40409372', 'HS7712004'), 'Gift maart 2026 donateur 7712004', x('expenses.charity', 'direct-debit'));
  card(p, '2026-03-28 10:40', -24.5, 'Wildlands Adventure Zoo', 'Emmen', x('expenses.leisure'));
  card(p, '2026-03-09 07:35', -4.52, 'Qbuzz', 'Emmen', x('expenses.transport.public'));
  bankBooking(p, '2026-04-01', -3.25, 'fee', 'Kosten RegioBank Betalen april 2026', x('expenses.bank-fees'));
  transfer(p, '2026-03-03', -45.0, org('Ouderraad CBS De Akker', nl('RABO', '0353118870')), 'Vrijwillige ouderbijdrage 2025-2026 groep 4', x('expenses.education'));
  transfer(p, '2026-03-18', 450.0, org('Klaverblad Verzekeringen', nl('RABO', '0119230045')), 'Uitkering schade 2026-0114 waterschade keuken', x('income.other'));
  transfer(p, '2026-03-30', 612.0, BELASTINGDIENST, 'Teruggaaf inkomstenbelasting 2025 aanslagnr 1234.56.789.H.25.01', x('income.refund', 'refund'), { kenmerk: '1234567891250106' });
  transfer(p, '2026-03-26', -280.0, org('Stichting Peuterspeelzaal Het Vlindertje', nl('RBRB', '0933012288')), 'Ouderbijdrage maart en april', x('expenses.childcare'), { hard: true });
}

const oosterbeek: Persona = {
  key: 'oosterbeek', holder: 'T. Oosterbeek', bank: 'ASN', profile: 'retail', pas: '219',
  accounts: { current: nl('ASNB', '0761928347'), savings: nl('ASNB', '8801256643') },
};
{
  const p = oosterbeek;
  transfer(p, '2026-03-25', 2560.0, org('Koninklijke FrieslandCampina N.V.', nl('ABNA', '0411522009')), 'Salaris april 2026 pnr 301128', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-04-24', 1830.15, org('Koninklijke FrieslandCampina N.V.', nl('ABNA', '0411522009')), 'Vakantietoeslag 2026 pnr 301128', x('income.salary'), { purpose: 'SALA' });
  incasso(p, '2026-04-01', -1096.4, creditor('Munt Hypotheken', nl('ABNA', '0590017726'), '66731239', 'MH-2201477'), 'Termijn hypotheek april 2026 leningnummer 2201477', x('expenses.housing.mortgage', 'direct-debit'));
  incasso(p, '2026-04-02', -85.0, creditor('Energiedirect.nl', nl('ABNA', '0512887120'), '09223188', 'ED2201734'), 'Termijnbedrag april 2026 klantnr 2201734', x('expenses.housing.energy', 'direct-debit'));
  incasso(p, '2026-03-31', -19.8, creditor('Wetterskip Fryslan', nl('NWAB', '0636730211'), '50912332', '44120188'), 'Aanslag watersysteemheffing 2026 termijn 3', x('expenses.housing.local-taxes', 'direct-debit'));
  incasso(p, '2026-04-01', -119.95, creditor('Zekur', nl('RABO', '0300661004'), '05054112', 'ZK441201'), 'Premie april 2026 polis 441201', x('expenses.insurance.health', 'direct-debit'));
  incasso(p, '2026-04-01', -17.8, creditor('Reaal Verzekeringen', nl('INGB', '0000002150'), '34357312', '21104410'), 'Premie aansprakelijkheid + inboedel april 2026 polis 2110.4410', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-03-20', -8.5, creditor('Robin Mobile', nl('INGB', '0007302255'), '61200344', 'RM-118823'), 'Factuur maart 2026 Robin Mobile 118823', x('expenses.telecom', 'direct-debit', 'subscription'));
  incasso(p, '2026-04-01', -29.5, creditor('NDC Mediagroep', nl('ABNA', '0412882105'), '01011209', 'LC800441'), 'Abonnement Leeuwarder Courant april 2026 abonneenr 800441', x('expenses.subscriptions', 'direct-debit', 'subscription'));
  card(p, '2026-03-02 04:10', -1.99, 'Google One', 'Dublin', x('expenses.subscriptions', 'subscription'), { country: 'IRL' });
  card(p, '2026-03-06 17:25', -47.3, 'Poiesz Leeuwarden', 'Leeuwarden', x('expenses.groceries'));
  card(p, '2026-03-13 11:40', -14.6, 'Zettle_*Visboer Bouma', 'Leeuwarden', x('expenses.groceries'), { hard: true });
  card(p, '2026-03-10 12:35', -8.4, 'Lebkov & Sons', 'Leeuwarden', x('expenses.eating-out'));
  card(p, '2026-03-12 07:50', -60.01, 'Avia Leeuwarden', 'Leeuwarden', x('expenses.transport.fuel'));
  card(p, '2026-03-27 18:15', -52.88, 'Firezone Heerenveen', 'Heerenveen', x('expenses.transport.fuel'));
  card(p, '2026-03-14 10:05', -15.0, 'Carwash Eurowash', 'Leeuwarden', x('expenses.transport.car'));
  card(p, '2026-03-21 15:50', -44.99, 'Bristol Leeuwarden', 'Leeuwarden', x('expenses.shopping'));
  card(p, '2026-03-24 16:25', -58.0, 'Douglas Leeuwarden', 'Leeuwarden', x('expenses.shopping'));
  incasso(p, '2026-03-28', -230.0, creditor('NHL Stenden Hogeschool', nl('ABNA', '0475611208'), '41002322', '4412098'), 'Collegegeld termijn 6 studentnr 4412098', x('expenses.education', 'direct-debit'));
  incasso(p, '2026-03-18', -8.0, creditor('Oxfam Novib', nl('INGB', '0000004455'), '27108436', 'ON-551020'), 'Maandelijkse donatie maart 2026', x('expenses.charity', 'direct-debit'));
  card(p, '2026-03-15 22:35', -30.0, 'Unibet', 'Ta Xbiex', x('expenses.gambling', 'gambling'), { country: 'MLT' });
  tikkieOut(p, '2026-03-08 17:00', -6.5, 'Koffie en taart', 'A. Dijkema');
  atm(p, '2026-03-19 12:10', -20.0, 'Geldautomaat Nieuwestad', 'Leeuwarden');
  bankBooking(p, '2026-04-01', 8.15, 'interest', 'Rente ASN Ideaalsparen 1e kwartaal 2026', x('income.interest'), { on: 'savings' });
  transfer(p, '2026-03-26', -100.0, own(p, 'savings'), 'Naar ASN Ideaalsparen', x('transfers.savings', 'internal-transfer'));
  bankBooking(p, '2026-03-31', -2.75, 'fee', 'Kosten ASN Betalen maart 2026', x('expenses.bank-fees'));
  card(p, '2026-03-11 09:15', -11.45, 'Apotheek Bilgaard', 'Leeuwarden', x('expenses.health'));
  card(p, '2026-03-18 14:40', -18.5, 'CCV*Schoenmakerij De Hak', 'Leeuwarden', x('expenses.other'), { hard: true });
  incasso(p, '2026-01-28', -92.5, creditor('Korfbalvereniging LKC', nl('RABO', '0310221199'), '40002918', 'LKC-4418'), 'Contributie 2026 1e halfjaar lid 4418', x('expenses.leisure', 'direct-debit'));
  ideal(p, '2026-01-09 20:44', -1620.0, org('TUI Nederland N.V.', nl('ABNA', '0417002221')), 'Boeking 8812345 Kreta 2 pers', x('expenses.travel'));
  transfer(p, '2026-04-03', 3850.0, org('ikwilvanmijnautoaf.nl B.V.', nl('INGB', '0007112049')), 'Verkoop auto kenteken 4-KLN-22 aankoopnr 2204118', x('income.other'));
}

const elIdrissi: Persona = {
  key: 'el-idrissi', holder: 'N. el Idrissi', bank: 'ING', profile: 'retail', pas: '002',
  accounts: { current: nl('INGB', '0008831472'), savings: nl('INGB', '0008831480') },
};
{
  const p = elIdrissi;
  transfer(p, '2026-04-01', 412.34, DUO, 'Studiefinanciering april 2026 dossiernr 4410 2281', x('income.benefits'), { kenmerk: '2026044410228101' });
  transfer(p, '2026-03-23', 612.8, org('Sodexo Nederland B.V.', nl('ABNA', '0419822003')), 'Loon periode 3 2026 pnr 812004', x('income.salary'), { purpose: 'SALA' });
  transfer(p, '2026-04-01', -495.0, org('J.M. Hermans', nl('RABO', '0147288320')), 'Huur kamer april 2026 Brusselsestraat 88', x('expenses.housing.rent'), { hard: true });
  incasso(p, '2026-04-01', -18.2, creditor('Waterleiding Maatschappij Limburg', nl('INGB', '0003212011'), '14021088', 'WML1100238'), 'Voorschot water april 2026 klantnr 1100238', x('expenses.housing.water', 'direct-debit'));
  card(p, '2026-03-04 19:10', -11.83, 'Spar City Maastricht', 'Maastricht', x('expenses.groceries'), { device: 'Google Pay' });
  card(p, '2026-03-13 22:30', -36.5, 'Cafe Sjiek', 'Maastricht', x('expenses.eating-out'), { hard: true });
  ideal(p, '2026-02-27 10:02', -261.83, org('Universiteit Maastricht', nl('ABNA', '0246212004')), 'Collegegeld 2025-2026 termijn 8 i6012345', x('expenses.education'));
  card(p, '2026-03-16 08:22', -4.32, 'Arriva Limburg', 'Maastricht', x('expenses.transport.public'), { device: 'Google Pay' });
  card(p, '2026-03-20 23:55', -19.99, 'STEAMGAMES.COM 4259522985', 'Bellevue', x('expenses.leisure'), { country: 'USA' });
  transfer(p, '2026-04-01', 200.0, org('M. el Idrissi', nl('INGB', '0004418820')), 'Zakgeld april', x('income.from-people'));
  tikkieOut(p, '2026-03-19 21:30', -9.0, 'Pizza huisgenoten', 'L. Claessens');
  ideal(p, '2026-03-06 14:12', -10.0, org('Lyca Mobile', iban('GB', 'NWBK60000010203040')), 'Lyca Mobile opwaardering 06-1***8812', x('expenses.telecom'));
  card(p, '2026-03-01 02:10', -11.99, 'Deezer', 'Paris', x('expenses.subscriptions', 'subscription'), { country: 'FRA' });
  card(p, '2026-03-21 15:35', -35.95, 'Zara Maastricht', 'Maastricht', x('expenses.shopping'));
  atm(p, '2026-03-07 01:15', -20.0, 'Geldautomaat Markt', 'Maastricht');
  transfer(p, '2026-03-02', 100.0, own(p, 'savings'), 'Van Oranje Spaarrekening', x('transfers.savings', 'internal-transfer'));
  card(p, '2026-02-10 18:20', -48.3, 'Hostelworld', 'Dublin', x('expenses.travel'), { country: 'IRL' });
  transfer(p, '2026-03-30', 25.0, org('Panel Inzicht B.V.', nl('RABO', '0180335521')), 'Uitbetaling beloning enquetes saldo maart', x('income.other'));
  card(p, '2026-03-25 13:20', -22.0, 'SumUp *Escape Room Maastricht', 'Maastricht', x('expenses.leisure'), { hard: true });
  card(p, '2026-03-08 11:10', -12.95, 'SumUp *Bloemist De Tulp', 'Maastricht', x('expenses.shopping'), { hard: true });
}

const zandbergen: Persona = {
  key: 'zandbergen', holder: 'G.W. Zandbergen', bank: 'RABO', profile: 'retail', pas: '611',
  accounts: { current: nl('RABO', '0355671208'), savings: nl('RABO', '1422093356') },
};
{
  const p = zandbergen;
  transfer(p, '2026-03-23', 1612.2, SVB, 'AOW maart 2026 klantnr 0220871155', x('income.pension'), { purpose: 'PENS' });
  transfer(p, '2026-03-20', 530.66, org('Pensioenfonds Zorg en Welzijn', nl('INGB', '0006542021')), 'Pensioen maart 2026 regnr 0441285', x('income.pension'));
  transfer(p, '2026-03-24', 211.4, org('Pensioenfonds Metaal en Techniek', nl('ABNA', '0444888009')), 'Uitkering ouderdomspensioen maart 2026', x('income.pension'), { purpose: 'PENS' });
  incasso(p, '2026-03-30', -21.7, creditor('Oasen N.V.', nl('ABNA', '0457891236'), '29029358', '300211904'), 'Voorschotnota drinkwater maart 2026 klantnr 3002 11904', x('expenses.housing.water', 'direct-debit'));
  incasso(p, '2026-04-01', -612.1, creditor('Lot Hypotheken', nl('INGB', '0006650128'), '54111223', 'LOT-88120'), 'Maandtermijn hypotheek april 2026 lening 88120', x('expenses.housing.mortgage', 'direct-debit'));
  incasso(p, '2026-03-27', -87.0, creditor('Belastingdienst', BELASTINGDIENST.iban, BELASTINGDIENST_CREDITOR_ID, 'IB2026-0412'), 'Voorlopige aanslag inkomstenbelasting 2026 aanslagnr 2204.11.876.H.26.01 termijn 4 van 11', x('expenses.taxes', 'direct-debit'));
  transfer(p, '2026-03-12', -450.0, org('Notariaat Van Vreeswijk', nl('RABO', '0113488205')), 'Declaratie testament 2026-0412', x('expenses.other'));
  transfer(p, '2026-02-26', 7500.0, org('Notariaat Van Vreeswijk Derdengelden', nl('RABO', '0113488299')), 'Uitkering nalatenschap wijlen A.J. Zandbergen dossier 2025.1188', x('income.other'));
  transfer(p, '2026-03-19', 86.4, org('Hollandzorg', nl('INGB', '0006610044')), 'Vergoeding declaratie 2026-03-12 fysiotherapie', x('income.refund', 'refund'));
  card(p, '2026-03-12 10:40', -11.2, 'Zettle_*Kaaskraam Markt', 'Gouda', x('expenses.groceries'), { hard: true });
  card(p, '2026-03-19 15:00', -125.0, 'Schoonenberg Hoorcomfort', 'Gouda', x('expenses.health'));
  incasso(p, '2026-03-15', -7.5, creditor('Alzheimer Nederland', nl('INGB', '0000004100'), '41177228', 'AN-220177'), 'Maandgift maart 2026', x('expenses.charity', 'direct-debit'));
  card(p, '2026-03-21 13:10', -42.0, 'Brasserie De Goudse Waag', 'Gouda', x('expenses.eating-out'));
  ideal(p, '2026-01-17 20:10', -489.0, org('Landal GreenParks', nl('ABNA', '0512700381')), 'Boeking 44210987 Landal Heihaas mei 2026', x('expenses.travel'));
  atm(p, '2026-03-05 11:00', -100.0, 'Geldautomaat Markt', 'Gouda');
  incasso(p, '2026-03-28', -95.0, creditor('Qander Consumer Finance', nl('ABNA', '0582044101'), '33181773', '10071124'), 'Termijn doorlopend krediet 10071124 april 2026', x('expenses.loans', 'direct-debit'));
  incasso(p, '2026-03-02', -12.4, creditor('Monuta', nl('INGB', '0000220099'), '11017411', 'MON-55120'), 'Premie uitvaartverzekering maart 2026 polis 55120', x('expenses.insurance.other', 'direct-debit'));
  incasso(p, '2026-01-12', -65.0, creditor('Bridgeclub Gouda', nl('RABO', '0309102288'), '40464120', 'BCG-112'), 'Contributie 2026 lidnr 112', x('expenses.leisure', 'direct-debit'));
  card(p, '2026-03-26 14:15', -7.8, 'CCV*Boerderijwinkel De Hoeve', 'Haastrecht', x('expenses.groceries'), { hard: true });
  transfer(p, '2026-03-28', -20.0, org('L. Zandbergen', nl('INGB', '0009911234')), 'Voor jou en de kinderen, opa', x('expenses.to-people'));
  bankBooking(p, '2026-04-01', 22.4, 'interest', 'Rente Rabo SpaarRekening 1e kwartaal 2026', x('income.interest'), { on: 'savings' });
}

const janssens: Persona = {
  key: 'janssens', holder: 'K.M. Janssens', bank: 'ABN', profile: 'retail', pas: '083',
  accounts: { current: nl('ABNA', '0433178902'), savings: nl('ABNA', '0433178910') },
};
{
  const p = janssens;
  transfer(p, '2026-03-25', 3102.77, org('Scelta Mushrooms B.V.', nl('RABO', '0127730044')), 'Salaris maart 2026 mw 1180', x('income.salary'), { trtp: true, purpose: 'SALA', kenmerk: 'SAL-202603-1180' });
  incasso(p, '2026-04-01', -988.4, creditor('Woonfonds Hypotheken', nl('INGB', '0006501134'), '55912348', 'WF-4451200'), 'Hypotheek april 2026 leningnr 4451200', x('expenses.housing.mortgage', 'direct-debit'), { trtp: true });
  incasso(p, '2026-03-28', -24.1, creditor('Waterleiding Maatschappij Limburg', nl('INGB', '0003212011'), '14021088', 'WML1100871'), 'Voorschot water maart 2026 klantnr 1100871', x('expenses.housing.water', 'direct-debit'));
  incasso(p, '2026-04-03', -1320.55, creditor('Kinderopvang Hoera', nl('RABO', '0148811207'), '14084520', 'HOERA-33120'), 'Kinderopvang april 2026 factuur 33120', x('expenses.childcare', 'direct-debit'), { trtp: true });
  card(p, '2026-03-06 17:55', -72.35, 'Jan Linders Venlo', 'Venlo', x('expenses.groceries'), { device: 'Apple Pay' });
  card(p, '2026-03-14 12:40', -6.5, 'SumUp *IJssalon Venezia', 'Venlo', x('expenses.eating-out'), { hard: true });
  card(p, '2026-03-15 08:50', -68.2, 'CCV*Tankstation Heijmen', 'Tegelen', x('expenses.transport.fuel'), { hard: true });
  card(p, '2026-03-21 14:00', -12.0, 'SumUp *Zwembad De Wisselslag', 'Venlo', x('expenses.leisure'), { hard: true });
  card(p, '2026-03-22 11:25', -19.5, 'Zettle_*Boekhandel Wijs', 'Venlo', x('expenses.shopping'), { hard: true });
  card(p, '2026-03-23 19:45', -8.0, 'CCV*Parkeergarage Maasboulevard', 'Venlo', x('expenses.transport.car'), { hard: true });
  card(p, '2026-03-28 10:10', -32.5, 'SumUp *Manege De Peelrand', 'Horst', x('expenses.leisure'), { hard: true });
  card(p, '2026-02-14 16:30', -84.0, 'CCV*Camping De Berckt', 'Baarlo', x('expenses.travel'), { hard: true });
  card(p, '2026-03-25 09:40', -38.0, 'SumUp *Medisch Pedicure Anja', 'Venlo', x('expenses.health'), { hard: true });
  card(p, '2026-03-29 13:20', -14.0, 'Zettle_*Foodtruck Smaakmakers', 'Venlo', x('expenses.eating-out'), { hard: true });
  card(p, '2026-03-30 16:45', -26.4, 'CCV*Dierenspeciaalzaak Kwispel', 'Venlo', x('expenses.shopping'), { hard: true });
  card(p, '2026-02-01 15:10', -9.8, 'CCV*Frituur De Kleine Smul', 'Antwerpen', x('expenses.eating-out'), { country: 'BEL', hard: true });
  card(p, '2026-03-08 12:30', -4.5, 'CCV*Sportkantine VV Blerick', 'Venlo', x('expenses.eating-out'), { hard: true });
  transfer(p, '2026-03-18', -60.0, org('Hr. R. Verbruggen', nl('INGB', '0005520019')), 'Bijles wiskunde maart 4x', x('expenses.education'), { hard: true });
  transfer(p, '2026-03-26', -400.0, own(p, 'savings'), 'Naar Direct Sparen', x('transfers.savings', 'internal-transfer'), { trtp: true });
  transfer(p, '2026-03-04', 250.0, own(p, 'savings'), 'Van Direct Sparen', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-26', 400.0, own(p, 'current'), 'Naar Direct Sparen', x('transfers.savings', 'internal-transfer'), { on: 'savings' });
  transfer(p, '2026-03-06', 32.5, org('A.M. Peeters', nl('RABO', '0155612098')), 'Mijn deel van het weekendje weg', x('income.from-people'), { trtp: true });
  card(p, '2026-03-12 12:10', 24.99, 'MediaMarkt Venlo', 'Venlo', x('income.refund', 'refund'));
  atm(p, '2026-02-02 11:30', -50.0, 'Geldautomaat Groenplaats', 'Antwerpen', { country: 'BEL' });
  bankBooking(p, '2026-03-02', -3.35, 'fee', 'ABN AMRO Bank N.V. Basispakket periode 01-02-2026 t/m 28-02-2026', x('expenses.bank-fees'));
  incasso(p, '2026-03-10', -32.0, creditor('Stichting Roparun', nl('INGB', '0006812201'), '24406120', 'RP-2026-1180'), 'Sponsoring Roparun 2026 team 112', x('expenses.charity', 'direct-debit'));
  transfer(p, '2026-03-27', -75.0, org('Gemeentelijke Kredietbank Venlo', nl('BNGH', '0285071884')), 'Aflossing schuldregeling dossier 2024-0771 maart', x('expenses.loans'), { trtp: true });
}

// ---------------------------------------------------------------------------------------------------------
// Corporate personas
// ---------------------------------------------------------------------------------------------------------

const vanOostrom: Persona = {
  key: 'van-oostrom', holder: 'Klimaattechniek Van Oostrom B.V.', bank: 'RABO', profile: 'corporate', pas: '117',
  accounts: { current: nl('RABO', '0158273641'), savings: nl('RABO', '3158273641') },
};
{
  const p = vanOostrom;
  transfer(p, '2026-03-09', 4840.0, org('Woningstichting GroenWest', nl('RABO', '0327190088')), 'Factuur 2026-0087 onderhoud cv-installaties complex 12', x('income.business'));
  transfer(p, '2026-03-16', 1815.0, org('BAM Bouw en Techniek B.V.', nl('ABNA', '0243558822')), 'Betaling factuur 2026-0091 project 4410 Woerden', x('income.business'), { kenmerk: '4410-0091' });
  transfer(p, '2026-03-19', 726.0, org('J. van Dorp', nl('INGB', '0003551920')), 'Factuur 2026-0095 onderhoud ketel', x('income.business'));
  transfer(p, '2026-03-20', -3102.45, org('Technische Unie B.V.', nl('ABNA', '0468811205')), 'Factuur 90441287 klantnr 120455', x('expenses.business.supplies'));
  transfer(p, '2026-03-20', -885.21, org('Rexel Nederland B.V.', nl('INGB', '0006780331')), 'Fact 3300124578 debiteur 88120', x('expenses.business.supplies'));
  transfer(p, '2026-03-24', -2641.3, org('P. de Bruijn', nl('RABO', '0389102254')), 'Salaris maart 2026', x('expenses.business.salaries'), { purpose: 'SALA' });
  transfer(p, '2026-03-24', -2398.75, org('M. Veenstra', nl('INGB', '0002298810')), 'Salaris maart 2026', x('expenses.business.salaries'), { purpose: 'SALA' });
  transfer(p, '2026-03-31', -4218.0, BELASTINGDIENST, 'Loonheffingen maart 2026 betalingskenmerk 1234 5678 9012 3456', x('expenses.taxes.payroll'), { purpose: 'TAXS' });
  transfer(p, '2026-04-28', -6120.0, BELASTINGDIENST, 'Omzetbelasting 1e kwartaal 2026 betalingskenmerk 5566 7788 9900 1122', x('expenses.taxes.vat'), { purpose: 'VATX' });
  bankBooking(p, '2026-04-01', -19.6, 'fee', 'Kosten Rabo BasisPakket Zakelijk 01-03-2026 t/m 31-03-2026', x('expenses.bank-fees'));
  card(p, '2026-03-11 07:20', -95.44, 'Supertank Woerden', 'Woerden', x('expenses.business.transport.fuel'));
  incasso(p, '2026-04-01', -612.3, creditor('Athlon Car Lease Nederland B.V.', nl('RABO', '0114402211'), '30113377', 'ATH3301877'), 'Leasetermijn april 2026 contract 3301877 VW Transporter', x('expenses.business.transport.lease', 'direct-debit'));
  incasso(p, '2026-04-01', -184.0, creditor('Bovemij Verzekeringen', nl('ABNA', '0411288700'), '09034211', 'BOV880124'), 'Premie bedrijfsautoverzekering april 2026 polis 880124', x('expenses.business.insurance', 'direct-debit'));
  transfer(p, '2026-03-31', -5000.0, own(p, 'savings'), 'Reservering btw naar Rabo Bedrijfsspaarrekening', x('transfers.savings', 'internal-transfer'));
  raw(p, '2026-04-01', -1250.0, { description: 'Aflossing bedrijfsfinanciering 3120.44.118 april 2026', counterpartName: 'Rabobank', counterpartAccountNumber: null, transactionType: 'db', transactionTypeName: 'Diverse boekingen' }, x('expenses.loans'));
  incasso(p, '2026-03-21', -34.0, creditor('Youfone Nederland B.V.', nl('INGB', '0007711025'), '30226614', 'YFZ-22014'), 'Factuur 2026-03 zakelijk mobiel 2 aansluitingen', x('expenses.business.telecom', 'direct-debit', 'subscription'));
  card(p, '2026-03-18 12:30', -312.6, 'Technische Unie Utrecht', 'Utrecht', x('expenses.business.supplies'));
  card(p, '2026-03-25 07:55', -46.8, 'CCV*IJzerwarenhandel Kamps', 'Woerden', x('expenses.business.supplies'), { hard: true });
}

const lindeboom: Persona = {
  key: 'lindeboom', holder: 'Lindeboom Communicatie', bank: 'KNAB', profile: 'corporate', pas: '552',
  accounts: { current: nl('KNAB', '0412207755'), savings: nl('KNAB', '0412207763') },
};
{
  const p = lindeboom;
  transfer(p, '2026-03-12', 3025.0, org('Omroep MAX', nl('ABNA', '0458730211')), 'Factuur LC-2026-014', x('income.business'));
  transfer(p, '2026-03-26', 1452.0, org('Nederlandse Publieke Omroep', nl('INGB', '0000618012')), 'Factuur LC-2026-011 copywriting campagne voorjaar', x('income.business'));
  transfer(p, '2026-03-05', 387.12, org('Stripe Technology Europe Ltd', iban('IE', 'CITI99005196655108')), 'STRIPE PAYOUT po_1QxR4kLz8mNc2', x('income.business'));
  card(p, '2026-03-03 02:10', -11.99, 'Canva', 'Surry Hills', x('expenses.business.software', 'subscription'), { country: 'AUS' });
  incasso(p, '2026-04-01', -41.14, creditor('Exact Nederland B.V.', nl('ABNA', '0590022108'), '27239974', 'EX-55012'), 'Exact Online abonnement april 2026 factuur 550120411', x('expenses.business.software', 'direct-debit', 'subscription'));
  ideal(p, '2026-03-09 09:15', -8.05, org('Kamer van Koophandel', nl('INGB', '0000688838')), 'Uittreksel KVK 32144587', x('expenses.business.fees'));
  transfer(p, '2026-03-27', -605.0, org('R. Claassen Fotografie', nl('BUNQ', '2019932871')), 'Factuur 2026-007 fotoshoot campagne', x('expenses.business.subcontracting'));
  transfer(p, '2026-01-30', -1840.0, BELASTINGDIENST, 'Omzetbelasting 4e kwartaal 2025 betalingskenmerk 8812 0044 1128 7711', x('expenses.taxes.vat'), { purpose: 'VATX' });
  incasso(p, '2026-03-27', -412.0, creditor('Belastingdienst', BELASTINGDIENST.iban, BELASTINGDIENST_CREDITOR_ID, 'IB2026-0881'), 'Voorlopige aanslag inkomstenbelasting 2026 termijn 3 van 11', x('expenses.taxes.income-tax', 'direct-debit'));
  card(p, '2026-02-11 09:40', -289.0, 'KLM Royal Dutch Airlines', 'Amstelveen', x('expenses.business.travel'));
  card(p, '2026-03-17 13:05', -38.5, 'CCV*Lunchcafe Het Gooi', 'Hilversum', x('expenses.business.meals'), { hard: true });
  incasso(p, '2026-03-10', -42.5, creditor('Trans Link Systems B.V.', nl('ABNA', '0449932718'), '34193542', '3528011877124410'), 'OV-chipkaart zakelijk automatisch opladen', x('expenses.business.travel', 'direct-debit'));
  bankBooking(p, '2026-03-31', -9.95, 'fee', 'Knab Zakelijk rekening kosten maart 2026', x('expenses.bank-fees'));
  transfer(p, '2026-03-27', -1500.0, own(p, 'savings'), 'Reservering inkomstenbelasting naar Knab Zakelijk Sparen', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-28', -2500.0, org('E.J. Lindeboom', nl('INGB', '0004471286')), 'Prive opname april 2026', x('transfers.own-accounts', 'internal-transfer'));
  bankBooking(p, '2026-04-01', 3.42, 'interest', 'Rente Knab Zakelijk Sparen 1e kwartaal 2026', x('income.interest'), { on: 'savings' });
}

const deBrink: Persona = {
  key: 'de-brink', holder: 'Horeca De Brink B.V.', bank: 'ING', profile: 'corporate', pas: '021',
  accounts: { current: nl('INGB', '0009140553'), savings: nl('INGB', '0009140561'), rabo: nl('RABO', '0362201187') },
};
{
  const p = deBrink;
  transfer(p, '2026-03-10', 2130.55, org('Adyen N.V.', nl('ADYB', '2017400157')), 'Adyen payout batch 1121 merchant HorecaDeBrink', x('income.business'));
  transfer(p, '2026-03-12', 812.4, org('SumUp Payments Limited', iban('IE', 'CITI99005191222155')), 'SumUp uitbetaling 2026-03-11', x('income.business'), { hard: true });
  transfer(p, '2026-03-16', 455.2, org('Uber Eats Netherlands B.V.', nl('CITI', '2032217746')), 'Uitbetaling week 11 restaurant 88120', x('income.business'), { hard: true });
  transfer(p, '2026-03-18', 640.0, org('Stichting Deventer Ondernemers Netwerk', nl('RABO', '0305512273')), 'Factuur 2026-031 zaalhuur en catering netwerkborrel', x('income.business'));
  incasso(p, '2026-03-17', -2890.44, creditor('Sligro Food Group Nederland B.V.', nl('ABNA', '0545811002'), '16034118', 'SLG-4410'), 'Factuur 77120044 klant 4410', x('expenses.business.supplies', 'direct-debit'));
  card(p, '2026-03-13 07:40', -678.12, 'Hanos Deventer', 'Deventer', x('expenses.business.supplies'));
  incasso(p, '2026-03-20', -1204.8, creditor('Heineken Nederland B.V.', nl('INGB', '0000658801'), '33011433', 'HNB501122'), 'Bierlevering week 12 debiteur 501122', x('expenses.business.supplies', 'direct-debit'));
  transfer(p, '2026-04-01', -3750.0, org('Beheermaatschappij Brinkpand B.V.', nl('RABO', '0371109942')), 'Huur bedrijfsruimte april 2026 Brink 64', x('expenses.business.rent'));
  raw(p, '2026-03-25', -8845.2, { description: `Naam: Horeca De Brink B.V. Omschrijving: Verzamelbetaling 6 posten Salarissen maart 2026 IBAN: ${p.accounts.current} Valutadatum: 25-03-2026`, counterpartName: 'Horeca De Brink B.V.', counterpartAccountNumber: null, transactionType: 'VZ', transactionTypeName: 'Verzamelbetaling' }, x('expenses.business.salaries'), { purpose: 'SALA' });
  transfer(p, '2026-03-31', -2210.0, BELASTINGDIENST, 'Aangifte loonheffingen maart 2026 betalingskenmerk 4411 2200 8812 0031', x('expenses.taxes.payroll'), { purpose: 'TAXS' });
  transfer(p, '2026-04-30', -3310.0, BELASTINGDIENST, 'Omzetbelasting 1e kwartaal 2026 betalingskenmerk 7710 2288 4401 9912', x('expenses.taxes.vat'), { purpose: 'VATX' });
  bankBooking(p, '2026-04-01', -14.95, 'fee', 'Kosten Zakelijk Betalen Pakket maart 2026', x('expenses.bank-fees'));
  incasso(p, '2026-01-05', -212.5, creditor('NH1816 Verzekeringen', nl('RABO', '0395102217'), '37011228', 'NH12088'), 'Premie bedrijfsaansprakelijkheid horeca 2026 polis 120.88', x('expenses.business.insurance', 'direct-debit'));
  transfer(p, '2026-03-20', -2000.0, own(p, 'rabo', 'Horeca De Brink B.V.'), 'Overboeking naar eigen rekening Rabobank', x('transfers.own-accounts', 'internal-transfer'));
  card(p, '2026-03-19 10:10', -84.5, 'Makro Deventer', 'Deventer', x('expenses.business.supplies'));
}

const dijkhuis: Persona = {
  key: 'dijkhuis', holder: 'Dijkhuis Transport B.V.', bank: 'ABN', profile: 'corporate', pas: '310',
  accounts: { current: nl('ABNA', '0622918834'), savings: nl('ABNA', '0622918842') },
};
{
  const p = dijkhuis;
  transfer(p, '2026-03-13', 12480.5, org('Kuehne + Nagel N.V.', nl('DEUT', '0488120944')), 'Betaling fact. 26-0041 26-0043', x('income.business'), { trtp: true, kenmerk: 'KN20260313-4410' });
  transfer(p, '2026-03-20', 3388.0, org('Bakkersland B.V.', nl('RABO', '0118822045')), 'Factuur 26-0047 transport week 9', x('income.business'), { trtp: true });
  transfer(p, '2026-03-27', 2117.4, org('Greenyard Fresh Netherlands B.V.', nl('INGB', '0006830019')), 'INV 260049 DEBNR 77120', x('income.business'));
  incasso(p, '2026-04-02', -4412.77, creditor('Travelcard Nederland B.V.', nl('ABNA', '0520911377'), '27245102', 'TC-70770012'), 'Brandstof maart 2026 factuur 2026030112 passen 7077', x('expenses.business.transport.fuel', 'direct-debit'), { trtp: true });
  incasso(p, '2026-04-01', -1890.0, creditor('TVM verzekeringen', nl('RABO', '0163002211'), '04023312', 'TVM44100'), 'Premie wagenpark april 2026 polis 44100', x('expenses.business.insurance', 'direct-debit'));
  incasso(p, '2026-03-27', -5210.0, creditor('Belastingdienst', BELASTINGDIENST.iban, BELASTINGDIENST_CREDITOR_ID, 'VPB2026-1120'), 'Voorlopige aanslag vennootschapsbelasting 2026 termijn 4 van 11', x('expenses.taxes.corporate-income-tax', 'direct-debit'), { trtp: true });
  transfer(p, '2026-03-31', -9844.0, BELASTINGDIENST, 'Loonheffingen maart 2026 betalingskenmerk 3344 1100 2299 8877', x('expenses.taxes.payroll'), { trtp: true, purpose: 'TAXS', kenmerk: '3344110022998877' });
  transfer(p, '2026-03-18', -5410.22, org('Tempo-Team Uitzendbureau B.V.', nl('ABNA', '0412255001')), 'Factuur 880124 inhuur chauffeurs week 10-11', x('expenses.business.staffing'));
  incasso(p, '2026-04-01', -189.0, creditor('Trimble Transport & Logistics', nl('CITI', '2032244010'), '34207711', 'TTL-11208'), 'Boordcomputer licenties april 2026 12 units', x('expenses.business.software', 'direct-debit', 'subscription'));
  transfer(p, '2026-03-25', -3120.4, org('W. Hendriksen', nl('RABO', '0377120911')), 'Salaris maart 2026 chauffeur', x('expenses.business.salaries'), { trtp: true, purpose: 'SALA' });
  raw(p, '2026-04-01', -2150.0, { description: 'ABN AMRO Bank N.V. Aflossing lening 44.12.887 april 2026', counterpartName: 'ABN AMRO Bank N.V.', counterpartAccountNumber: null, transactionType: 'db', transactionTypeName: 'Diversen' }, x('expenses.loans'));
  bankBooking(p, '2026-03-02', -14.75, 'fee', 'ABN AMRO Bank N.V. Ondernemerspakket 12,50 Betaalpas 2,25 periode 01-02-2026 t/m 28-02-2026', x('expenses.bank-fees'));
  bankBooking(p, '2026-04-01', 18.22, 'interest', 'RENTE 01-01-2026 T/M 31-03-2026 ONDERNEMERS SPAARREKENING', x('income.interest'), { on: 'savings' });
  transfer(p, '2026-02-24', 2311.0, BELASTINGDIENST, 'Teruggaaf omzetbelasting 4e kwartaal 2025 kenmerk 1188.22.441.B.01', x('income.refund', 'refund'), { trtp: true });
  transfer(p, '2026-03-31', -10000.0, own(p, 'savings'), 'Naar Ondernemers Spaarrekening', x('transfers.savings', 'internal-transfer'));
  card(p, '2026-03-24 06:40', -14.5, 'Wegrestaurant De Lucht', 'Gorinchem', x('expenses.business.meals'));
}

const kroon: Persona = {
  key: 'kroon', holder: 'Fenna Kroon Fotografie', bank: 'BUNQ', profile: 'corporate', pas: '',
  accounts: { current: nl('BUNQ', '2064418823'), savings: nl('BUNQ', '2064418831') },
};
{
  const p = kroon;
  transfer(p, '2026-02-03', 1210.0, org('Gemeente Zeist', nl('BNGH', '0285079842')), 'Factuur 2026-12 fotografie nieuwjaarsreceptie', x('income.business'));
  transfer(p, '2026-03-04', 950.0, org('L. en M. Schipper', nl('INGB', '0007719920')), 'Aanbetaling bruiloft 14 juni factuur 2026-15', x('income.business'));
  transfer(p, '2026-03-06', 214.95, org('MultiSafepay B.V.', nl('DEUT', '0265115005')), 'Uitbetaling 2026-03 webshop prints', x('income.business'));
  card(p, '2026-03-08 14:50', -1249.0, 'Foto Konijnenberg', 'Amersfoort', x('expenses.business.equipment'));
  card(p, '2026-03-01 06:30', -19.5, 'Pixieset Media', 'Vancouver', x('expenses.business.software', 'subscription'), { country: 'CAN' });
  transfer(p, '2026-01-29', -910.0, BELASTINGDIENST, 'Omzetbelasting 4e kwartaal 2025 betalingskenmerk 9911 0022 4433 7766', x('expenses.taxes.vat'));
  bankBooking(p, '2026-03-01', -13.99, 'fee', 'bunq Business abonnementskosten maart 2026', x('expenses.bank-fees'));
  card(p, '2026-03-18 15:20', -14.8, 'Allego Laadpaal', 'Zeist', x('expenses.business.transport.fuel'));
  card(p, '2026-03-18 12:40', -17.9, 'CCV*Lunchroom De Dorpsstraat', 'Zeist', x('expenses.business.meals'), { hard: true });
  incasso(p, '2026-03-22', -18.0, creditor('Hollandsnieuwe', nl('ABNA', '0553098127'), '34293201', 'HN-ZK-2201'), 'Zakelijk sim only maart 2026', x('expenses.business.telecom', 'direct-debit', 'subscription'));
  ideal(p, '2026-02-19 21:05', -142.0, org('Hotels.com', nl('CITI', '2032198833')), 'Hotel Maastricht 2 nachten opdracht bruiloft reservering 7201188', x('expenses.business.travel'));
  transfer(p, '2026-03-30', -600.0, own(p, 'savings', 'Belastingpot'), 'Btw reservering', x('transfers.savings', 'internal-transfer'));
  transfer(p, '2026-03-31', -1800.0, org('F. Kroon', nl('ASNB', '0781120456')), 'Privé opname maart', x('transfers.own-accounts', 'internal-transfer'));
  incasso(p, '2026-03-05', -59.0, creditor('Qredits Microfinanciering', nl('RABO', '0115540301'), '50370448', 'QR-44101'), 'Aflossing en rente lening 44101 maart 2026', x('expenses.loans', 'direct-debit'));
}

// ---------------------------------------------------------------------------------------------------------

/** The hand-written set (frozen). */
export const handWrittenSet: readonly HandWrittenItem[] = Object.freeze(items.slice());
