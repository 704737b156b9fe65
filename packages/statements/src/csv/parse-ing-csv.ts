/**
 * ING's CSV export ("Af- en bijschrijvingen downloaden", Mijn ING, as written since 2020): a header
 * `"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"`,
 * separated by `;` or `,` as the customer chose, every field quoted, dates `YYYYMMDD`, amounts unsigned with a
 * comma decimal and `Af`/`Bij` for the sign, newest row first. The older nine-column export (without "Saldo na
 * mutatie" and "Tag", `,` separated) reads too, without a balance check. One row is one booked transaction:
 * - Datum → booking date (the export has no value date);
 * - Naam / Omschrijving → counterparty name; Tegenrekening → counterparty IBAN; Rekening → the account;
 * - Code (`BA`, `GT`, `IC`, …) → proprietary code; Mutatiesoort (`Betaalautomaat`, `Incasso`, …) → its name;
 * - Af Bij + Bedrag (EUR) → the signed amount in EUR; Mededelingen → the narrative (the canonical description),
 *   and from its labelled parts (`mededelingenDetails`) the end-to-end id (`Kenmerk:`), mandate id (`Machtiging ID:`),
 *   creditor id (`Incassant ID:`) and value date (`Valutadatum: DD-MM-YYYY`) where it has them;
 * - Saldo na mutatie → the running balance, checked row by row (csv-statements.ts); Tag (the customer's own
 *   label) is not read.
 */
import { isZeroDecimal, normaliseDecimal } from '../decimal';
import { capped, tooMany } from '../problems';
import type { StatementParseResult, StatementProblem, StatementTransaction } from '../statement';
import { accountOf, at, calendarDate, cellProblem, emptyTransaction, orNull, readExport, statementsOf, type CsvRow } from './csv-statements';

export const ING_CSV_COLUMNS = ['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Code', 'Af Bij', 'Bedrag (EUR)', 'Mutatiesoort', 'Mededelingen', 'Saldo na mutatie', 'Tag'] as const;
const ING_CSV_COLUMNS_BEFORE_2020 = ING_CSV_COLUMNS.slice(0, 9);
/** A row's cells as read; made once, as a literal in the loop is a new object at every row. */
const DATUM = /^(\d{4})(\d{2})(\d{2})$/;
const SIGNED = /^[+-]/;
const WHITE_SPACE = /\s+/g;

export function parseIngCsv(text: string): StatementParseResult {
  const read = readExport(text, [ING_CSV_COLUMNS, ING_CSV_COLUMNS_BEFORE_2020], 'ING');
  if ('problems' in read) return { ok: false, problems: read.problems };
  const problems: StatementProblem[] = [];
  const rows: CsvRow[] = [];
  for (const { line, fields } of read.records) {
    if (tooMany(problems)) break;
    const [datum, naam, rekening, tegenrekening, code, afBij, bedrag, mutatiesoort, mededelingen, saldo] = fields as [string, string, string, string, string, string, string, string, string, string | undefined];
    const before = problems.length;
    const date = DATUM.exec(datum.trim());
    const bookingDate = date ? calendarDate(date[1]!, date[2]!, date[3]!) : null;
    if (bookingDate === null) cellProblem(problems, line, 'Datum', `"${datum}" is not a date written YYYYMMDD.`);
    const sign = afBij.trim().toLowerCase();
    if (sign !== 'af' && sign !== 'bij') cellProblem(problems, line, 'Af Bij', `"${afBij}" is neither "Af" nor "Bij".`);
    const amount = SIGNED.test(bedrag.trim()) ? null : normaliseDecimal(bedrag, ',');
    if (amount === null) cellProblem(problems, line, 'Bedrag (EUR)', `"${bedrag}" is not an amount such as 1234,56 (without a sign: "Af Bij" gives it).`);
    const balance = saldo === undefined ? null : normaliseDecimal(saldo, ',');
    if (saldo !== undefined && balance === null) cellProblem(problems, line, 'Saldo na mutatie', `"${saldo}" is not an amount such as -1234,56.`);
    if (rekening.trim() === '') cellProblem(problems, line, 'Rekening', 'the account is empty.');
    if (problems.length > before) continue;
    const transaction = emptyTransaction({ amount: sign === 'af' && !isZeroDecimal(amount!) ? `-${amount}` : amount!, currency: 'EUR', location: at(line) });
    transaction.bookingDate = bookingDate;
    transaction.counterpartyName = orNull(naam);
    transaction.counterpartyIban = orNull(tegenrekening.replace(WHITE_SPACE, ''));
    transaction.proprietaryCode = orNull(code);
    transaction.proprietaryName = orNull(mutatiesoort);
    transaction.narrative = orNull(mededelingen);
    if (transaction.narrative !== null) Object.assign(transaction, mededelingenDetails(transaction.narrative));
    const account = accountOf(rekening);
    rows.push({ iban: account.iban, accountId: account.accountId, bic: null, transaction, balance, line });
  }
  if (problems.length > 0) return { ok: false, problems: capped(problems) };
  return statementsOf(rows, 'csv-ing', problems);
}

const KENMERK_END = / (?:Machtiging(?: ID)?:|Incassant(?: ID)?:|Valutadatum:|IBAN:|Doorlopende incasso|Eenmalige incasso)/;
const MACHTIGING = /(?:^| )Machtiging(?: ID)?: (\S+)/;
const INCASSANT = /(?:^| )Incassant(?: ID)?: (\S+)/;
const VALUTADATUM = /(?:^| )Valutadatum: (\d{2})-(\d{2})-(\d{4})(?= |$)/;

/**
 * What ING's Mededelingen say in their labelled parts: `Kenmerk:` (the end-to-end id, up to the next label),
 * `Machtiging ID:` and `Incassant ID:` (also written without ` ID`), `Valutadatum:`. Only the parts present are
 * returned; a value date that is no calendar date is left out.
 */
export function mededelingenDetails(text: string): Partial<Pick<StatementTransaction, 'endToEndId' | 'mandateId' | 'creditorSchemeId' | 'valueDate'>> {
  const details: Partial<Pick<StatementTransaction, 'endToEndId' | 'mandateId' | 'creditorSchemeId' | 'valueDate'>> = {};
  if (!text.includes(': ')) return details;
  const at = text.startsWith('Kenmerk: ') ? 0 : text.indexOf(' Kenmerk: ') + 1;
  if (at > 0 || text.startsWith('Kenmerk: ')) {
    const rest = text.slice(at + 'Kenmerk: '.length);
    const end = KENMERK_END.exec(rest);
    const kenmerk = (end === null ? rest : rest.slice(0, end.index)).trim();
    if (kenmerk !== '') details.endToEndId = kenmerk;
  }
  const machtiging = text.includes('Machtiging') ? MACHTIGING.exec(text)?.[1] : undefined;
  if (machtiging) details.mandateId = machtiging;
  const incassant = text.includes('Incassant') ? INCASSANT.exec(text)?.[1] : undefined;
  if (incassant) details.creditorSchemeId = incassant;
  const valuta = text.includes('Valutadatum: ') ? VALUTADATUM.exec(text) : null;
  const valueDate = valuta ? calendarDate(valuta[3]!, valuta[2]!, valuta[1]!) : null;
  if (valueDate !== null) details.valueDate = valueDate;
  return details;
}
