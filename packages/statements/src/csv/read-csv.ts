/**
 * A strict RFC 4180 reader (docs/decisions.md, "Statement parsing libraries (issue 26)"): fields separated by one
 * delimiter, optionally in double quotes, a quote inside quotes written twice, records ending in CRLF or LF. A
 * quote inside an unquoted field, text after a closing quote and an unclosed quote are problems, each located at
 * the line where it is. Blank lines are skipped. Every record knows the line it starts on.
 */
import { tooMany } from '../problems';
import type { StatementProblem } from '../statement';

export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvDelimiter = ',' | ';';

export function readCsv(text: string, delimiter: CsvDelimiter): { records: CsvRecord[]; problems: StatementProblem[] } {
  const records: CsvRecord[] = [];
  const problems: StatementProblem[] = [];
  const length = text.length;
  let i = 0;
  let line = 1;
  while (i < length && !tooMany(problems)) {
    const start = line;
    const fields: string[] = [];
    let broken = false;
    for (;;) {
      let value: string;
      if (text[i] === '"') {
        const opened = line;
        let parts = '';
        let from = ++i;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote === -1) {
            problems.push({ location: `line ${opened}`, message: 'A quoted field is never closed: the file is truncated or a quote is missing.' });
            return { records, problems };
          }
          line += countNewlines(text, i, quote);
          if (text[quote + 1] === '"') {
            parts += text.slice(from, quote + 1);
            i = from = quote + 2;
            continue;
          }
          value = parts + text.slice(from, quote);
          i = quote + 1;
          break;
        }
        const next = text[i];
        if (i < length && next !== delimiter && next !== '\n' && next !== '\r') {
          problems.push({ location: `line ${line}`, message: `Text after a closing quote: a field is either quoted whole or not at all, and a quote inside it is written twice ("").` });
          broken = true;
        }
      } else {
        let end = i;
        while (end < length) {
          const c = text[end];
          if (c === delimiter || c === '\n' || c === '\r') break;
          end++;
        }
        value = text.slice(i, end);
        if (value.includes('"')) {
          problems.push({ location: `line ${line}`, message: 'A quote inside an unquoted field: a field with a quote is quoted whole, and the quote written twice ("").' });
          broken = true;
        }
        i = end;
      }
      fields.push(value);
      if (broken) {
        while (i < length && text[i] !== '\n') i++;
        break;
      }
      if (text[i] === delimiter) {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') {
      i++;
      line++;
    } else if (i < length) {
      problems.push({ location: `line ${line}`, message: 'A carriage return that does not end a line.' });
      return { records, problems };
    }
    if (!broken && !(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return { records, problems };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === 10) n++;
  return n;
}

/** The delimiter of a header line: the one of `;` and `,` that occurs more often outside quotes. */
export function headerDelimiter(text: string): CsvDelimiter {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' && !quoted) break;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}
