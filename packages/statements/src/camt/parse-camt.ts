/**
 * A strict reader of ISO 20022 bank-to-customer statements (camt.053, `BkToCstmrStmt/Stmt`) and account reports
 * (camt.052, `BkToCstmrAcctRpt/Rpt`), versions .001.02 to .001.14, read as a stream of XML events (from
 * `xml-scanner.ts`, or saxes for what it does not read): the file is never held as a tree. Each `Stmt`/`Ntry`/`TxDtls` collects its leaf values by their path below it
 * (each path's values at the path's slot of an array), and is read when it closes.
 *
 * Refused, with where: a DOCTYPE of any kind (so no entity is ever declared, expanded or resolved), XML that is not
 * well-formed or is cut off, a root or namespace that is not camt.053/camt.052 of a known version, missing
 * mandatory elements, amounts, currencies, dates and codes that are not what the schema allows, an entry whose
 * transaction details do not add up to it, and statements whose entries do not add up to their balances.
 * What each field becomes: docs/decisions.md, "Statement parsing libraries (issue 26)".
 */
import { SaxesParser } from 'saxes';
import { scanXml } from './xml-scanner';
import { balanceProblems } from '../balances';
import { isCurrencyCode } from '../currency';
import { compareDecimals, isZeroDecimal, negateDecimal, sumDecimals } from '../decimal';
import { MAX_PROBLEMS, TOO_MANY_PROBLEMS } from '../problems';
import { bankReferenceOf } from '../reference';
import type { AccountStatement, BankTransactionCode, CalendarDate, DecimalText, EntryStatus, ParsedStatementFile, StatementBalance, StatementFormat, StatementParseResult, StatementProblem, StatementTransaction } from '../statement';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[23])\.001\.(\d{2})$/;
const FIRST_VERSION = 2;
const LAST_VERSION = 14;
const ROOTS: Record<string, { message: string; statement: string }> = {
  'camt.053': { message: 'BkToCstmrStmt', statement: 'Stmt' },
  'camt.052': { message: 'BkToCstmrAcctRpt', statement: 'Rpt' },
};
const partyPaths = (role: 'Cdtr' | 'Dbtr') => ({
  name: `RltdPties/${role}/Nm`,
  partyName: `RltdPties/${role}/Pty/Nm`,
  iban: `RltdPties/${role}Acct/Id/IBAN`,
  bic: `RltdAgts/${role}Agt/FinInstnId/BIC`,
  bicfi: `RltdAgts/${role}Agt/FinInstnId/BICFI`,
});
const CREDITOR = partyPaths('Cdtr');
const DEBTOR = partyPaths('Dbtr');
/**
 * The key of a card payment's merchant category code. No camt schema (.02 to .14) has one; an `MrchntCtgyCd` that a
 * bank adds anywhere in an entry or its details, outside `SplmtryData`, is read.
 */
const MERCHANT_CATEGORY = '#MrchntCtgyCd';
const STATUS: Record<string, EntryStatus> = { BOOK: 'booked', PDNG: 'pending', INFO: 'information', FUTR: 'pending' };
/** camt nests some 15 deep; far deeper is an attack on memory (every element's path is kept), refused. */
const MAX_DEPTH = 64;

/**
 * The paths below a `Stmt`, `Bal`, `Ntry` or `TxDtls` whose values are read (an attribute is `path@name`), each with
 * its slot in a `Values`; what a file has at other paths is not kept. Every path `one`, `all` and `has` look up is
 * here: looking up another is a mistake in this reader, and throws.
 */
const READ_PATHS = [
  // Stmt / Rpt
  'Id', 'Acct/Id/IBAN', 'Acct/Id/Othr/Id', 'Acct/Ccy', 'Acct/Svcr/FinInstnId/BIC', 'Acct/Svcr/FinInstnId/BICFI', 'Acct/Ownr/Nm', 'Acct/Ownr/Pty/Nm',
  // Bal
  'Tp/CdOrPrtry/Cd', 'Tp/CdOrPrtry/Prtry', 'Dt/Dt', 'Dt/DtTm',
  // Ntry and TxDtls
  'Amt', 'Amt@Ccy', 'CdtDbtInd', 'Sts', 'Sts/Cd', 'Sts/Prtry', 'RvslInd', 'BookgDt/Dt', 'BookgDt/DtTm', 'ValDt/Dt', 'ValDt/DtTm',
  'BkTxCd/Domn/Cd', 'BkTxCd/Domn/Fmly/Cd', 'BkTxCd/Domn/Fmly/SubFmlyCd', 'BkTxCd/Prtry/Cd', 'AcctSvcrRef', 'AddtlNtryInf', MERCHANT_CATEGORY,
  'AmtDtls/TxAmt/Amt', 'AmtDtls/TxAmt/Amt@Ccy', 'Refs/EndToEndId', 'Refs/AcctSvcrRef', 'Refs/MndtId', 'AddtlTxInf', 'RmtInf/Ustrd',
  'RmtInf/Strd/CdtrRefInf/Ref', 'Purp/Cd', 'RtrInf/Rsn/Cd', ...Object.values(CREDITOR), ...Object.values(DEBTOR),
];
const SLOTS = new Map(READ_PATHS.map((path, slot) => [path, slot]));

