/**
 * A sandbox household written as the MT940 statement file an ING, ABN AMRO or Rabobank customer downloads,
 * so that imports can be tested against the transactions a sandbox fetch gives.
 *
 * Where each style carries what (docs/decisions.md, "Statement parsing libraries (issue 26)"):
 * - the sandbox description is the remittance text: ING `/REMI/USTD//…/`, ABN AMRO and Rabobank `/REMI/…`; ABN
 *   AMRO writes card payments and cash withdrawals (types `ba`, `gm`) as its free-text `BEA`/`GEA` line instead,
 *   which is the description itself;
 * - counterparty: ING `/CNTP/iban/bic/name/city/`, ABN AMRO `/IBAN/ /BIC/ /NAME/`, Rabobank `/ORDP//NAME/` (payer) or
 *   `/BENM//NAME/` (payee) with the IBAN on the `:61:` supplementary line;
 * - end-to-end id (`/EREF/`), mandate id (`/MARF/`) and creditor id (`/CSID/`) are the description's `Kenmerk:`,
 *   `Machtiging:` and `Incassant:`; purpose code `/PURP/`, reason code `/RTRN/`;
 * - the sandbox's type name is ABN AMRO's `/TRTP/` (ING and Rabobank have no field for it); the `:61:` type code is
 *   the SWIFT code for the sandbox type (MT940_TYPE_CODES), as a `:61:` allows nothing else;
 * - the bank reference (`:61:` after `//`) is the transaction's external id without its `tx-` prefix.
 * `:86:` lines are 65 characters at most, wrapped wherever the text falls (never before a `:`, `-` or `{`, which
 * would read as a tag or a block end). Unlike the standard, a `:86:` may run past 6 lines when the sandbox
 * description is long, and characters outside the SWIFT X set (`&`, `é`, `*`) are written as they are: a
 * SWIFT-network file would have to drop or transliterate them, losing the exact text.
 */
import { bicOf } from '../iban';
import type { SandboxAccount, SandboxDataset, SandboxTransaction } from '../types';

export type Mt940Style = 'ing' | 'abnamro' | 'rabobank';

export interface RenderMt940Options {
  style: Mt940Style;
  /** First booking day written, `YYYY-MM-DD`; default the first booking day of the data. */
  from?: string;
  /** Last booking day written, `YYYY-MM-DD`; default the last booking day of the data. */
  to?: string;
  /** The balance before `from`: one for every account, or per IBAN (missing ones 0). Default 0. */
  openingBalance?: number | Readonly<Record<string, number>>;
  /** One statement per account for the whole period (default), or one per account and calendar month. */
  statementPer?: 'period' | 'month';
  /** Default CRLF, as banks write them. */
  lineEnding?: '\r\n' | '\n';
}

/** The `:61:` transaction type for each sandbox type. */
export const MT940_TYPE_CODES: Readonly<Record<string, string>> = {
  ba: 'NMSC',
  gm: 'NMSC',
  ei: 'NDDT',
  tb: 'NTRF',
  ic: 'NTRF',
  id: 'NTRF',
};

/** What a sandbox description says beyond its text, as the banks' structured fields carry it. */
export interface DescriptionDetails {
  endToEndId: string | null;
  mandateId: string | null;
  creditorSchemeId: string | null;
}

export function descriptionDetails(description: string): DescriptionDetails {
  return {
    endToEndId: / Kenmerk: (.+)$/.exec(description)?.[1] ?? null,
    mandateId: /Machtiging: (\S+)/.exec(description)?.[1] ?? null,
    creditorSchemeId: /Incassant: (\S+)/.exec(description)?.[1] ?? null,
  };
}

/** The `:61:` bank reference of a sandbox transaction (at most 16 characters). */
export function mt940BankReference(t: SandboxTransaction): string {
  return t.externalId.replace(/^tx-/, '').slice(-16);
}

const BANK: Record<Mt940Style, { bic: string }> = { ing: { bic: 'INGBNL2A' }, abnamro: { bic: 'ABNANL2A' }, rabobank: { bic: 'RABONL2U' } };
const LINE_LENGTH = 65;

export function renderMt940(data: SandboxDataset, options: RenderMt940Options): string {
  const eol = options.lineEnding ?? '\r\n';
  const days = data.transactions.map((t) => day(t.bookingDate)).sort();
  const from = options.from ?? days[0] ?? '1970-01-01';
  const to = options.to ?? days[days.length - 1] ?? from;
  const periods = options.statementPer === 'month' ? months(from, to) : [{ from, to }];
  const out: string[] = [];
  if (options.style === 'rabobank') out.push(':940:');
  for (const account of data.accounts) {
    const own = data.transactions
      .map((t, index) => ({ t, index }))
      .filter(({ t }) => t.accountExternalId === account.externalId && day(t.bookingDate) >= from && day(t.bookingDate) <= to)
      .sort((a, b) => a.t.bookingDate.localeCompare(b.t.bookingDate) || a.index - b.index)
      .map(({ t }) => t);
    let balance = Math.round(openingOf(account, options.openingBalance) * 100);
    periods.forEach((period, n) => {
      const entries = own.filter((t) => day(t.bookingDate) >= period.from && day(t.bookingDate) <= period.to);
      const opening = balance;
      balance += entries.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
      out.push(...statement(options.style, account, n + 1, period, opening, balance, entries));
    });
  }
  return out.join(eol) + eol;
}

