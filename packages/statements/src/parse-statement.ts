/**
 * The one entry point of an import: a statement file's bytes in, its statements or every problem out. It limits
 * the size (also of a gzip file inflated), decodes, detects the format from the content, checks it against the
 * hints, parses, and checks the balances and that every statement names its account (docs/statements.md).
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import { balanceProblems } from './balances';
import { parseCamt } from './camt/parse-camt';
import { parseIngCsv } from './csv/parse-ing-csv';
import { parseRabobankCsv } from './csv/parse-rabobank-csv';
import { parseMt940 } from './mt940/parse-mt940';
import { capped } from './problems';
import { textProblems } from './text-limits';
import { StatementFormats, type StatementFormat, type StatementParseResult, type StatementProblem } from './statement';

/** The largest file taken, compressed or inflated. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/** The values of the `format` hint: a format, or `csv` for a bank's CSV export whose bank the header tells. */
export const STATEMENT_FORMAT_HINTS = [...StatementFormats, 'csv'] as const;

export interface StatementHints {
  format?: string;
  /** The upload's media type, with an optional `charset`. */
  contentType?: string;
}

type Family = 'camt' | 'mt940' | 'csv';

const FAMILY: Record<StatementFormat, Family> = { 'camt.053': 'camt', 'camt.052': 'camt', mt940: 'mt940', 'csv-ing': 'csv', 'csv-rabobank': 'csv' };
const MEDIA_TYPES: Record<string, Family> = { 'application/xml': 'camt', 'text/xml': 'camt', 'text/plain': 'mt940', 'text/csv': 'csv' };
const FAMILY_NAMES: Record<Family, string> = { camt: 'camt (XML)', mt940: 'MT940', csv: 'a bank CSV export' };

type Charset = 'utf-8' | 'latin-1' | 'windows-1252';
const CHARSETS: Record<string, Charset> = {
  'utf-8': 'utf-8', utf8: 'utf-8', 'us-ascii': 'utf-8', ascii: 'utf-8',
  'iso-8859-1': 'latin-1', 'iso8859-1': 'latin-1', 'iso_8859-1': 'latin-1', latin1: 'latin-1', 'latin-1': 'latin-1', l1: 'latin-1',
  'windows-1252': 'windows-1252', cp1252: 'windows-1252',
};

const GZIP = [0x1f, 0x8b];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const fail = (problems: StatementProblem[]): StatementParseResult => ({ ok: false, problems: capped(problems) });
const problem = (location: string, message: string): StatementParseResult => fail([{ location, message }]);

export function parseStatement(bytes: Buffer, hints: StatementHints = {}): StatementParseResult {
  const hinted = readHints(hints);
  if ('problems' in hinted) return fail(hinted.problems);
  if (bytes.length > MAX_STATEMENT_BYTES) return problem('file', `The file is ${bytes.length} bytes; a statement file may be at most ${MAX_STATEMENT_BYTES} bytes (20 MB).`);
  let content = bytes;
  if (startsWith(content, GZIP)) {
    const inflated = inflate(content);
    if ('problem' in inflated) return problem('file', inflated.problem);
    content = inflated.bytes;
  }
  const decoded = decode(content, hinted.charset);
  if ('problem' in decoded) return problem('file', decoded.problem);
  const { text } = decoded;
  if (text.trim() === '') return problem('file', 'The file is empty.');
  const detected = detect(text);
  if ('problem' in detected && hinted.format === undefined) return fail([detected.problem]);
  const format = 'format' in detected ? detected.format : null;
  if (format !== null) {
    if (hinted.format !== undefined && hinted.format !== format && !(hinted.format === 'csv' && FAMILY[format] === 'csv')) {
      return problem('format', `The format given is ${hinted.format}, but the file is ${format}.`);
    }
    if (hinted.family !== undefined && hinted.family !== FAMILY[format]) {
      return problem('Content-Type', `The Content-Type ${hints.contentType} is for ${FAMILY_NAMES[hinted.family]}, but the file is ${format}: send it as ${Object.keys(MEDIA_TYPES).find((type) => MEDIA_TYPES[type] === FAMILY[format])}.`);
    }
  }
  const chosen = format ?? (hinted.format as StatementFormat | 'csv');
  if (chosen === 'csv') return fail(['problem' in detected ? detected.problem : { location: 'line 1', message: 'Not a header of a CSV export we read (ING, Rabobank).' }]);
  const result = parseAs(chosen, text);
  return result.ok ? checked(result) : fail(result.problems);
}