/**
 * A path below a scope's element, one object per path in a read: an element's path is its parent's child, found by
 * one lookup of its name. `slot` -1 when its values are not read.
 */
interface PathNode {
  path: string;
  slot: number;
  children: Map<string, PathNode> | null;
  attributes: Map<string, PathNode> | null;
}

/**
 * The values read below one element, each at its path's slot: an array, allocated when the first value is kept and
 * written without hashing, instead of a map of an entry's two dozen values.
 */
class Values {
  private slots: (string | string[] | undefined)[] | null = null;

  add(path: PathNode, value: string): void {
    if (path.slot === -1) return;
    const slots = (this.slots ??= new Array<string | string[] | undefined>(READ_PATHS.length));
    const present = slots[path.slot];
    if (present === undefined) slots[path.slot] = value;
    else if (typeof present === 'string') slots[path.slot] = [present, value];
    else present.push(value);
  }

  get(key: string): string | string[] | undefined {
    const slot = SLOTS.get(key);
    if (slot === undefined) throw new Error(`camt reader: ${key} is not in READ_PATHS`);
    return this.slots?.[slot];
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Empty again, for the next entry; an array of values handed out before is left as it is. */
  clear(): void {
    this.slots?.fill(undefined);
  }
}

/** A `PrvtId/Othr` or `OrgId/Othr` identification: an id and the name of its scheme. */
interface OtherId {
  path: string;
  id: string | null;
  scheme: string | null;
}

interface Scope {
  kind: 'statement' | 'balance' | 'entry' | 'details';
  /** Depth of the scope's own element in the element stack. */
  depth: number;
  location: string;
  values: Values;
  otherIds: OtherId[];
}

interface Entry {
  location: string;
  values: Values;
  details: { location: string; values: Values; otherIds: OtherId[] }[];
}

interface StatementUnderWay {
  location: string;
  values: Values;
  balances: { location: string; values: Values }[];
  transactions: StatementTransaction[];
}

/** Reading stopped on purpose; `positional` when the problem's location is a line and column. */
class Refused extends Error {
  constructor(readonly positional: boolean) {
    super('refused');
  }
}

export function parseCamt(xml: string): StatementParseResult {
  if (xml.trim() === '') return { ok: false, problems: [{ location: 'file', message: 'The file is empty.' }] };
  if (!xml.trimStart().startsWith('<')) return { ok: false, problems: [{ location: 'line 1, column 1', message: 'Not XML: a camt file starts with <?xml or <Document.' }] };
  // The scanner reads the plain XML camt files are written in several times faster than saxes; a file it does not
  // read (not well-formed, a DOCTYPE, or merely unusual) is read again with saxes, counting lines to say where.
  const result = new CamtReader(false).read(xml);
  return result === 'broken' ? (new CamtReader(true).read(xml) as StatementParseResult) : result;
}

class CamtReader {
  private readonly problems: StatementProblem[] = [];
  private readonly statements: AccountStatement[] = [];
  private format: StatementFormat | null = null;
  private version: number | null = null;
  private rootPrefix = '';
  /** The attribute that declares the root prefix's namespace (`xmlns`, `xmlns:<prefix>`): an element declaring it again is of another namespace. */
  private rootNamespaceAttribute = 'xmlns';
  private messageName = '';
  private statementName = '';
  /** Local names of the open elements, root first. */
  private readonly names: string[] = [];
  /** Path of each open element below the innermost scope's element (`RltdPties/Cdtr/Nm`); the root path for the scope's own. */
  private readonly relativePaths: PathNode[] = [];
  /** Per open element: whether it has had a child element (else it is a leaf, whose text is a value). */
  private readonly hasChild: boolean[] = [];
  /** Where an `MrchntCtgyCd` anywhere below a scope is kept. */
  private readonly merchantCategoryPath = newPath(MERCHANT_CATEGORY);
  /** A scope's own element: no value is kept at it. */
  private readonly rootPath = newPath('');
  private readonly noValues = new Values();
  /**
   * The values of the entry being read and of its transaction details, used again for each entry: an entry is read
   * whole when it closes, and what is read from them is copied out.
   */
  private readonly entryValues = new Values();
  private readonly detailsValues: Values[] = [];
  private readonly scopes: Scope[] = [];
  private statement: StatementUnderWay | null = null;
  private entry: Entry | null = null;
  private statementCount = 0;
  private balanceCount = 0;
  private entryCount = 0;
  private entryDetailsCount = 0;
  private transactionDetailsCount = 0;
  private openOtherId: { scope: Scope; depth: number; other: OtherId } | null = null;
  /** Depth of an element whose content is not read (another namespace, `SplmtryData`); -1 when none. */
  private skipFrom = -1;
  private text = '';
  /** Saxes, counting lines, when the file is read to say where it is broken; null while it is scanned. */
  private readonly parser: SaxesParser | null;

