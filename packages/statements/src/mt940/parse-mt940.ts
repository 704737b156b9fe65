/**
 * SWIFT MT940 customer statements, strictly: every line is a known tag, a continuation of `:61:` or `:86:`,
 * or part of a file header (SWIFT blocks `{1:}{2:}{3:}{4:` … `-}`, ABN AMRO's `ABNANL2A`/`940` lines,
 * Rabobank's `:940:`). A file with anything wrong gives every problem found, each with its line, and no
 * statements. The `:86:` layouts of ING, ABN AMRO and Rabobank are read by `readInformation` (information.ts).
 */
import { balanceProblems } from '../balances';
import { isCurrencyCode } from '../currency';
import { isZeroDecimal, normaliseDecimal, negateDecimal } from '../decimal';
import { capped, MAX_PROBLEMS, tooMany } from '../problems';
import { bankReferenceOf } from '../reference';
import { MAX_TEXT_LENGTH } from '../text-limits';
import type { AccountStatement, StatementBalance, StatementParseResult, StatementProblem, StatementTransaction } from '../statement';
import { readInformation } from './information';
import { looksLikeIban, splitAccountIdentification } from './account';

/** One tag with its continuation lines. */
interface Field {
  tag: string;
  line: number;
  lines: string[];
}

const TAG = /^:(\d{2}[A-Z]?):(.*)$/;
/** A `:61:` line's value date; like every expression of a line's reading, made once (a literal in a function is a new object at every call). */
const VALUE_DATE = /^\d{6}/;
const HEADER_LINE = /^(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|:?940:?|0000 .*)$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d{0,2})$/;
/** Not a tag: the bank's BIC from the sender address of a SWIFT basic header block `{1:F01INGBNL2AXXXX…}`. */
const SENDER = '{1:';
/** A `:86:` longer than this is refused before it is read: its fields could not be within MAX_TEXT_LENGTH, and reading megabytes of it takes seconds. */
const MAX_INFORMATION_LENGTH = 4 * MAX_TEXT_LENGTH;
const KNOWN_TAGS = new Set(['20', '21', '25', '28', '28C', '60F', '60M', '61', '86', '62F', '62M', '64', '65', '13', '13D']);

export function parseMt940(input: string): StatementParseResult {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  if (text.trim() === '') return fail([{ location: 'file', message: 'The file is empty.' }]);
  const garbage = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.exec(text);
  if (garbage) {
    const line = text.slice(0, garbage.index).split('\n').length;
    return fail([{ location: `line ${line}`, message: 'The file holds control characters or bytes that are not text: it is not an MT940 statement.' }]);
  }
  // The lines are read as the statements take their fields, so that a field is garbage once read; the problems of
  // the lines still come before those of the statements, as when the whole file was split into fields first.
  const lineProblems: StatementProblem[] = [];
  const statementProblems: StatementProblem[] = [];
  const statements = readStatements(readFields(text, lineProblems), statementProblems, lineProblems);
  const problems = [...lineProblems, ...statementProblems];
  if (statements.length === 0 && problems.length === 0) problems.push({ location: 'file', message: 'The file has no MT940 statement (:20: and the tags after it).' });
  if (problems.length === 0) for (const statement of statements) if (!tooMany(problems)) problems.push(...balanceProblems(statement));
  if (problems.length > 0) return fail(capped(problems));
  return { ok: true, file: { format: 'mt940', version: null, statements } };
}

const fail = (problems: StatementProblem[]): StatementParseResult => ({ ok: false, problems });
const at = (line: number): string => `line ${line}`;