function statement(style: Mt940Style, account: SandboxAccount, number: number, period: { from: string; to: string }, opening: number, closing: number, entries: SandboxTransaction[]): string[] {
  const { bic } = BANK[style];
  const openingDate = addDays(period.from, -1);
  const lines: string[] = [];
  if (style === 'ing') lines.push(`{1:F01${bic}XXXX0000000000}{2:I940${bic}XXXXN}{4:`);
  if (style === 'abnamro') lines.push(bic, '940', bic);
  lines.push(
    style === 'ing' ? `:20:P${yymmdd(period.to)}${String(number).padStart(9, '0')}` : style === 'abnamro' ? ':20:ABN AMRO BANK NV' : `:20:940S${yymmdd(period.to)}`,
    style === 'ing' ? `:25:${account.iban}${account.currency}` : style === 'abnamro' ? `:25:${account.iban}` : `:25:${account.iban} ${account.currency}`,
    style === 'rabobank' ? `:28C:${number}` : `:28C:${String(number).padStart(5, '0')}/1`,
    `:60F:${balanceText(opening, openingDate, account.currency)}`,
  );
  for (const t of entries) lines.push(...entry(style, t));
  lines.push(`:62F:${balanceText(closing, period.to, account.currency)}`);
  if (style !== 'rabobank') lines.push(`:64:${balanceText(closing, period.to, account.currency)}`);
  if (style === 'ing') lines.push('-}');
  if (style === 'abnamro') lines.push('-');
  return lines;
}

function entry(style: Mt940Style, t: SandboxTransaction): string[] {
  const details = descriptionDetails(t.description);
  const cents = Math.round(t.amount * 100);
  const customerReference = style === 'ing' && details.endToEndId !== null ? 'EREF' : 'NONREF';
  const statementLine =
    `:61:${yymmdd(day(t.valueDate))}${day(t.bookingDate).slice(5, 7)}${day(t.bookingDate).slice(8, 10)}${cents < 0 ? 'D' : 'C'}${amountText(Math.abs(cents))}` +
    `${MT940_TYPE_CODES[t.transactionType] ?? 'NMSC'}${customerReference}//${mt940BankReference(t)}`;
  const supplementary = style === 'rabobank' && t.counterpartAccountNumber !== null ? [t.counterpartAccountNumber] : [];
  const [first, ...rest] = wrap(information(style, t, details));
  return [statementLine, ...supplementary, `:86:${first}`, ...rest];
}

function information(style: Mt940Style, t: SandboxTransaction, d: DescriptionDetails): string {
  const iban = t.counterpartAccountNumber;
  const name = t.counterpartName;
  if (style === 'ing') {
    return [
      d.endToEndId !== null ? `/EREF/${d.endToEndId}/` : '',
      d.mandateId !== null ? `/MARF/${d.mandateId}/` : '',
      d.creditorSchemeId !== null ? `/CSID/${d.creditorSchemeId}/` : '',
      iban !== null || name !== null ? `/CNTP/${iban ?? ''}/${iban !== null ? bicOf(iban) : ''}/${name ?? ''}//` : '',
      `/REMI/USTD//${t.description}/`,
      t.purposeCode !== null ? `/PURP/${t.purposeCode}/` : '',
      t.reasonCode !== null ? `/RTRN/${t.reasonCode}/` : '',
    ].join('');
  }
  if (style === 'abnamro') {
    if (t.transactionType === 'ba' || t.transactionType === 'gm') return t.description;
    const party = [iban !== null ? `/IBAN/${iban}/BIC/${bicOf(iban)}` : '', name !== null ? `/NAME/${name}` : ''];
    return [
      `/TRTP/${t.transactionTypeName}`,
      ...(d.creditorSchemeId !== null ? [`/CSID/${d.creditorSchemeId}`, name !== null ? `/NAME/${name}` : '', d.mandateId !== null ? `/MARF/${d.mandateId}` : ''] : party),
      `/REMI/${t.description}`,
      ...(d.creditorSchemeId !== null ? [party[0]] : []),
      t.purposeCode !== null ? `/PURP/${t.purposeCode}` : '',
      t.reasonCode !== null ? `/RTRN/${t.reasonCode}` : '',
      `/EREF/${d.endToEndId ?? 'NOTPROVIDED'}`,
    ].join('');
  }
  return [
    t.reasonCode !== null ? `/RTRN/${t.reasonCode}` : '',
    `/EREF/${d.endToEndId ?? 'NOTPROVIDED'}`,
    d.mandateId !== null ? `/MARF/${d.mandateId}` : '',
    d.creditorSchemeId !== null ? `/CSID/${d.creditorSchemeId}` : '',
    name !== null ? `/${t.amount < 0 ? 'BENM' : 'ORDP'}//NAME/${name}` : '',
    `/REMI/${t.description}`,
    t.purposeCode !== null ? `/PURP/${t.purposeCode}` : '',
  ].join('');
}

/** Lines of at most 65 characters; a line never starts with `:`, `-` or `{`. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > LINE_LENGTH) {
    let cut = LINE_LENGTH;
    while (cut > 1 && /^[:\-{]/.test(rest.slice(cut))) cut--;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  lines.push(rest);
  return lines;
}

function openingOf(account: SandboxAccount, opening: RenderMt940Options['openingBalance']): number {
  if (opening === undefined) return 0;
  return typeof opening === 'number' ? opening : (opening[account.iban] ?? 0);
}

function balanceText(cents: number, date: string, currency: string): string {
  return `${cents < 0 ? 'D' : 'C'}${yymmdd(date)}${currency}${amountText(Math.abs(cents))}`;
}

function amountText(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

const day = (isoDateTime: string): string => isoDateTime.slice(0, 10);
const yymmdd = (date: string): string => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function months(from: string, to: string): { from: string; to: string }[] {
  const periods: { from: string; to: string }[] = [];
  let start = from;
  while (start <= to) {
    const next = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1)).toISOString().slice(0, 10);
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    periods.push({ from: start, to: end });
    start = next;
  }
  return periods;
}