  constructor(withLines: boolean) {
    this.parser = withLines ? new SaxesParser({ position: true }) : null;
  }

  /**
   * 'broken' when the file was not read without line numbers: the scanner does not read it (not well-formed, a
   * DOCTYPE, or merely unusual), or a problem's location is a line and column.
   */
  read(xml: string): StatementParseResult | 'broken' {
    try {
      if (this.parser === null) {
        if (!scanXml(xml, { open: (name, attributes) => this.open(name, attributes), text: (text) => this.addText(text), close: () => this.close() })) return 'broken';
      } else {
        const parser = this.parser;
        parser.on('doctype', () => this.refuse(this.here(), 'The file has a DOCTYPE. camt files have none, and DTDs are not read here: no entity is declared, expanded or fetched.', true));
        parser.on('opentag', (tag) => this.open(tag.name, tag.attributes as Record<string, string>));
        parser.on('text', (text) => this.addText(text));
        parser.on('cdata', (text) => this.addText(text));
        parser.on('closetag', () => this.close());
        parser.write(xml).close();
      }
    } catch (error) {
      if (!(error instanceof Refused)) {
        if (this.parser === null) return 'broken';
        const message = error instanceof Error ? error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '') : String(error);
        this.problems.unshift({ location: this.here(), message: `Not well-formed XML: ${message}.` });
      } else if (error.positional && this.parser === null) return 'broken';
      return { ok: false, problems: this.problems };
    }
    if (this.format === null) return { ok: false, problems: [{ location: 'file', message: 'The file has no root element.' }] };
    if (this.problems.length > 0) return { ok: false, problems: this.problems };
    const file: ParsedStatementFile = { format: this.format, version: `${this.format}.001.${String(this.version).padStart(2, '0')}`, statements: this.statements };
    return { ok: true, file };
  }

  private addText(text: string): void {
    if (this.skipFrom === -1) this.text += text;
  }

  private here(): string {
    return this.parser === null ? 'file' : `line ${this.parser.line}, column ${this.parser.column}`;
  }

  private refuse(location: string, message: string, positional = false): never {
    this.problems.push({ location, message });
    throw new Refused(positional);
  }

  private problem(location: string, message: string): void {
    this.problems.push({ location, message });
    if (this.problems.length >= MAX_PROBLEMS) this.refuse(TOO_MANY_PROBLEMS.location, TOO_MANY_PROBLEMS.message);
  }