function readHints(hints: StatementHints): { format?: StatementFormat | 'csv'; family?: Family; charset?: Charset } | { problems: StatementProblem[] } {
  const problems: StatementProblem[] = [];
  let format: StatementFormat | 'csv' | undefined;
  let family: Family | undefined;
  let charset: Charset | undefined;
  if (hints.format !== undefined) {
    const named = hints.format.trim().toLowerCase();
    if ((STATEMENT_FORMAT_HINTS as readonly string[]).includes(named)) format = named as StatementFormat | 'csv';
    else problems.push({ location: 'format', message: `Unknown format "${hints.format}": one of ${STATEMENT_FORMAT_HINTS.join(', ')}, or none to detect it from the content.` });
  }
  if (hints.contentType !== undefined && hints.contentType.trim() !== '') {
    const [type, ...parameters] = hints.contentType.split(';').map((part) => part.trim().toLowerCase());
    family = MEDIA_TYPES[type!];
    if (family === undefined) problems.push({ location: 'Content-Type', message: `Unsupported Content-Type "${hints.contentType}": application/xml or text/xml for camt, text/plain for MT940, text/csv for a bank's CSV export.` });
    const declared = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"|"$/g, '');
    if (declared !== undefined) {
      charset = CHARSETS[declared];
      if (charset === undefined) problems.push({ location: 'Content-Type', message: `Unsupported charset "${declared}": a statement file is UTF-8 or Latin-1 (ISO-8859-1, Windows-1252).` });
    }
  }
  if (format !== undefined && format !== 'csv' && family !== undefined && FAMILY[format] !== family) {
    problems.push({ location: 'format', message: `The format ${format} contradicts the Content-Type ${hints.contentType}, which is for ${FAMILY_NAMES[family]}.` });
  }
  if (format === 'csv' && family !== undefined && family !== 'csv') problems.push({ location: 'format', message: `The format csv contradicts the Content-Type ${hints.contentType}, which is for ${FAMILY_NAMES[family]}.` });
  return problems.length > 0 ? { problems } : { format, family, charset };
}

/** Inflated, but never beyond MAX_STATEMENT_BYTES: inflating stops there, so a gzip bomb costs no more than a big file. */
function inflate(bytes: Buffer): { bytes: Buffer } | { problem: string } {
  try {
    const inflated = gunzipSync(bytes, { maxOutputLength: MAX_STATEMENT_BYTES });
    if (startsWith(inflated, GZIP)) return { problem: 'The file is compressed twice: upload it gzipped once at most.' };
    return { bytes: inflated };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      return { problem: `The gzip file inflates to more than ${MAX_STATEMENT_BYTES} bytes (20 MB), the most a statement file may be.` };
    }
    return { problem: `The file starts like gzip but cannot be inflated (${(error as Error).message}): it is truncated or not gzip.` };
  }
}

/**
 * UTF-8 (a byte order mark is dropped), or Latin-1 where declared: by the charset of the Content-Type, by the XML
 * declaration's `encoding`, or, for MT940 and CSV files that declare nothing, when the bytes are not UTF-8
 * (read as Windows-1252, which is Latin-1 with printable characters such as € where Latin-1 has control codes).
 * Anything else (UTF-16, EBCDIC, another declared encoding) is refused.
 */
function decode(bytes: Buffer, declared: Charset | undefined): { text: string } | { problem: string } {
  const utf16WithoutMark = bytes.length >= 4 && ((bytes[0] !== 0 && bytes[1] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0));
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || utf16WithoutMark) {
    return { problem: 'The file is UTF-16 or UTF-32: a statement file is UTF-8 or Latin-1.' };
  }
  if (startsWith(bytes, [0x4c, 0x6f, 0xa7, 0x94])) return { problem: 'The file is EBCDIC: a statement file is UTF-8 or Latin-1.' };
  const bom = startsWith(bytes, UTF8_BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  const head = body.subarray(0, 200).toString('latin1');
  const prolog = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(head);
  let charset = declared;
  if (prolog) {
    const inProlog = CHARSETS[prolog[1]!.toLowerCase()];
    if (inProlog === undefined) return { problem: `The XML declares encoding="${prolog[1]}": a statement file is UTF-8 or Latin-1 (ISO-8859-1, Windows-1252).` };
    if (declared !== undefined && declared !== inProlog) return { problem: `The Content-Type says charset ${declared} but the XML declares encoding="${prolog[1]}".` };
    charset = inProlog;
  }
  if (bom && charset !== undefined && charset !== 'utf-8') return { problem: `The file starts with a UTF-8 byte order mark but is declared ${charset}.` };
  if (charset === 'latin-1') return { text: body.toString('latin1') };
  if (charset === 'windows-1252') return { text: decodeWindows1252(body) };
  // ASCII is the same text read as Latin-1, which is copied rather than decoded (a third of UTF-8's time).
  if (isAscii(body)) return { text: body.toString('latin1') };
  // `isUtf8` then `toString` is TextDecoder's fatal decoding at a fraction of its cost; TextDecoder also drops a byte order mark, so one left (a second) goes to it.
  if (!startsWith(body, UTF8_BOM) && isUtf8(body)) return { text: body.toString('utf8') };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
  } catch {
    if (charset === 'utf-8' || bom || /^\s*</.test(head)) {
      return { problem: `The file is not valid UTF-8${charset === 'utf-8' ? ', as declared' : /^\s*</.test(head) ? ', as an XML file without an encoding declaration must be' : ''}.` };
    }
    return { text: decodeWindows1252(body) };
  }
}

