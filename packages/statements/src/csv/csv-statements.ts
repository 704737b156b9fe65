/** What the bank CSV exports share: reading their header, checking their cells, and turning rows into statements. */
import { balanceProblems } from '../balances';
import { negateDecimal, sumDecimals } from '../decimal';
import { looksLikeIban } from '../mt940/account';
import { capped, tooMany } from '../problems';
import type { AccountStatement, DecimalText, StatementFormat, StatementParseResult, StatementProblem, StatementTransaction } from '../statement';
import { headerDelimiter, readCsv, type CsvRecord } from './read-csv';

export const at = (line: number): string => `line ${line}`;

/** A problem of one cell: `"Column": message`, at its row's line. */
export function cellProblem(problems: StatementProblem[], line: number, column: string, message: string): void {
  problems.push({ location: at(line), message: `"${column}": ${message}` });
}

/** The records after a header that must be exactly `columns` (names compared without case). */
export function readExport(text: string, columnSets: readonly (readonly string[])[], bank: string): { records: CsvRecord[]; columns: readonly string[] } | { problems: StatementProblem[] } {
  if (text.trim() === '') return { problems: [{ location: 'file', message: 'The file is empty.' }] };
  const garbage = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.exec(text);
  if (garbage) {
    return { problems: [{ location: at(text.slice(0, garbage.index).split('\n').length), message: `The file holds control characters or bytes that are not text: it is not a ${bank} CSV export.` }] };
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  const { records, problems } = readCsv(text, headerDelimiter(text));
  if (problems.length > 0) return { problems: capped(problems) };
  const header = records[0]!;
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const columns = columnSets.find((set) => set.length === names.length && set.every((name, i) => name.toLowerCase() === names[i]));
  if (columns === undefined) {
    const expected = columnSets[0]!;
    const unknown = header.fields.filter((name) => !columnSets.some((set) => set.some((known) => known.toLowerCase() === name.trim().toLowerCase())));
    const missing = expected.filter((name) => !names.includes(name.toLowerCase()));
    const detail = [unknown.length > 0 ? `unknown columns ${unknown.map((n) => `"${n}"`).join(', ')}` : '', missing.length > 0 ? `missing ${missing.map((n) => `"${n}"`).join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    return { problems: [{ location: at(header.line), message: `Not the header of a ${bank} CSV export (${detail || 'columns in another order'}). Expected: ${expected.map((n) => `"${n}"`).join(',')}.` }] };
  }
  if (records.length === 1) return { problems: [{ location: 'file', message: `The ${bank} CSV export has a header but no transactions.` }] };
  const rows = records.slice(1);
  const counted: StatementProblem[] = [];
  for (const record of rows) {
    if (tooMany(counted)) break;
    if (record.fields.length !== columns.length) {
      counted.push({ location: at(record.line), message: `${record.fields.length} columns where the header has ${columns.length}: a column is ${record.fields.length < columns.length ? 'missing' : 'too many'}.` });
    }
  }
  return counted.length > 0 ? { problems: capped(counted) } : { records: rows, columns };
}

/** `YYYY-MM-DD` from its parts, or null when it is not a calendar date. */
export function calendarDate(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return null;
  const days = m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return d > days ? null : `${year}-${month}-${day}`;
}

const accounts = new Map<string, { iban: string | null; accountId: string | null }>();

export function accountOf(value: string): { iban: string | null; accountId: string | null } {
  let account = accounts.get(value);
  if (account === undefined) {
    const compact = value.replace(/\s+/g, '').toUpperCase();
    account = looksLikeIban(compact) ? { iban: compact, accountId: null } : { iban: null, accountId: value.trim() };
    if (accounts.size > 1000) accounts.clear();
    accounts.set(value, account);
  }
  return account;
}

export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function emptyTransaction(fields: Pick<StatementTransaction, 'amount' | 'currency' | 'location'>): StatementTransaction {
  return {
    amount: fields.amount, currency: fields.currency, status: 'booked', bookingDate: null, valueDate: null, reversal: false, bankReference: null, endToEndId: null, mandateId: null,
    creditorSchemeId: null, bankTransactionCode: null, proprietaryCode: null, proprietaryName: null, counterpartyName: null, counterpartyIban: null, counterpartyBic: null,
    remittanceUnstructured: [], remittanceStructured: null, purposeCode: null, returnReason: null, merchantCategoryCode: null, narrative: null, location: fields.location,
  };
}

export interface CsvRow {
  iban: string | null;
  accountId: string | null;
  bic: string | null;
  transaction: StatementTransaction;
  /** The account's balance after this row, where the export gives it. */
  balance: DecimalText | null;
  line: number;
}

/**
 * One statement per account, its rows oldest first. Where rows carry the balance after them, each must be the
 * balance before plus its amount, in the file's order: oldest first, or newest first as ING writes them (the
 * order the dates show; a single day may be either, whichever adds up). The opening balance is then the oldest
 * row's balance less its amount, the closing balance the newest row's.
 */
export function statementsOf(rows: CsvRow[], format: StatementFormat, problems: StatementProblem[]): StatementParseResult {
  const byAccount = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const key = row.iban ?? `id:${row.accountId}`;
    const own = byAccount.get(key);
    if (own) own.push(row);
    else byAccount.set(key, [row]);
  }
  const statements: AccountStatement[] = [];
  for (const own of byAccount.values()) {
    if (tooMany(problems)) break;
    const first = own[0]!;
    const currencies = new Set(own.map((r) => r.transaction.currency));
    if (currencies.size > 1) {
      problems.push({ location: at(first.line), message: `The rows of account ${first.iban ?? first.accountId} are in several currencies (${[...currencies].join(', ')}).` });
      continue;
    }
    const ordered = chronological(own, problems);
    if (ordered === null) continue;
    const statement: AccountStatement = {
      statementId: null,
      iban: first.iban,
      accountId: first.accountId,
      currency: first.transaction.currency,
      bic: first.bic,
      ownerName: null,
      openingBalance: null,
      closingBalance: null,
      transactions: ordered.map((r) => r.transaction),
      location: at(first.line),
    };
    if (own.every((r) => r.balance !== null)) {
      const oldest = ordered[0]!;
      const newest = ordered[ordered.length - 1]!;
      const currency = first.transaction.currency;
      statement.openingBalance = { amount: sumDecimals([oldest.balance!, negateDecimal(oldest.transaction.amount)]), currency, date: oldest.transaction.bookingDate! };
      statement.closingBalance = { amount: newest.balance!, currency, date: newest.transaction.bookingDate! };
      problems.push(...balanceProblems(statement));
    }
    statements.push(statement);
  }
  if (problems.length > 0) return { ok: false, problems: capped(problems) };
  return { ok: true, file: { format, version: null, statements } };
}

/** The rows oldest first, with their running balances checked; null (and a problem) when they do not chain. */
function chronological(rows: CsvRow[], problems: StatementProblem[]): CsvRow[] | null {
  const dates = rows.map((r) => r.transaction.bookingDate!);
  const ascending = dates.every((d, i) => i === 0 || dates[i - 1]! <= d);
  const descending = dates.every((d, i) => i === 0 || dates[i - 1]! >= d);
  const withBalances = rows.every((r) => r.balance !== null);
  if (!ascending && !descending) {
    if (!withBalances) return rows;
    const steps = dates.map((d, n) => (n === 0 ? 0 : Math.sign(d.localeCompare(dates[n - 1]!))));
    const direction = steps.find((step) => step !== 0)!;
    problems.push({ location: at(rows[steps.findIndex((step) => step === -direction)]!.line), message: 'The rows of the account are not in date order, so their running balances ("saldo") cannot be followed.' });
    return null;
  }
  const oldestFirst = ascending && descending ? null : ascending;
  if (!withBalances) return oldestFirst === false ? [...rows].reverse() : rows;
  const forward = oldestFirst !== false ? chainBreak(rows) : 0;
  if (oldestFirst !== false && forward === -1) return rows;
  const reversed = [...rows].reverse();
  const backward = oldestFirst !== true ? chainBreak(reversed) : 0;
  if (oldestFirst !== true && backward === -1) return reversed;
  const [list, broken] = oldestFirst === false ? [reversed, backward] : [rows, forward];
  const row = list[broken]!;
  const before = list[broken - 1]!.balance!;
  problems.push({
    location: at(row.line),
    message: `The balance after this row is ${row.balance}, but the balance before it (${before}) plus its amount (${row.transaction.amount}) is ${sumDecimals([before, row.transaction.amount])}: a row is missing or altered.`,
  });
  return null;
}

/** The index of the first row whose balance is not the one before plus its amount, or -1. Each value is read once, as an integer of the account's smallest unit. */
function chainBreak(rows: CsvRow[]): number {
  const scale = Math.max(...rows.map((r) => Math.max(scaleOf(r.balance!), scaleOf(r.transaction.amount))));
  let before = units(rows[0]!.balance!, scale);
  for (let i = 1; i < rows.length; i++) {
    const after = units(rows[i]!.balance!, scale);
    if (before + units(rows[i]!.transaction.amount, scale) !== after) return i;
    before = after;
  }
  return -1;
}

function scaleOf(value: DecimalText): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

function units(value: DecimalText, scale: number): bigint {
  const dot = value.indexOf('.');
  const digits = dot === -1 ? value + '0'.repeat(scale) : value.slice(0, dot) + value.slice(dot + 1).padEnd(scale, '0');
  return BigInt(digits);
}