  private open(qualified: string, attributes: Record<string, string> | null): void {
    const depth = this.names.length;
    if (depth === MAX_DEPTH) this.refuse(`/Document/${this.messageName}`, `Elements nest more than ${MAX_DEPTH} deep; a camt file nests some 15 deep.`);
    const colon = qualified.indexOf(':');
    const name = colon === -1 ? qualified : qualified.slice(colon + 1);
    if (depth > 0) this.hasChild[depth - 1] = true;
    this.hasChild.push(false);
    this.names.push(name);
    this.text = '';
    if (depth === 0) {
      this.root(colon === -1 ? '' : qualified.slice(0, colon), name, attributes);
      this.relativePaths.push(this.rootPath);
      return;
    }
    if (this.skipFrom === -1) {
      const prefix = colon === -1 ? '' : qualified.slice(0, colon);
      if (prefix !== this.rootPrefix || name === 'SplmtryData' || (attributes !== null && this.rootNamespaceAttribute in attributes)) this.skipFrom = depth;
    }
    if (this.skipFrom !== -1) {
      this.relativePaths.push(this.rootPath);
      return;
    }

    let scope = this.scopes[this.scopes.length - 1];
    if (depth === 1) {
      if (name !== this.messageName) this.refuse(`/Document/${name}`, `${this.format} has ${this.messageName} below Document, not ${name}.`);
    } else if (depth === 2 && name === this.statementName) {
      const location = `/Document/${this.messageName}/${name}[${++this.statementCount}]`;
      this.balanceCount = 0;
      this.entryCount = 0;
      this.statement = { location, values: new Values(), balances: [], transactions: [] };
      scope = { kind: 'statement', depth, location, values: this.statement.values, otherIds: [] };
    } else if (depth === 3 && this.statement !== null && name === 'Bal') {
      const balance = { location: `${this.statement.location}/Bal[${++this.balanceCount}]`, values: new Values() };
      this.statement.balances.push(balance);
      scope = { kind: 'balance', depth, location: balance.location, values: balance.values, otherIds: [] };
    } else if (depth === 3 && this.statement !== null && name === 'Ntry') {
      this.entryDetailsCount = 0;
      this.entryValues.clear();
      this.entry = { location: `${this.statement.location}/Ntry[${++this.entryCount}]`, values: this.entryValues, details: [] };
      scope = { kind: 'entry', depth, location: this.entry.location, values: this.entry.values, otherIds: [] };
    } else if (depth === 4 && this.entry !== null && name === 'NtryDtls') {
      this.entryDetailsCount++;
      this.transactionDetailsCount = 0;
    } else if (depth === 5 && this.entry !== null && name === 'TxDtls' && this.names[4] === 'NtryDtls') {
      const n = this.entryDetailsCount;
      const location = `${this.entry.location}/NtryDtls${n === 1 ? '' : `[${n}]`}/TxDtls[${++this.transactionDetailsCount}]`;
      const details = { location, values: this.reusedDetailsValues(this.entry.details.length), otherIds: [] as OtherId[] };
      this.entry.details.push(details);
      scope = { kind: 'details', depth, location, values: details.values, otherIds: details.otherIds };
    }
    let relative: PathNode;
    if (scope !== undefined && scope.depth === depth) {
      if (this.scopes[this.scopes.length - 1] !== scope) this.scopes.push(scope);
      relative = this.rootPath;
    } else {
      relative = this.childPath(this.relativePaths[depth - 1]!, name);
    }
    this.relativePaths.push(relative);
    if (scope === undefined) return;
    if (name === 'Othr' && (this.names[depth - 1] === 'PrvtId' || this.names[depth - 1] === 'OrgId')) {
      const other: OtherId = { path: relative.path, id: null, scheme: null };
      scope.otherIds.push(other);
      this.openOtherId = { scope, depth, other };
    }
    if (attributes === null) return;
    for (const attribute in attributes) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) continue;
      scope.values.add(this.attributePath(relative, attribute), attributes[attribute]!);
    }
  }

  private reusedDetailsValues(index: number): Values {
    let values = this.detailsValues[index];
    if (values === undefined) this.detailsValues.push((values = new Values()));
    else values.clear();
    return values;
  }

  /** `parent/name`, the same object each time. */
  private childPath(parent: PathNode, name: string): PathNode {
    const children = (parent.children ??= new Map());
    let path = children.get(name);
    if (path === undefined) children.set(name, (path = newPath(parent.path === '' ? name : `${parent.path}/${name}`)));
    return path;
  }

  /** `parent@attribute`, the same object each time. */
  private attributePath(parent: PathNode, attribute: string): PathNode {
    const attributes = (parent.attributes ??= new Map());
    let path = attributes.get(attribute);
    if (path === undefined) attributes.set(attribute, (path = newPath(`${parent.path}@${attribute}`)));
    return path;
  }

  private root(prefix: string, name: string, attributes: Record<string, string> | null): void {
    const location = `/${name}`;
    if (name !== 'Document') this.refuse(location, `The root element is ${name}: a camt.053 or camt.052 file has Document.`);
    const namespace = attributes?.[prefix === '' ? 'xmlns' : `xmlns:${prefix}`];
    if (namespace === undefined) this.refuse(location, 'The Document has no namespace: a camt file has urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN or camt.052.001.NN.');
    const match = NAMESPACE.exec(namespace);
    if (match === null) this.refuse(location, `Unknown namespace ${namespace}: camt.053 or camt.052 (urn:iso:std:iso:20022:tech:xsd:camt.05x.001.NN) expected.`);
    const version = Number(match[2]);
    if (version < FIRST_VERSION || version > LAST_VERSION) this.refuse(location, `${match[1]}.001.${match[2]} is not a version read here: .001.0${FIRST_VERSION} to .001.${LAST_VERSION} are.`);
    this.format = match[1] as StatementFormat;
    this.version = version;
    this.rootPrefix = prefix;
    this.rootNamespaceAttribute = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
    this.messageName = ROOTS[this.format]!.message;
    this.statementName = ROOTS[this.format]!.statement;
  }

  private close(): void {
    const depth = this.names.length - 1;
    const name = this.names[depth]!;
    const text = this.text;
    this.text = '';
    const leaf = !this.hasChild[depth];
    const relative = this.relativePaths[depth]!;
    this.names.pop();
    this.relativePaths.pop();
    this.hasChild.pop();
    if (this.skipFrom !== -1) {
      if (depth === this.skipFrom) this.skipFrom = -1;
      return;
    }
    const scope = this.scopes[this.scopes.length - 1];
    if (scope !== undefined && scope.depth === depth) {
      this.scopes.pop();
      if (scope.kind === 'statement') this.closeStatement();
      else if (scope.kind === 'entry') this.closeEntry();
    } else if (scope !== undefined && leaf) {
      const trimmed = text.trim();
      scope.values.add(relative, trimmed);
      if (name === 'MrchntCtgyCd') scope.values.add(this.merchantCategoryPath, trimmed);
      const other = this.openOtherId;
      if (other !== null && other.scope === scope) {
        if (depth === other.depth + 1 && name === 'Id') other.other.id = trimmed;
        if (depth === other.depth + 2 && this.names[other.depth + 1] === 'SchmeNm') other.other.scheme = trimmed;
      }
    }
    if (this.openOtherId !== null && this.openOtherId.depth === depth) this.openOtherId = null;
    if (depth === 0 && this.statements.length === 0 && this.problems.length === 0) this.problem('/Document', `The file has no ${this.statementName}.`);
  }

  private closeStatement(): void {
    const s = this.statement!;
    this.statement = null;
    const v = s.values;
    const statementName = this.statementName;
    const iban = one(v, 'Acct/Id/IBAN');
    const accountId = one(v, 'Acct/Id/Othr/Id');
    const statementId = one(v, 'Id');
    if (statementId === null) this.problem(s.location, `${statementName}/Id is missing.`);
    if (iban === null && accountId === null) this.problem(`${s.location}/Acct`, 'The account has no Id/IBAN or Id/Othr/Id.');
    if (iban !== null && !/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) this.problem(`${s.location}/Acct/Id/IBAN`, `"${iban}" is not an IBAN.`);
    const currency = one(v, 'Acct/Ccy');
    if (currency !== null) this.checkCurrency(`${s.location}/Acct/Ccy`, currency);
    let opening: StatementBalance | null = null;
    let preceding: StatementBalance | null = null;
    let closing: StatementBalance | null = null;
    const balances: { location: string; currency: string }[] = [];
    for (const b of s.balances) {
      const balance = this.balance(b.location, b.values);
      if (balance === null) continue;
      balances.push({ location: b.location, currency: balance.balance.currency });
      if (balance.type === 'OPBD') opening ??= balance.balance;
      if (balance.type === 'PRCD') preceding ??= balance.balance;
      if (balance.type === 'CLBD') closing ??= balance.balance;
    }
    if (this.format === 'camt.053' && s.balances.length === 0) this.problem(s.location, 'A camt.053 statement has at least one Bal.');
    const statement: AccountStatement = {
      statementId,
      iban,
      accountId: iban === null ? accountId : null,
      // `Acct/Ccy` is optional; the balances' currency is the account's then.
      currency: currency ?? opening?.currency ?? preceding?.currency ?? closing?.currency ?? null,
      bic: one(v, 'Acct/Svcr/FinInstnId/BIC') ?? one(v, 'Acct/Svcr/FinInstnId/BICFI'),
      ownerName: one(v, 'Acct/Ownr/Nm') ?? one(v, 'Acct/Ownr/Pty/Nm'),
      openingBalance: opening ?? preceding,
      closingBalance: closing,
      transactions: s.transactions,
      location: s.location,
    };
    if (this.currenciesAgree(statement, balances)) for (const problem of balanceProblems(statement)) this.problem(problem.location, problem.message);
    this.statements.push(statement);
  }

  /**
   * Every balance and entry of a statement is in its account's currency (`Acct/Ccy`, else its balances'): an entry's
   * `Amt` is what was booked on the account, a foreign amount is in its details. Summed with the others, an entry in
   * another currency would make balances add up that do not.
   */
  private currenciesAgree(statement: AccountStatement, balances: { location: string; currency: string }[]): boolean {
    const currency = statement.currency;
    if (currency === null) return true;
    const before = this.problems.length;
    for (const b of balances) if (b.currency !== currency) this.problem(`${b.location}/Amt@Ccy`, `The balance is in ${b.currency}, but the account is in ${currency}.`);
    const entries = new Set<string>();
    for (const t of statement.transactions) {
      if (t.currency === currency) continue;
      const entry = t.location.replace(/\/NtryDtls.*$/, '');
      if (entries.has(entry)) continue;
      entries.add(entry);
      this.problem(`${entry}/Amt@Ccy`, `The entry is in ${t.currency}, but the account is in ${currency}.`);
    }
    return this.problems.length === before;
  }

  private balance(location: string, v: Values): { type: string; balance: StatementBalance } | null {
    const type = one(v, 'Tp/CdOrPrtry/Cd') ?? one(v, 'Tp/CdOrPrtry/Prtry');
    const amount = this.amount(location, v, 'Amt');
    const sign = this.creditDebit(location, v, 'CdtDbtInd');
    const date = this.dateOf(location, v, 'Dt', true);
    if (type === null) this.problem(`${location}/Tp`, 'The balance has no Tp/CdOrPrtry/Cd.');
    if (type === null || amount === null || sign === null || date === null) return null;
    return { type, balance: { amount: sign === 'DBIT' ? negative(amount.value) : amount.value, currency: amount.currency, date } };
  }

  private closeEntry(): void {
    const e = this.entry!;
    this.entry = null;
    const v = e.values;
    const amount = this.amount(e.location, v, 'Amt');
    const sign = this.creditDebit(e.location, v, 'CdtDbtInd');
    // The status is a code up to version .06 and a choice of Cd or Prtry from .07.
    const choice = this.version! >= 7;
    const statusCode = one(v, choice ? 'Sts/Cd' : 'Sts');
    if (statusCode === null) {
      const proprietary = choice ? one(v, 'Sts/Prtry') : null;
      this.problem(`${e.location}/Sts`, proprietary !== null ? `The proprietary entry status "${proprietary}" is not read: Sts/Cd BOOK, PDNG or INFO.` : `The entry has no status (${choice ? 'Sts/Cd from version .07' : 'Sts up to version .06'}).`);
    }
    const status = statusCode === null ? null : STATUS[statusCode];
    if (statusCode !== null && status === undefined) this.problem(`${e.location}/Sts`, `Unknown entry status "${statusCode}": BOOK, PDNG, INFO or FUTR.`);
    const reversalText = one(v, 'RvslInd');
    if (reversalText !== null && !REVERSAL_INDICATOR.test(reversalText)) this.problem(`${e.location}/RvslInd`, `RvslInd "${reversalText}" is not true or false.`);
    const reversal = reversalText === 'true' || reversalText === '1';
    const bookingDate = this.dateOf(e.location, v, 'BookgDt', false);
    const valueDate = this.dateOf(e.location, v, 'ValDt', false);
    if (status === 'booked' && !v.has('BookgDt/Dt') && !v.has('BookgDt/DtTm') && !v.has('ValDt/Dt') && !v.has('ValDt/DtTm')) this.problem(e.location, 'A booked entry has no BookgDt or ValDt.');
    if (!hasCode(v, 'BkTxCd')) this.problem(`${e.location}/BkTxCd`, 'The entry has no bank transaction code (BkTxCd/Domn or BkTxCd/Prtry).');
    const entryCode = this.bankTransactionCode(e.location, v, 'BkTxCd');
    if (amount === null || sign === null || status === null || status === undefined) return;
    const entryAmount = sign === 'DBIT' ? negative(amount.value) : amount.value;
    const base = {
      currency: amount.currency,
      status,
      bookingDate,
      valueDate,
      reversal,
      bankReference: bankReferenceOf(one(v, 'AcctSvcrRef')),
      narrative: one(v, 'AddtlNtryInf'),
      code: entryCode,
      proprietaryCode: one(v, 'BkTxCd/Prtry/Cd'),
      merchantCategoryCode: one(v, MERCHANT_CATEGORY),
    };
    const statement = this.statement!;
    if (e.details.length === 0) {
      statement.transactions.push(this.transaction(e.location, base, entryAmount, amount.currency, sign, null, false));
      return;
    }
    const split = e.details.length > 1;
    const amounts: DecimalText[] = [];
    for (const d of e.details) {
      const own = this.amount(d.location, d.values, 'Amt', true) ?? this.amount(d.location, d.values, 'AmtDtls/TxAmt/Amt', true);
      const ownSign = d.values.has('CdtDbtInd') ? this.creditDebit(d.location, d.values, 'CdtDbtInd') : sign;
      if (split && own === null) {
        this.problem(d.location, 'One of several transaction details has no amount (Amt or AmtDtls/TxAmt/Amt), so the entry cannot be split.');
        continue;
      }
      if (own !== null && own.currency !== amount.currency) {
        this.problem(d.location, `The details' amount is in ${own.currency}, the entry's in ${amount.currency}.`);
        continue;
      }
      if (ownSign === null) continue;
      const detailAmount = own === null ? entryAmount : ownSign === 'DBIT' ? negative(own.value) : own.value;
      amounts.push(detailAmount);
      statement.transactions.push(this.transaction(d.location, base, detailAmount, amount.currency, ownSign, d, split));
    }
    if (amounts.length === e.details.length && !(amounts.length === 1 && amounts[0] === entryAmount)) {
      const total = sumDecimals(amounts);
      if (compareDecimals(total, entryAmount) !== 0) this.problem(`${e.location}/NtryDtls`, `The ${amounts.length} transaction details add up to ${total}, but the entry is ${entryAmount}.`);
    }
  }

  private transaction(
    location: string,
    entry: { currency: string; status: EntryStatus; bookingDate: CalendarDate | null; valueDate: CalendarDate | null; reversal: boolean; bankReference: string | null; narrative: string | null; code: BankTransactionCode | null; proprietaryCode: string | null; merchantCategoryCode: string | null },
    amount: DecimalText,
    currency: string,
    sign: 'CRDT' | 'DBIT',
    details: { values: Values; otherIds: OtherId[] } | null,
    split: boolean,
  ): StatementTransaction {
    const d: Values = details?.values ?? this.noValues;
    // The counterparty is whom the money went to (creditor) or came from (debtor); a reversal keeps the parties
    // of the payment it reverses.
    const outgoing = (sign === 'DBIT') !== entry.reversal;
    const party = outgoing ? CREDITOR : DEBTOR;
    const remittance = all(d, 'RmtInf/Ustrd');
    const detailsCode = d.has('BkTxCd/Domn/Cd') ? this.bankTransactionCode(location, d, 'BkTxCd') : null;
    const endToEndId = one(d, 'Refs/EndToEndId');
    const ownNarrative = one(d, 'AddtlTxInf');
    return {
      amount,
      currency,
      status: entry.status,
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      reversal: entry.reversal,
      bankReference: bankReferenceOf(one(d, 'Refs/AcctSvcrRef')) ?? (split ? null : entry.bankReference),
      endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
      mandateId: one(d, 'Refs/MndtId'),
      creditorSchemeId: creditorSchemeId(details?.otherIds ?? []),
      bankTransactionCode: detailsCode ?? entry.code,
      proprietaryCode: one(d, 'BkTxCd/Prtry/Cd') ?? entry.proprietaryCode,
      proprietaryName: null,
      counterpartyName: one(d, party.name) ?? one(d, party.partyName),
      counterpartyIban: one(d, party.iban),
      counterpartyBic: one(d, party.bic) ?? one(d, party.bicfi),
      remittanceUnstructured: remittance,
      remittanceStructured: one(d, 'RmtInf/Strd/CdtrRefInf/Ref'),
      purposeCode: one(d, 'Purp/Cd'),
      returnReason: one(d, 'RtrInf/Rsn/Cd'),
      merchantCategoryCode: one(d, MERCHANT_CATEGORY) ?? entry.merchantCategoryCode,
      // A split entry's own narrative describes the batch, not each payment in it, unless a payment has no remittance of its own.
      narrative: ownNarrative ?? (split && remittance.length > 0 ? null : entry.narrative),
      location,
    };
  }

  private bankTransactionCode(location: string, v: Values, path: string): BankTransactionCode | null {
    const domain = one(v, below(path, '/Domn/Cd'));
    if (domain === null) return null;
    const family = one(v, below(path, '/Domn/Fmly/Cd'));
    const subFamily = one(v, below(path, '/Domn/Fmly/SubFmlyCd'));
    if (family === null || subFamily === null) {
      this.problem(`${location}/${path}/Domn`, 'The bank transaction code has a domain but no Fmly/Cd and Fmly/SubFmlyCd.');
      return null;
    }
    this.checkTransactionCode(location, path, 'Domn/Cd', domain);
    this.checkTransactionCode(location, path, 'Domn/Fmly/Cd', family);
    this.checkTransactionCode(location, path, 'Domn/Fmly/SubFmlyCd', subFamily);
    return { domain, family, subFamily };
  }

  private checkTransactionCode(location: string, path: string, field: string, code: string): void {
    if (!TRANSACTION_CODE.test(code)) this.problem(`${location}/${path}/${field}`, `"${code}" is not a four-character ISO bank transaction code.`);
  }

  private amount(location: string, v: Values, path: string, optional = false): { value: DecimalText; currency: string } | null {
    const text = one(v, path);
    if (text === null) {
      if (!optional) this.problem(`${location}/${path}`, `${path} is missing.`);
      return null;
    }
    const currency = one(v, below(path, '@Ccy'));
    if (currency === null) {
      this.problem(`${location}/${path}`, `${path} has no Ccy attribute.`);
      return null;
    }
    if (!this.checkCurrency(`${location}/${path}@Ccy`, currency)) return null;
    if (PLAIN_AMOUNT.test(text)) return { value: text, currency };
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (match === null || match[1]!.length + (match[2]?.length ?? 0) > 18 || (match[2]?.length ?? 0) > 5) {
      this.problem(`${location}/${path}`, `"${text}" is not an amount: digits, optionally a point and at most 5 decimals, 18 digits in all, never negative.`);
      return null;
    }
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    return { value: match[2] === undefined ? whole : `${whole}.${match[2]}`, currency };
  }

  private checkCurrency(location: string, currency: string): boolean {
    if (isCurrencyCode(currency)) return true;
    this.problem(location, `"${currency}" is not an ISO 4217 currency code.`);
    return false;
  }

  private creditDebit(location: string, v: Values, path: string): 'CRDT' | 'DBIT' | null {
    const text = one(v, path);
    if (text === 'CRDT' || text === 'DBIT') return text;
    this.problem(`${location}/${path}`, text === null ? `${path} is missing.` : `${path} "${text}" is neither CRDT nor DBIT.`);
    return null;
  }

  /** `path/Dt` or the date of `path/DtTm`, as written (a date-time's own local date). */
  private dateOf(location: string, v: Values, path: string, required: boolean): CalendarDate | null {
    const date = one(v, below(path, '/Dt'));
    const dateTime = one(v, below(path, '/DtTm'));
    if (date === null && dateTime === null) {
      if (required) this.problem(`${location}/${path}`, `${path} has no Dt or DtTm.`);
      return null;
    }
    if (date !== null) {
      if (isCalendarDate(date)) return date;
      this.problem(`${location}/${path}/Dt`, `"${date}" is not a date (YYYY-MM-DD).`);
      return null;
    }
    const match = DATE_TIME.exec(dateTime!);
    if (match !== null && isCalendarDate(match[1]!)) return match[1]!;
    this.problem(`${location}/${path}/DtTm`, `"${dateTime}" is not a date-time (YYYY-MM-DDThh:mm:ss, optionally with a zone).`);
    return null;
  }
}