/** Unwraps SWIFT blocks and headers, and groups the lines into tags with their continuation lines. */
function* readFields(text: string, problems: StatementProblem[]): Generator<Field> {
  let current: Field | null = null;
  let lineNumber = 0;
  for (let start = 0; start <= text.length; ) {
    if (tooMany(problems)) break;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lineNumber++;
    let content = text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
    start = end + 1;
    if (content.startsWith('{')) {
      const unwrapped = unwrapBlockHeader(content);
      if (unwrapped === null) {
        problems.push({ location: at(lineNumber), message: 'A SWIFT block header that is not {1:…}{2:…}{3:…}{4:.' });
        continue;
      }
      if (current !== null) yield current;
      const sender = /^\{1:F\d{2}([A-Z]{6}[A-Z0-9]{2})[A-Z0-9]([A-Z0-9]{3})/.exec(content);
      if (sender) yield { tag: SENDER, line: lineNumber, lines: [sender[2] === 'XXX' ? sender[1]! : sender[1]! + sender[2]!] };
      content = unwrapped;
      current = null;
      if (content === '') continue;
    }
    if (content === '-' || content.startsWith('-}')) {
      if (current !== null) yield current;
      current = null;
      continue;
    }
    const tag = TAG.exec(content);
    if (tag) {
      if (current !== null) yield current;
      current = { tag: tag[1]!, line: lineNumber, lines: [tag[2]!] };
      continue;
    }
    if (current === null) {
      if (content.trim() === '' || HEADER_LINE.test(content.trim())) continue;
      problems.push({ location: at(lineNumber), message: `A line outside any tag: "${clip(content)}".` });
      continue;
    }
    if (current.tag === '61' || current.tag === '86') {
      current.lines.push(content);
    } else if (content.trim() !== '') {
      problems.push({ location: at(lineNumber), message: `Tag :${current.tag}: has one line only, but another line follows: "${clip(content)}".` });
    }
  }
  if (current !== null) yield current;
}

/** `{1:…}{2:…}{3:{108:…}}{4:rest` gives `rest`; null when the braces do not make blocks 1 to 3 then 4. */
function unwrapBlockHeader(line: string): string | null {
  let i = 0;
  while (line.startsWith('{', i)) {
    const block = /^\{([1-5]):/.exec(line.slice(i));
    if (!block) return null;
    if (block[1] === '4') return line.slice(i + 3);
    let depth = 0;
    let j = i;
    for (; j < line.length; j++) {
      if (line[j] === '{') depth++;
      else if (line[j] === '}' && --depth === 0) break;
    }
    if (depth !== 0) return null;
    i = j + 1;
  }
  return i === line.length ? '' : null;
}

interface OpenStatement {
  statement: AccountStatement;
  accountCurrency: string | null;
  seen: Set<string>;
  /** The last tag, to check the order. */
  last: string;
  lastTransaction: { transaction: StatementTransaction; hasInformation: boolean } | null;
  closed: boolean;
}

/**
 * The statements of the fields. `problems` gets the statements' problems; reading them stops once they and
 * `lineProblems` (those of the lines read so far) are too many, but the fields are still drained, so that the lines
 * report every problem they would have reported before the statements were read.
 */
function readStatements(fields: Iterable<Field>, problems: StatementProblem[], lineProblems: readonly StatementProblem[]): AccountStatement[] {
  const statements: AccountStatement[] = [];
  let open: OpenStatement | null = null;
  let senderBic: string | null = null;
  const finish = (): void => {
    if (open === null) return;
    const { statement, seen } = open;
    const missing = [
      ['25', ':25: (the account)'],
      ['28C', ':28C: (the statement number)'],
      ['60', ':60F: (the opening balance)'],
    ].filter(([tag]) => !seen.has(tag!));
    for (const [, what] of missing) problems.push({ location: statement.location, message: `The statement has no ${what}.` });
    if (!seen.has('62')) {
      problems.push({ location: statement.location, message: 'The statement has no closing balance (:62F:): the file is cut off or incomplete.' });
    }
    statements.push(statement);
    open = null;
  };

  let stopped = false;
  for (const field of fields) {
    stopped ||= problems.length + lineProblems.length > MAX_PROBLEMS;
    if (stopped) continue;
    const value = field.lines[0]!;
    const location = at(field.line);
    if (field.tag === SENDER) {
      senderBic = value;
      continue;
    }
    if (!KNOWN_TAGS.has(field.tag)) {
      problems.push({ location, message: `Unknown tag :${field.tag}:.` });
      continue;
    }
    if (field.tag === '20') {
      finish();
      if (!/^.{1,16}$/.test(value.trim())) problems.push({ location, message: 'The :20: transaction reference must be 1 to 16 characters.' });
      open = {
        statement: {
          statementId: value.trim(), iban: null, accountId: null, currency: null, bic: senderBic, ownerName: null, openingBalance: null, closingBalance: null, transactions: [], location,
        },
        accountCurrency: null,
        seen: new Set(['20']),
        last: '20',
        lastTransaction: null,
        closed: false,
      };
      continue;
    }
    if (open === null) {
      problems.push({ location, message: `Tag :${field.tag}: before the :20: that starts a statement.` });
      continue;
    }
    const s: OpenStatement = open;
    const tag = field.tag.startsWith('60') ? '60' : field.tag.startsWith('62') ? '62' : field.tag.startsWith('28') ? '28C' : field.tag;
    switch (tag) {
      case '21':
      case '13':
      case '13D':
        break;
      case '25': {
        const account = value.trim().length > 35 ? null : splitAccountIdentification(value.trim());
        if (account === null) {
          problems.push({ location, message: `The :25: account "${clip(value)}" is not an IBAN, a BIC/IBAN or an account number (each optionally followed by a currency).` });
        } else {
          s.statement.iban = account.iban;
          s.statement.accountId = account.accountId;
          s.statement.bic = account.bic ?? s.statement.bic;
          s.accountCurrency = account.currency;
        }
        break;
      }
      case '28C':
        if (!/^\d{1,5}(\/\d{1,5})?$/.test(value.trim())) problems.push({ location, message: 'The :28C: statement number must be digits, optionally followed by / and a sequence number.' });
        else s.statement.statementId = `${s.statement.statementId}/${value.trim()}`;
        break;
      case '60': {
        if (s.seen.has('60')) problems.push({ location, message: 'A second opening balance in one statement.' });
        const balance = readBalance(value, field.tag, location, problems);
        if (balance) {
          s.statement.openingBalance = balance;
          s.statement.currency = balance.currency;
          if (s.accountCurrency !== null && s.accountCurrency !== balance.currency) {
            problems.push({ location, message: `The opening balance is in ${balance.currency}, but the account (:25:) is in ${s.accountCurrency}.` });
          }
        }
        break;
      }
      case '61': {
        if (!requireBefore(s, field, '60', 'the opening balance (:60F:)', problems) || !notAfterClosing(s, field, problems)) break;
        const transaction = readStatementLine(field, s.statement.currency ?? '', problems);
        if (transaction) s.statement.transactions.push(transaction);
        s.lastTransaction = transaction && { transaction, hasInformation: false };
        break;
      }
      case '86': {
        const length = field.lines.reduce((sum, line) => sum + line.length, 0);
        if (length > MAX_INFORMATION_LENGTH) {
          problems.push({ location, message: `The :86: information is ${length} characters long; it may be at most ${MAX_INFORMATION_LENGTH} (SWIFT allows 6 lines of 65).` });
        } else if (s.last === '61' && s.lastTransaction && !s.lastTransaction.hasInformation) {
          s.lastTransaction.hasInformation = true;
          applyInformation(s.lastTransaction.transaction, field.lines);
        } else if (s.last === '61') {
          // The :61: itself was broken and already reported.
        } else if (s.closed) {
          // Information to the account owner about the statement as a whole: the model has no place for it.
        } else {
          problems.push({ location, message: ':86: (information about a transaction) does not follow a :61: statement line.' });
        }
        break;
      }
      case '62': {
        if (!requireBefore(s, field, '60', 'the opening balance (:60F:)', problems)) break;
        if (s.seen.has('62')) problems.push({ location, message: 'A second closing balance in one statement.' });
        const balance = readBalance(value, field.tag, location, problems);
        if (balance) {
          s.statement.closingBalance = balance;
          const opening = s.statement.openingBalance;
          if (opening && opening.currency !== balance.currency) {
            problems.push({ location, message: `The closing balance is in ${balance.currency}, but the opening balance is in ${opening.currency}.` });
          }
        }
        s.closed = true;
        break;
      }
      case '64':
      case '65': {
        if (!requireBefore(s, field, '62', 'the closing balance (:62F:)', problems)) break;
        const balance = readBalance(value, field.tag, location, problems);
        if (balance && s.statement.closingBalance && balance.currency !== s.statement.closingBalance.currency) {
          problems.push({ location, message: `The available balance (:${field.tag}:) is in ${balance.currency}, but the closing balance is in ${s.statement.closingBalance.currency}.` });
        }
        break;
      }
    }
    s.seen.add(tag);
    s.last = tag;
  }
  finish();
  return statements;
}

function requireBefore(s: OpenStatement, field: Field, needed: string, what: string, problems: StatementProblem[]): boolean {
  if (s.seen.has(needed)) return true;
  problems.push({ location: at(field.line), message: `Tag :${field.tag}: comes before ${what}.` });
  return false;
}

function notAfterClosing(s: OpenStatement, field: Field, problems: StatementProblem[]): boolean {
  if (!s.closed) return true;
  problems.push({ location: at(field.line), message: `Tag :${field.tag}: after the closing balance (:62F:) of the statement.` });
  return false;
}

function readBalance(value: string, tag: string, location: string, problems: StatementProblem[]): StatementBalance | null {
  const match = BALANCE.exec(value.trim());
  const date = match ? swiftDate(match[2]!) : null;
  if (!match || date === null) {
    problems.push({ location, message: `The balance :${tag}: "${clip(value)}" is not C or D, a date YYMMDD, a currency and an amount with a decimal comma.` });
    return null;
  }
  if (!isCurrencyCode(match[3]!)) {
    problems.push({ location, message: `The balance :${tag}: is in "${match[3]}", which is not an ISO 4217 currency code.` });
    return null;
  }
  const amount = normaliseDecimal(match[4]!, ',')!;
  return { amount: match[1] === 'D' && !isZeroDecimal(amount) ? negateDecimal(amount) : amount, currency: match[3]!, date };
}

/** `YYMMDD` as a calendar date (years 80 to 99 are 19xx), or null when it is no date. */
function swiftDate(yymmdd: string): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  return calendarDate(yy < 80 ? 2000 + yy : 1900 + yy, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/**
 * The entry date `MMDD` in the year that puts it within half a year of the value date: a payment valued
 * 31 December and booked on 2 January is booked in the next year, and the reverse.
 */
function entryDate(mmdd: string, valueDate: string): string | null {
  const year = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  return calendarDate(month - valueMonth > 6 ? year - 1 : valueMonth - month > 6 ? year + 1 : year, month, Number(mmdd.slice(2, 4)));
}

/** The pieces of a `:61:` line, matched where the piece before ended (sticky), not in a substring of the rest of the line made for each. */
const ENTRY_DATE = /\d{4}/y;
const MARK = /(RC|RD|C|D)/y;
const FUNDS_CODE = /[A-Z]/y;
const AMOUNT = /(\d[\d]{0,14}),(\d*)/y;
const TYPE = /[SNF][A-Z0-9]{3}/y;

function execAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/**
 * `:61:` value date YYMMDD, [entry date MMDD], mark D/C/RC/RD, [funds code], amount `n,nn`, type S/N/F + 3,
 * customer reference [`//` bank reference], and on the next line [supplementary details].
 */
function readStatementLine(field: Field, currency: string, problems: StatementProblem[]): StatementTransaction | null {
  const location = at(field.line);
  const text = field.lines[0]!.trimEnd();
  if (field.lines.length > 2) return brokenLine(location, problems, `it has ${field.lines.length - 1} continuation lines; only one (supplementary details) is allowed.`);
  let i = 0;
  if (!VALUE_DATE.test(text)) return brokenLine(location, problems, `it must start with the value date YYMMDD, not "${clip(text.slice(0, 6))}".`);
  const valueDate = swiftDate(text.slice(0, 6));
  if (valueDate === null) return brokenLine(location, problems, `the value date "${text.slice(0, 6)}" is not a date.`);
  i = 6;
  let bookingDate = valueDate;
  if (matchesAt(ENTRY_DATE, text, i)) {
    const entry = entryDate(text.slice(i, i + 4), valueDate);
    if (entry === null) return brokenLine(location, problems, `the entry date "${text.slice(i, i + 4)}" is not a date MMDD.`);
    bookingDate = entry;
    i += 4;
  }
  const mark = execAt(MARK, text, i);
  if (!mark) return brokenLine(location, problems, `the debit/credit mark must be D, C, RC or RD, not "${clip(text.slice(i, i + 2))}".`);
  i += mark[1]!.length;
  if (matchesAt(FUNDS_CODE, text, i)) i += 1; // funds code: the third letter of the currency
  const amountMatch = execAt(AMOUNT, text, i);
  if (!amountMatch || amountMatch[0].length > 15) return brokenLine(location, problems, `the amount must be digits with a decimal comma (at most 15 characters), not "${clip(text.slice(i, i + 16))}".`);
  i += amountMatch[0].length;
  const type = execAt(TYPE, text, i);
  if (!type) return brokenLine(location, problems, `the transaction type must be S, N or F followed by three letters or digits (such as NTRF), not "${clip(text.slice(i, i + 4))}".`);
  i += 4;
  const references = text.slice(i);
  const split = references.indexOf('//');
  const customerReference = split === -1 ? references : references.slice(0, split);
  const bankReference = split === -1 ? null : references.slice(split + 2);
  if (customerReference.length === 0 || customerReference.length > 16) return brokenLine(location, problems, `the customer reference must be 1 to 16 characters, not "${clip(customerReference)}".`);
  if (bankReference !== null && (bankReference.length === 0 || bankReference.length > 16)) return brokenLine(location, problems, `the bank reference after // must be 1 to 16 characters, not "${clip(bankReference)}".`);
  const supplementary = field.lines[1]?.trim() || null;
  if (supplementary !== null && supplementary.length > 34) return brokenLine(location, problems, 'the supplementary details on its second line are longer than 34 characters.');

  const written = normaliseDecimal(amountMatch[0], ',')!;
  const moneyOut = mark[1] === 'D' || mark[1] === 'RC';
  return {
    amount: moneyOut && !isZeroDecimal(written) ? negateDecimal(written) : written,
    currency,
    status: 'booked',
    bookingDate,
    valueDate,
    reversal: mark[1]!.startsWith('R'),
    bankReference: bankReferenceOf(bankReference),
    endToEndId: null,
    mandateId: null,
    creditorSchemeId: null,
    bankTransactionCode: null,
    proprietaryCode: type[0],
    proprietaryName: null,
    counterpartyName: null,
    counterpartyIban: supplementary !== null && looksLikeIban(supplementary) ? supplementary : null,
    counterpartyBic: null,
    remittanceUnstructured: [],
    remittanceStructured: null,
    purposeCode: null,
    returnReason: null,
    merchantCategoryCode: null,
    narrative: null,
    location,
  };
}

function brokenLine(location: string, problems: StatementProblem[], message: string): null {
  problems.push({ location, message: `Broken :61: statement line: ${message}` });
  return null;
}

function applyInformation(t: StatementTransaction, lines: string[]): void {
  const info = readInformation(lines);
  t.narrative = info.narrative;
  t.proprietaryName = info.transactionTypeName;
  t.endToEndId = info.endToEndId;
  t.mandateId = info.mandateId;
  t.creditorSchemeId = info.creditorSchemeId;
  t.purposeCode = info.purposeCode;
  t.returnReason = info.returnReason;
  t.counterpartyName = info.counterpartyName;
  t.counterpartyIban = info.counterpartyIban ?? t.counterpartyIban;
  t.counterpartyBic = info.counterpartyBic;
  t.remittanceUnstructured = info.remittanceUnstructured;
  t.remittanceStructured = info.remittanceStructured;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