const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[23])\.\d{3}\.\d{2}$/;

function detect(text: string): { format: StatementFormat } | { problem: StatementProblem } {
  const start = text.search(/\S/);
  if (text[start] === '<') {
    const tag = rootStartTag(text, start);
    if (typeof tag !== 'string') return { problem: { location: 'file', message: tag.missing } };
    const root = /^<([A-Za-z_][\w.-]*(?::[\w.-]+)?)/.exec(tag);
    if (!root) return { problem: { location: 'file', message: 'An XML file without a root element.' } };
    const prefix = root[1]!.includes(':') ? root[1]!.split(':')[0] : null;
    const attribute = new RegExp(`\\sxmlns${prefix === null ? '' : `:${prefix.replace(/[.-]/g, '\\$&')}`}\\s*=\\s*["']([^"']*)["']`).exec(tag.slice(root[0].length));
    const namespace = attribute?.[1] ?? null;
    const camt = namespace === null ? null : CAMT_NAMESPACE.exec(namespace);
    if (camt) return { format: camt[1] as StatementFormat };
    return {
      problem: {
        location: `/${root[1]}`,
        message: namespace === null ? 'The XML root has no namespace: a camt.053 or camt.052 document has urn:iso:std:iso:20022:tech:xsd:camt.053.001.xx.' : `Unknown namespace ${namespace}: camt.053 or camt.052 (urn:iso:std:iso:20022:tech:xsd:camt.05x.001.xx) expected.`,
      },
    };
  }
  const firstLine = text.slice(start, text.indexOf('\n', start) === -1 ? undefined : text.indexOf('\n', start)).trim();
  if (/^(\{1:|:\d{2}[A-Z]?:|:?940:?$|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$)/.test(firstLine)) return { format: 'mt940' };
  const firstName = firstLine.split(/[;,]/)[0]!.replace(/^"|"$/g, '').trim().toLowerCase();
  if (firstName === 'datum') return { format: 'csv-ing' };
  if (firstName === 'iban/bban') return { format: 'csv-rabobank' };
  return { problem: { location: 'line 1', message: 'Not a statement format read here: camt.053 or camt.052 (XML), MT940, or the CSV export of ING or Rabobank (by its header).' } };
}

/**
 * The root element's start tag, read by a scan (a regular expression over a hostile start tag of millions of
 * attributes overflows the stack): what comes before it (comments, processing instructions, a DOCTYPE, which the camt
 * reader refuses) is passed over, a `>` inside a quoted attribute value does not end it.
 */
function rootStartTag(text: string, from: number): string | { missing: string } {
  let i = from;
  for (;;) {
    const open = text.indexOf('<', i);
    if (open === -1) return { missing: 'An XML file without a root element.' };
    const skipTo = text.startsWith('<!--', open) ? '-->' : text.startsWith('<?', open) ? '?>' : text.startsWith('<!', open) ? (/^<!DOCTYPE[^[>]*\[/i.test(text.slice(open, open + 1024)) ? ']' : '>') : null;
    if (skipTo === null) break;
    const end = text.indexOf(skipTo, open + 2);
    if (end === -1) return { missing: 'The XML is cut off before its root element.' };
    i = end + skipTo.length;
  }
  const open = text.indexOf('<', i);
  let quote = '';
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return text.slice(open, j + 1);
  }
  return { missing: "The XML root element's start tag is never closed: the file is cut off or not XML." };
}

type Parser = (text: string) => StatementParseResult;

const PARSERS: Record<StatementFormat, Parser> = { 'camt.053': parseCamt, 'camt.052': parseCamt, mt940: parseMt940, 'csv-ing': parseIngCsv, 'csv-rabobank': parseRabobankCsv };

function parseAs(format: StatementFormat, text: string): StatementParseResult {
  return PARSERS[format](text);
}

/** Every statement's texts are within bounds, it adds up and names its account; a file holds at least one. */
function checked(result: Extract<StatementParseResult, { ok: true }>): StatementParseResult {
  const { statements } = result.file;
  if (statements.length === 0) return problem('file', 'The file holds no account statement.');
  const problems = statements.flatMap((statement) => [
    ...textProblems(statement),
    ...balanceProblems(statement),
    ...(statement.iban === null && (statement.accountId === null || statement.accountId.trim() === '') ? [{ location: statement.location, message: 'The statement names no account (no IBAN or other account identifier).' }] : []),
  ]);
  return problems.length > 0 ? fail(problems) : result;
}

/**
 * Windows-1252: Latin-1 but for 0x80–0x9F, where it has € ‚ ƒ „ … and others (the five bytes it leaves undefined
 * stay the control codes Latin-1 has). Not Node's TextDecoder('windows-1252'), which decodes those bytes as Latin-1.
 */
const WINDOWS_1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  return /[\u0080-\u009f]/.test(latin1) ? latin1.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_80_9F[c.charCodeAt(0) - 0x80]!) : latin1;
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}