function newPath(text: string): PathNode {
  return { path: text, slot: SLOTS.get(text) ?? -1, children: null, attributes: null };
}

function one(values: Values, key: string): string | null {
  const present = values.get(key);
  const value = typeof present === 'string' ? present : present?.[0];
  return value === undefined || value === '' ? null : value;
}

function all(values: Values, key: string): string[] {
  const present = values.get(key);
  return present === undefined ? [] : typeof present === 'string' ? [present] : present;
}

function hasCode(values: Values, path: string): boolean {
  return values.has(below(path, '/Domn/Cd')) || values.has(below(path, '/Prtry/Cd'));
}

const belowPaths = new Map<string, Map<string, string>>();

/** `path` + `rest`, the same string each time: a key looked up in every entry's values is hashed once, not made and hashed anew. */
function below(path: string, rest: string): string {
  let ofPath = belowPaths.get(path);
  if (ofPath === undefined) belowPaths.set(path, (ofPath = new Map()));
  let joined = ofPath.get(rest);
  if (joined === undefined) ofPath.set(rest, (joined = path + rest));
  return joined;
}

/** The SEPA creditor identifier: the creditor's private `Othr/Id` whose scheme is `SEPA`. */
function creditorSchemeId(otherIds: OtherId[]): string | null {
  const sepa = otherIds.find((o) => o.scheme === 'SEPA' && CREDITOR_PRIVATE_ID.test(o.path));
  return sepa?.id ?? null;
}

// Regular expressions of the per-entry checks, made once: a literal in a function is a new object at every call.
const REVERSAL_INDICATOR = /^(true|false|1|0)$/;
const TRANSACTION_CODE = /^[A-Z0-9]{4}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/;
const CREDITOR_PRIVATE_ID = /^(?:RltdPties\/Cdtr(?:\/Pty)?\/Id|CdtrSchmeId\/Id)\/PrvtId\/Othr$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An amount as the schema allows it and already in its normal form (no leading zero): what `amount` makes of it is itself. */
const PLAIN_AMOUNT = /^(?:0|[1-9]\d{0,12})(?:\.\d{1,5})?$/;

function negative(amount: DecimalText): DecimalText {
  return isZeroDecimal(amount) ? amount : negateDecimal(amount);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDate(text: string): boolean {
  if (!CALENDAR_DATE.test(text)) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** The number the `count` digits at `from` write, read without cutting them out. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) value = value * 10 + text.charCodeAt(i) - 0x30;
  return value;
}
