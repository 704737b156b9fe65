/**
 * A sandbox household written as the CSV export an ING or Rabobank customer downloads from online banking, so
 * that imports can be tested against the transactions a sandbox fetch gives. The layouts are those the
 * @obp/statements parsers read (docs/decisions.md, "Statement parsing libraries (issue 26)"):
 * - ING: `"Datum";"Naam / Omschrijving";…;"Saldo na mutatie";"Tag"`, newest row first, `;` (or `,`) separated.
 *   The sandbox description is ING's "Mededelingen"; Code is the sandbox type in capitals, as ING writes its
 *   codes (`BA`, `IC`); Mutatiesoort the type name. The description's `Kenmerk:`, `Machtiging:` and `Incassant:`
 *   are read back from it as ING's labelled parts are. The export has no value date column (the sandbox's
 *   descriptions have no `Valutadatum:`), no purpose or return reason.
 * - Rabobank: the 26 columns from "IBAN/BBAN" to "Koers", oldest row first, each account's rows together. The
 *   description is cut at spaces into Omschrijving-1..3 (the first two at most 96 characters, the rest in the third),
 *   so that its lines joined by a space give it back; Code is the sandbox type (Rabobank's codes are the same
 *   lower-case ones); end-to-end id, mandate id and creditor id are the description's `Kenmerk:`, `Machtiging:`
 *   and `Incassant:`; Reden retour the return reason; Volgnr the transaction's place among all of its account's
 *   transactions, so an export of a later window numbers the same transaction alike. There is no type name and
 *   no purpose code.
 * Both carry the balance after each row, from the opening balance given.
 */
import { bicOf } from '../iban';
import type { SandboxAccount, SandboxDataset, SandboxTransaction } from '../types';
import { descriptionDetails } from './render-mt940';

export type CsvBank = 'ing' | 'rabobank';

export interface RenderCsvOptions {
  bank: CsvBank;
  /** First booking day written, `YYYY-MM-DD`; default the first of the data. */
  from?: string;
  /** Last booking day written, `YYYY-MM-DD`; default the last of the data. */
  to?: string;
  /** The balance before the account's first transaction in the data (so that exports of overlapping windows agree): one for every account, or per IBAN (missing ones 0). Default 0. */
  openingBalance?: number | Readonly<Record<string, number>>;
  /** ING only: the separator the customer chose. Default `;`. */
  separator?: ';' | ',';
  /** Default CRLF. */
  lineEnding?: '\r\n' | '\n';
}

const ING_HEADER = ['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Code', 'Af Bij', 'Bedrag (EUR)', 'Mutatiesoort', 'Mededelingen', 'Saldo na mutatie', 'Tag'];
const RABOBANK_HEADER = [
  'IBAN/BBAN', 'Munt', 'BIC', 'Volgnr', 'Datum', 'Rentedatum', 'Bedrag', 'Saldo na trn', 'Tegenrekening IBAN/BBAN', 'Naam tegenpartij', 'Naam uiteindelijke partij',
  'Naam initiërende partij', 'BIC tegenpartij', 'Code', 'Batch ID', 'Transactiereferentie', 'Machtigingskenmerk', 'Incassant ID', 'Betalingskenmerk', 'Omschrijving-1',
  'Omschrijving-2', 'Omschrijving-3', 'Reden retour', 'Oorspr bedrag', 'Oorspr munt', 'Koers',
];
const DESCRIPTION_LINE = 96;

interface Row {
  account: SandboxAccount;
  t: SandboxTransaction;
  /** Cents after the row. */
  balance: number;
  /** 1-based among all of the account's transactions. */
  sequence: number;
  order: number;
}

export function renderCsv(data: SandboxDataset, options: RenderCsvOptions): string {
  const eol = options.lineEnding ?? '\r\n';
  const days = data.transactions.map((t) => day(t.bookingDate)).sort();
  const from = options.from ?? days[0] ?? '1970-01-01';
  const to = options.to ?? days[days.length - 1] ?? from;
  const rows: Row[] = [];
  for (const account of data.accounts) {
    const own = data.transactions
      .map((t, index) => ({ t, index }))
      .filter(({ t }) => t.accountExternalId === account.externalId)
      .sort((a, b) => a.t.bookingDate.localeCompare(b.t.bookingDate) || a.index - b.index);
    let balance = Math.round(openingOf(account, options.openingBalance) * 100);
    own.forEach(({ t, index }, n) => {
      balance += Math.round(t.amount * 100);
      const booked = day(t.bookingDate);
      if (booked < from || booked > to) return;
      rows.push({ account, t, balance, sequence: n + 1, order: index });
    });
  }
  if (options.bank === 'ing') {
    const separator = options.separator ?? ';';
    const newestFirst = [...rows].sort((a, b) => b.t.bookingDate.localeCompare(a.t.bookingDate) || b.order - a.order);
    return [ING_HEADER, ...newestFirst.map(ingRow)].map((fields) => fields.map(quoted).join(separator)).join(eol) + eol;
  }
  return [RABOBANK_HEADER, ...rows.map(rabobankRow)].map((fields) => fields.map(quoted).join(',')).join(eol) + eol;
}

function ingRow({ account, t, balance }: Row): string[] {
  return [
    day(t.bookingDate).replace(/-/g, ''),
    t.counterpartName ?? '',
    account.iban,
    t.counterpartAccountNumber ?? '',
    t.transactionType.toUpperCase(),
    t.amount < 0 ? 'Af' : 'Bij',
    amountText(Math.abs(Math.round(t.amount * 100)), false),
    t.transactionTypeName,
    t.description,
    amountText(balance, false),
    '',
  ];
}

function rabobankRow({ account, t, balance, sequence }: Row): string[] {
  const details = descriptionDetails(t.description);
  const [first = '', second = '', third = ''] = descriptionLines(t.description);
  return [
    account.iban, account.currency, bicOf(account.iban), String(sequence).padStart(18, '0'), day(t.bookingDate), day(t.valueDate),
    amountText(Math.round(t.amount * 100), true), amountText(balance, true),
    t.counterpartAccountNumber ?? '', t.counterpartName ?? '', '', '', t.counterpartAccountNumber !== null ? bicOf(t.counterpartAccountNumber) : '',
    t.transactionType, '', details.endToEndId ?? '', details.mandateId ?? '', details.creditorSchemeId ?? '', '',
    first, second, third, t.reasonCode ?? '', '', '', '',
  ];
}

/** At most three lines cut at spaces, the first two at most DESCRIPTION_LINE characters (or one word), the rest in the third. */
function descriptionLines(description: string): string[] {
  const lines: string[] = [];
  let rest = description;
  while (lines.length < 2 && rest.length > DESCRIPTION_LINE) {
    const cut = rest.lastIndexOf(' ', DESCRIPTION_LINE);
    if (cut <= 0) break;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut + 1);
  }
  return [...lines, rest];
}

/** `1.234,56` with `signed` (`+1.234,56`, `-12,50`), as Rabobank writes; `1234,56` (ING, `-` only) without. */
function amountText(cents: number, signed: boolean): string {
  const whole = String(Math.floor(Math.abs(cents) / 100));
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : signed ? '+' : '';
  return `${sign}${signed ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole},${fraction}`;
}

const quoted = (value: string): string => `"${value.replace(/"/g, '""')}"`;
const day = (isoDateTime: string): string => isoDateTime.slice(0, 10);

function openingOf(account: SandboxAccount, opening: RenderCsvOptions['openingBalance']): number {
  if (opening === undefined) return 0;
  return typeof opening === 'number' ? opening : (opening[account.iban] ?? 0);
}
