import { isUtf8 } from 'node:buffer';
import { balanceProblems } from './balances';
import { parseMt940 } from './mt940/parse-mt940';
import type { StatementFormat, StatementParseResult, StatementProblem } from './statement';

/** The largest file read (the HTTP layer answers 413 itself; this guards every other caller). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

export interface StatementHints {
  /** `?format=`: a format of `StatementFormats`, or `csv` (the bank read from the header line). */
  format?: string;
  /** The upload's Content-Type: XML means camt, text/plain MT940, text/csv a CSV export. */
  contentType?: string;
}

type Family = 'camt' | 'mt940' | 'csv';
type Parser = (text: string) => StatementParseResult;

/** The parser of each format; a format without one here is refused as not supported. */
const PARSERS: Partial<Record<StatementFormat, Parser>> = { mt940: parseMt940 };

const familyOf = (format: StatementFormat): Family => (format.startsWith('camt') ? 'camt' : format.startsWith('csv') ? 'csv' : 'mt940');

const refused = (location: string, message: string): StatementParseResult => ({ ok: false, problems: [{ location, message }] });

/**
 * Reads one statement file whole, strictly: its encoding, its format (from the hints, else the content), the
 * format's parser, then the balances of every statement in it. Nothing is returned of a file with a problem.
 */
export function parseStatement(bytes: Buffer, hints: StatementHints = {}): StatementParseResult {
  if (bytes.length === 0) return refused('file', 'The file is empty.');
  if (bytes.length > MAX_STATEMENT_BYTES) return refused('file', `The file is larger than ${MAX_STATEMENT_BYTES} bytes.`);
  const decoded = decode(bytes);
  if ('problem' in decoded) return { ok: false, problems: [decoded.problem] };
  const { text } = decoded;

  const expected = familyOfContentType(hints.contentType);
  if (expected === 'unknown') return refused('file', `A statement file is sent as application/xml or text/xml (camt), text/plain (MT940) or text/csv, not ${hints.contentType}.`);
  const format = formatOf(text, hints.format, expected);
  if ('problem' in format) return { ok: false, problems: [format.problem] };
  const parse = PARSERS[format.format];
  if (!parse) return refused('file', `The ${format.format} format is not supported yet.`);

  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const problems: StatementProblem[] = [];
  for (const statement of parsed.file.statements) {
    if (statement.iban === null && statement.accountId === null) problems.push({ location: statement.location, message: 'The statement names no account.' });
    problems.push(...balanceProblems(statement));
  }
  if (parsed.file.statements.length === 0) problems.push({ location: 'file', message: 'The file holds no statement.' });
  return problems.length > 0 ? { ok: false, problems } : parsed;
}

function familyOfContentType(contentType: string | undefined): Family | null | 'unknown' {
  if (contentType === undefined || contentType.trim() === '') return null;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/xml' || type === 'text/xml') return 'camt';
  if (type === 'text/plain') return 'mt940';
  if (type === 'text/csv') return 'csv';
  return 'unknown';
}

/** The format the hint names, or the content shows; a hint the content or Content-Type contradicts is a problem. */
function formatOf(text: string, hint: string | undefined, expected: Family | null): { format: StatementFormat } | { problem: StatementProblem } {
  const detected = detect(text);
  const named = hint?.toLowerCase();
  if (named !== undefined && !['camt.053', 'camt.052', 'mt940', 'csv', 'csv-ing', 'csv-rabobank'].includes(named)) {
    return { problem: { location: 'format', message: `Unknown format '${hint}': camt.053, camt.052, mt940, csv, csv-ing or csv-rabobank.` } };
  }
  const format = named === 'csv' ? (detected?.startsWith('csv') ? detected : null) : ((named as StatementFormat | undefined) ?? detected);
  if (format === null || format === undefined) {
    return { problem: { location: 'file', message: named === 'csv' ? 'The CSV header line is not one of a known bank’s export (ING, Rabobank).' : 'The file is not a camt.053, camt.052, MT940 or known bank CSV file.' } };
  }
  if (detected !== null && detected !== format) return { problem: { location: 'format', message: `The file is ${detected}, not ${format}.` } };
  if (expected !== null && familyOf(format) !== expected) return { problem: { location: 'file', message: `A ${format} file is not sent as ${expected === 'camt' ? 'XML' : expected === 'mt940' ? 'text/plain' : 'text/csv'}.` } };
  return { format };
}

const CAMT = /^\s*<(?:[A-Za-z_][\w.-]*:)?Document\b[^>]*\bxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:(camt\.05[23])\.\d{3}\.\d{2}["']/;

/** What the content shows, or null. */
function detect(text: string): StatementFormat | null {
  const body = text.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^>]*\?>/, '').replace(/^\s*(<!--[\s\S]*?-->\s*)*/, '');
  const camt = CAMT.exec(body);
  if (camt) return camt[1] as StatementFormat;
  if (/^\s*(\{1:|:20:)/.test(text) || /^\s*\r?\n?:20:/m.test(text.slice(0, 512))) return 'mt940';
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (/"?Datum"?[;,]"?Naam \/ Omschrijving"?/.test(header)) return 'csv-ing';
  if (/"?IBAN\/BBAN"?,"?Munt"?,"?BIC"?,"?Volgnr"?/.test(header)) return 'csv-rabobank';
  return null;
}

/**
 * UTF-8 (a BOM allowed), or Latin-1 where the file says so (an XML declaration), or, for a file without a
 * declaration that is not valid UTF-8, Windows-1252 as Dutch banks' exports are. Anything else is refused: a UTF-16
 * or UTF-32 byte-order mark, or a declared encoding other than these.
 */
function decode(bytes: Buffer): { text: string } | { problem: StatementProblem } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0 && bytes[1] === 0)) {
    return { problem: { location: 'file', message: 'The file is UTF-16 or UTF-32; send it as UTF-8 or Latin-1.' } };
  }
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared !== undefined) {
    if (declared === 'utf-8' || declared === 'utf8') {
      if (!isUtf8(bytes)) return { problem: { location: 'file', message: 'The file declares UTF-8 but is not valid UTF-8.' } };
      return { text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
    }
    if (['iso-8859-1', 'latin1', 'latin-1', 'iso_8859-1', 'windows-1252', 'cp1252'].includes(declared)) return { text: new TextDecoder('windows-1252').decode(bytes) };
    return { problem: { location: 'file', message: `The file declares the encoding ${declared}; only UTF-8 and Latin-1 are read.` } };
  }
  if (isUtf8(bytes)) return { text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
  return { text: new TextDecoder('windows-1252').decode(bytes) };
}
