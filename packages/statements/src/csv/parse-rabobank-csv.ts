/**
 * Rabobank's CSV export ("Transacties downloaden", Rabo Internetbankieren, the 26-column layout written since 2018),
 * `,` separated, every field quoted, in UTF-8 or Latin-1 (the entry point decodes), oldest row first:
 * `"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN",…,"Koers"`.
 * One row is one booked transaction:
 * - IBAN/BBAN → the account, Munt → its currency (and the amounts'), BIC → the account's BIC;
 * - Datum → booking date, Rentedatum → value date (`YYYY-MM-DD`);
 * - Bedrag → the signed amount (`+1.234,56`, `-12,50`); Saldo na trn → the running balance, checked row by row;
 * - Tegenrekening IBAN/BBAN, Naam tegenpartij, BIC tegenpartij → the counterparty;
 * - Code (`tb`, `ei`, `ba`, `id`, …) → proprietary code (the export has no name for it);
 * - Transactiereferentie → end-to-end id, Machtigingskenmerk → mandate id, Incassant ID → creditor scheme id,
 *   Betalingskenmerk → structured remittance, Omschrijving-1..3 → the unstructured remittance lines (each trimmed;
 *   empty ones left out), Reden retour → return reason;
 * - Volgnr, the bank's number of the row within the account, is checked (digits, not repeated within an account)
 *   but is not the bank reference: the same payment has another reference in Rabobank's camt and MT940 files, and a
 *   reference that differs would make one payment two (docs/decisions.md). Naam uiteindelijke partij, Naam
 *   initiërende partij, Batch ID and the original amount, currency and rate of a foreign payment are not read: the
 *   model has no place for them.
 */
import { isCurrencyCode } from '../currency';
import { normaliseDecimal } from '../decimal';
import { capped, tooMany } from '../problems';
import type { StatementParseResult, StatementProblem } from '../statement';
import { accountOf, at, calendarDate, cellProblem, emptyTransaction, orNull, readExport, statementsOf, type CsvRow } from './csv-statements';

export const RABOBANK_CSV_COLUMNS = [
  'IBAN/BBAN', 'Munt', 'BIC', 'Volgnr', 'Datum', 'Rentedatum', 'Bedrag', 'Saldo na trn', 'Tegenrekening IBAN/BBAN', 'Naam tegenpartij', 'Naam uiteindelijke partij',
  'Naam initiërende partij', 'BIC tegenpartij', 'Code', 'Batch ID', 'Transactiereferentie', 'Machtigingskenmerk', 'Incassant ID', 'Betalingskenmerk', 'Omschrijving-1',
  'Omschrijving-2', 'Omschrijving-3', 'Reden retour', 'Oorspr bedrag', 'Oorspr munt', 'Koers',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseRabobankCsv(text: string): StatementParseResult {
  const read = readExport(text, [RABOBANK_CSV_COLUMNS], 'Rabobank');
  if ('problems' in read) return { ok: false, problems: read.problems };
  const problems: StatementProblem[] = [];
  const rows: CsvRow[] = [];
  const sequenceNumbers = new Map<string, number>();
  for (const { line, fields } of read.records) {
    if (tooMany(problems)) break;
    const [iban, munt, bic, volgnr, datum, rentedatum, bedrag, saldo, tegenrekening, naam, , , bicTegenpartij, code, , referentie, machtiging, incassant, betalingskenmerk, o1, o2, o3, reden] =
      fields as string[] as [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string];
    const before = problems.length;
    if (iban.trim() === '') cellProblem(problems, line, 'IBAN/BBAN', 'the account is empty.');
    const currency = munt.trim().toUpperCase();
    if (!isCurrencyCode(currency)) cellProblem(problems, line, 'Munt', `"${munt}" is not an ISO 4217 currency code such as EUR.`);
    if (!/^\d+$/.test(volgnr.trim())) cellProblem(problems, line, 'Volgnr', `"${volgnr}" is not a sequence number.`);
    const bookingDate = isoDate(problems, line, 'Datum', datum, true);
    const valueDate = isoDate(problems, line, 'Rentedatum', rentedatum, false);
    const amount = normaliseDecimal(bedrag, ',');
    if (amount === null) cellProblem(problems, line, 'Bedrag', `"${bedrag}" is not an amount such as +1.234,56 or -12,50.`);
    const balance = normaliseDecimal(saldo, ',');
    if (balance === null) cellProblem(problems, line, 'Saldo na trn', `"${saldo}" is not an amount such as +1.234,56 or -12,50.`);
    const account = accountOf(iban);
    const sequenceKey = `${account.iban ?? account.accountId}|${volgnr.trim()}`;
    const earlier = sequenceNumbers.get(sequenceKey);
    if (earlier !== undefined) cellProblem(problems, line, 'Volgnr', `${volgnr} is the number of the row on line ${earlier} of the same account too: a row is repeated.`);
    else sequenceNumbers.set(sequenceKey, line);
    if (problems.length > before) continue;
    const transaction = emptyTransaction({ amount: amount!, currency, location: at(line) });
    transaction.bookingDate = bookingDate;
    transaction.valueDate = valueDate;
    transaction.counterpartyIban = orNull(tegenrekening.replace(/\s+/g, ''));
    transaction.counterpartyName = orNull(naam);
    transaction.counterpartyBic = orNull(bicTegenpartij);
    transaction.proprietaryCode = orNull(code);
    transaction.endToEndId = orNull(referentie);
    transaction.mandateId = orNull(machtiging);
    transaction.creditorSchemeId = orNull(incassant);
    transaction.remittanceStructured = orNull(betalingskenmerk);
    transaction.remittanceUnstructured = [o1, o2, o3].map((part) => part.trim()).filter((part) => part !== '');
    transaction.returnReason = orNull(reden);
    rows.push({ iban: account.iban, accountId: account.accountId, bic: orNull(bic), transaction, balance, line });
  }
  if (problems.length > 0) return { ok: false, problems: capped(problems) };
  return statementsOf(rows, 'csv-rabobank', problems);
}

function isoDate(problems: StatementProblem[], line: number, column: string, value: string, required: boolean): string | null {
  if (value.trim() === '' && !required) return null;
  const parts = ISO_DATE.exec(value.trim());
  const calendar = parts ? calendarDate(parts[1]!, parts[2]!, parts[3]!) : null;
  if (calendar === null) cellProblem(problems, line, column, `"${value}" is not a date written YYYY-MM-DD.`);
  return calendar;
}
