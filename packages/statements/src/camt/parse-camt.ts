/**
 * A strict reader of ISO 20022 bank-to-customer statements (camt.053, `BkToCstmrStmt/Stmt`) and account reports
 * (camt.052, `BkToCstmrAcctRpt/Rpt`), versions .001.02 to .001.13, streamed with saxes: the file is never held as a
 * tree. Each `Stmt`/`Ntry`/`TxDtls` is collected as a flat map of its leaf values by their path below it, and read
 * when it closes.
 *
 * Refused, with where: a DOCTYPE of any kind (so no entity is ever declared, expanded or resolved), XML that is not
 * well-formed or is cut off, a root or namespace that is not camt.053/camt.052 of a known version, missing
 * mandatory elements, amounts, currencies, dates and codes that are not what the schema allows, an entry whose
 * transaction details do not add up to it, and statements whose entries do not add up to their balances.
 * What each field becomes: docs/statements.md.
 */
import { SaxesParser } from 'saxes';
import { balanceProblems } from '../balances';
import { compareDecimals, negateDecimal, sumDecimals } from '../decimal';
import type { AccountStatement, BankTransactionCode, CalendarDate, DecimalText, EntryStatus, ParsedStatementFile, StatementBalance, StatementFormat, StatementParseResult, StatementProblem, StatementTransaction } from '../statement';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[23])\.001\.(\d{2})$/;
const FIRST_VERSION = 2;
const LAST_VERSION = 13;
const ROOTS: Record<string, { message: string; statement: string }> = {
  'camt.053': { message: 'BkToCstmrStmt', statement: 'Stmt' },
  'camt.052': { message: 'BkToCstmrAcctRpt', statement: 'Rpt' },
};
const STATUS: Record<string, EntryStatus> = { BOOK: 'booked', PDNG: 'pending', INFO: 'information', FUTR: 'pending' };
/** Problems reported per file before giving up: enough to fix a file, never a flood. */
const MAX_PROBLEMS = 50;

/** Leaf values below one element, by their path below it (`RltdPties/Cdtr/Nm`); an attribute is `path@name`. */
type Values = Map<string, string[]>;

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

class Refused extends Error {}

export function parseCamt(xml: string): StatementParseResult {
  if (xml.trim() === '') return { ok: false, problems: [{ location: 'file', message: 'The file is empty.' }] };
  if (!xml.trimStart().startsWith('<')) return { ok: false, problems: [{ location: 'line 1, column 1', message: 'Not XML: a camt file starts with <?xml or <Document.' }] };
  return new CamtReader().read(xml);
}

class CamtReader {
  private readonly problems: StatementProblem[] = [];
  private readonly statements: AccountStatement[] = [];
  private format: StatementFormat | null = null;
  private version: number | null = null;
  private rootPrefix = '';
  /** Local names of the open elements, root first. */
  private readonly names: string[] = [];
  /** Location of each open element, as an element path. */
  private readonly paths: string[] = [];
  /** Per open element: how many children of each indexed name it has had so far. */
  private readonly childCounts: Map<string, number>[] = [];
  /** Per open element: whether it has had a child element (else it is a leaf, whose text is a value). */
  private readonly hasChild: boolean[] = [];
  private readonly scopes: Scope[] = [];
  private statement: StatementUnderWay | null = null;
  private entry: Entry | null = null;
  private openOtherId: { scope: Scope; depth: number; other: OtherId } | null = null;
  /** Depth of an element whose content is not read (another namespace, `SplmtryData`); -1 when none. */
  private skipFrom = -1;
  private text = '';
  private readonly parser = new SaxesParser({ position: true });

  read(xml: string): StatementParseResult {
    const parser = this.parser;
    parser.on('doctype', () => this.refuse(this.here(), 'The file has a DOCTYPE. camt files have none, and DTDs are not read here: no entity is declared, expanded or fetched.'));
    parser.on('opentag', (tag) => this.open(tag.name, tag.attributes as Record<string, string>));
    parser.on('text', (text) => {
      if (this.skipFrom === -1) this.text += text;
    });
    parser.on('cdata', (text) => {
      if (this.skipFrom === -1) this.text += text;
    });
    parser.on('closetag', () => this.close());
    try {
      parser.write(xml).close();
    } catch (error) {
      if (!(error instanceof Refused)) {
        const message = error instanceof Error ? error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '') : String(error);
        this.problems.unshift({ location: this.here(), message: `Not well-formed XML: ${message}.` });
      }
      return { ok: false, problems: this.problems };
    }
    if (this.format === null) return { ok: false, problems: [{ location: 'file', message: 'The file has no root element.' }] };
    if (this.problems.length > 0) return { ok: false, problems: this.problems };
    const file: ParsedStatementFile = { format: this.format, version: `${this.format}.001.${String(this.version).padStart(2, '0')}`, statements: this.statements };
    return { ok: true, file };
  }

  private here(): string {
    return `line ${this.parser.line}, column ${this.parser.column}`;
  }

  private refuse(location: string, message: string): never {
    this.problems.push({ location, message });
    throw new Refused(message);
  }

  private problem(location: string, message: string): void {
    this.problems.push({ location, message });
    if (this.problems.length >= MAX_PROBLEMS) this.refuse('file', `More than ${MAX_PROBLEMS} problems; reading stopped.`);
  }

  private open(qualified: string, attributes: Record<string, string>): void {
    const depth = this.names.length;
    const colon = qualified.indexOf(':');
    const prefix = colon === -1 ? '' : qualified.slice(0, colon);
    const name = colon === -1 ? qualified : qualified.slice(colon + 1);
    if (depth === 0) this.root(prefix, name, attributes);
    else if (this.skipFrom === -1 && (prefix !== this.rootPrefix || name === 'SplmtryData' || xmlnsRedeclared(attributes, prefix))) this.skipFrom = depth;

    const parentCounts = this.childCounts[depth - 1];
    let path: string;
    if (depth === 0) path = `/${name}`;
    else if (INDEXED.has(name) && this.skipFrom === -1) {
      const n = (parentCounts!.get(name) ?? 0) + 1;
      parentCounts!.set(name, n);
      path = name === 'NtryDtls' && n === 1 ? `${this.paths[depth - 1]}/${name}` : `${this.paths[depth - 1]}/${name}[${n}]`;
    } else path = `${this.paths[depth - 1]}/${name}`;
    this.names.push(name);
    this.paths.push(path);
    this.childCounts.push(new Map());
    this.text = '';
    if (this.skipFrom !== -1) return;

    if (depth === 1 && name !== ROOTS[this.format!]!.message) this.refuse(path, `${this.format} has ${ROOTS[this.format!]!.message} below Document, not ${name}.`);
    const statementName = ROOTS[this.format!]!.statement;
    if (depth === 2 && name === statementName) {
      this.statement = { location: path, values: new Map(), balances: [], transactions: [] };
      this.scopes.push({ kind: 'statement', depth, location: path, values: this.statement.values, otherIds: [] });
    } else if (depth === 3 && this.statement !== null && name === 'Bal') {
      const balance = { location: path, values: new Map() as Values };
      this.statement.balances.push(balance);
      this.scopes.push({ kind: 'balance', depth, location: path, values: balance.values, otherIds: [] });
    } else if (depth === 3 && this.statement !== null && name === 'Ntry') {
      this.entry = { location: path, values: new Map(), details: [] };
      this.scopes.push({ kind: 'entry', depth, location: path, values: this.entry.values, otherIds: [] });
    } else if (depth === 5 && this.entry !== null && name === 'TxDtls' && this.names[4] === 'NtryDtls') {
      const details = { location: path, values: new Map() as Values, otherIds: [] as OtherId[] };
      this.entry.details.push(details);
      this.scopes.push({ kind: 'details', depth, location: path, values: details.values, otherIds: details.otherIds });
    } else if (name === 'Othr' && this.names[depth - 1] === 'PrvtId' || (name === 'Othr' && this.names[depth - 1] === 'OrgId')) {
      const scope = this.scopes[this.scopes.length - 1];
      if (scope !== undefined) {
        const other: OtherId = { path: this.relative(scope, depth), id: null, scheme: null };
        scope.otherIds.push(other);
        this.openOtherId = { scope, depth, other };
      }
    }
    const scope = this.scopes[this.scopes.length - 1];
    if (scope !== undefined) {
      for (const attribute in attributes) {
        if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) continue;
        add(scope.values, `${this.relative(scope, depth)}@${attribute}`, attributes[attribute]!);
      }
    }
  }

  private root(prefix: string, name: string, attributes: Record<string, string>): void {
    const location = `/${name}`;
    if (name !== 'Document') this.refuse(location, `The root element is ${name}: a camt.053 or camt.052 file has Document.`);
    const namespace = attributes[prefix === '' ? 'xmlns' : `xmlns:${prefix}`];
    if (namespace === undefined) this.refuse(location, 'The Document has no namespace: a camt file has urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN or camt.052.001.NN.');
    const match = NAMESPACE.exec(namespace);
    if (match === null) this.refuse(location, `Unknown namespace ${namespace}: camt.053 or camt.052 (urn:iso:std:iso:20022:tech:xsd:camt.05x.001.NN) expected.`);
    const version = Number(match[2]);
    if (version < FIRST_VERSION || version > LAST_VERSION) this.refuse(location, `${match[1]}.001.${match[2]} is not a version read here: .001.0${FIRST_VERSION} to .001.${LAST_VERSION} are.`);
    this.format = match[1] as StatementFormat;
    this.version = version;
    this.rootPrefix = prefix;
  }

  private relative(scope: Scope, depth: number): string {
    return this.names.slice(scope.depth + 1, depth + 1).join('/');
  }

  private close(): void {
    const depth = this.names.length - 1;
    const name = this.names[depth]!;
    const text = this.text;
    this.text = '';
    if (this.skipFrom !== -1) {
      if (depth === this.skipFrom) this.skipFrom = -1;
      this.pop();
      return;
    }
    const scope = this.scopes[this.scopes.length - 1];
    if (scope !== undefined && scope.depth === depth) {
      this.scopes.pop();
      if (scope.kind === 'statement') this.closeStatement();
      else if (scope.kind === 'entry') this.closeEntry();
    } else if (scope !== undefined && this.hasChild[depth] !== true) {
      const trimmed = text.trim();
      add(scope.values, this.relative(scope, depth), trimmed);
      const other = this.openOtherId;
      if (other !== null && other.scope === scope) {
        if (depth === other.depth + 1 && name === 'Id') other.other.id = trimmed;
        if (depth === other.depth + 2 && this.names[other.depth + 1] === 'SchmeNm') other.other.scheme = trimmed;
      }
    }
    if (this.openOtherId !== null && this.openOtherId.depth === depth) this.openOtherId = null;
    if (depth === 0 && this.statements.length === 0 && this.problems.length === 0) {
      this.problem(this.paths[0]!, `The file has no ${ROOTS[this.format!]!.statement}.`);
    }
    this.pop();
  }


  private pop(): void {
    const depth = this.names.length - 1;
    this.names.pop();
    this.paths.pop();
    this.childCounts.pop();
    this.hasChild.length = depth;
    if (depth > 0) this.hasChild[depth - 1] = true;
  }

  private closeStatement(): void {
    const s = this.statement!;
    this.statement = null;
    const v = s.values;
    const statementName = ROOTS[this.format!]!.statement;
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
    for (const b of s.balances) {
      const balance = this.balance(b.location, b.values);
      if (balance === null) continue;
      if (balance.type === 'OPBD') opening ??= balance.balance;
      if (balance.type === 'PRCD') preceding ??= balance.balance;
      if (balance.type === 'CLBD') closing ??= balance.balance;
    }
    if (this.format === 'camt.053' && s.balances.length === 0) this.problem(s.location, 'A camt.053 statement has at least one Bal.');
    const statement: AccountStatement = {
      statementId,
      iban,
      accountId: iban === null ? accountId : null,
      currency,
      bic: one(v, 'Acct/Svcr/FinInstnId/BIC') ?? one(v, 'Acct/Svcr/FinInstnId/BICFI'),
      ownerName: one(v, 'Acct/Ownr/Nm') ?? one(v, 'Acct/Ownr/Pty/Nm'),
      openingBalance: opening ?? preceding,
      closingBalance: closing,
      transactions: s.transactions,
      location: s.location,
    };
    for (const problem of balanceProblems(statement)) this.problem(problem.location, problem.message);
    this.statements.push(statement);
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
    const statusCode = one(v, 'Sts') ?? one(v, 'Sts/Cd');
    if (statusCode === null) this.problem(`${e.location}/Sts`, 'The entry has no status (Sts, or Sts/Cd from version .07).');
    const status = statusCode === null ? null : STATUS[statusCode];
    if (statusCode !== null && status === undefined) this.problem(`${e.location}/Sts`, `Unknown entry status "${statusCode}": BOOK, PDNG, INFO or FUTR.`);
    const reversalText = one(v, 'RvslInd');
    if (reversalText !== null && !/^(true|false|1|0)$/.test(reversalText)) this.problem(`${e.location}/RvslInd`, `RvslInd "${reversalText}" is not true or false.`);
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
      bankReference: one(v, 'AcctSvcrRef'),
      narrative: one(v, 'AddtlNtryInf'),
      code: entryCode,
      proprietaryCode: one(v, 'BkTxCd/Prtry/Cd'),
      merchantCategoryCode: endingIn(v, '/MrchntCtgyCd'),
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
    if (amounts.length === e.details.length) {
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
    const d = details?.values ?? new Map<string, string[]>();
    // The counterparty is whom the money went to (creditor) or came from (debtor); a reversal keeps the parties
    // of the payment it reverses.
    const outgoing = (sign === 'DBIT') !== entry.reversal;
    const party = outgoing ? 'Cdtr' : 'Dbtr';
    const remittance = d.get('RmtInf/Ustrd') ?? [];
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
      bankReference: one(d, 'Refs/AcctSvcrRef') ?? (split ? null : entry.bankReference),
      endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
      mandateId: one(d, 'Refs/MndtId'),
      creditorSchemeId: creditorSchemeId(details?.otherIds ?? []),
      bankTransactionCode: detailsCode ?? entry.code,
      proprietaryCode: one(d, 'BkTxCd/Prtry/Cd') ?? entry.proprietaryCode,
      proprietaryName: null,
      counterpartyName: one(d, `RltdPties/${party}/Nm`) ?? one(d, `RltdPties/${party}/Pty/Nm`),
      counterpartyIban: one(d, `RltdPties/${party}Acct/Id/IBAN`),
      counterpartyBic: one(d, `RltdAgts/${party}Agt/FinInstnId/BIC`) ?? one(d, `RltdAgts/${party}Agt/FinInstnId/BICFI`),
      remittanceUnstructured: remittance,
      remittanceStructured: one(d, 'RmtInf/Strd/CdtrRefInf/Ref'),
      purposeCode: one(d, 'Purp/Cd'),
      returnReason: one(d, 'RtrInf/Rsn/Cd'),
      merchantCategoryCode: endingIn(d, '/MrchntCtgyCd') ?? entry.merchantCategoryCode,
      // A split entry's own narrative describes the batch, not each payment in it, unless a payment has no remittance of its own.
      narrative: ownNarrative ?? (split && remittance.length > 0 ? null : entry.narrative),
      location,
    };
  }

  private bankTransactionCode(location: string, v: Values, path: string): BankTransactionCode | null {
    const domain = one(v, `${path}/Domn/Cd`);
    if (domain === null) return null;
    const family = one(v, `${path}/Domn/Fmly/Cd`);
    const subFamily = one(v, `${path}/Domn/Fmly/SubFmlyCd`);
    if (family === null || subFamily === null) {
      this.problem(`${location}/${path}/Domn`, 'The bank transaction code has a domain but no Fmly/Cd and Fmly/SubFmlyCd.');
      return null;
    }
    for (const [field, code] of [['Domn/Cd', domain], ['Domn/Fmly/Cd', family], ['Domn/Fmly/SubFmlyCd', subFamily]] as const) {
      if (!/^[A-Z0-9]{4}$/.test(code)) this.problem(`${location}/${path}/${field}`, `"${code}" is not a four-character ISO bank transaction code.`);
    }
    return { domain, family, subFamily };
  }

  private amount(location: string, v: Values, path: string, optional = false): { value: DecimalText; currency: string } | null {
    const text = one(v, path);
    if (text === null) {
      if (!optional) this.problem(`${location}/${path}`, `${path} is missing.`);
      return null;
    }
    const currency = one(v, `${path}@Ccy`);
    if (currency === null) {
      this.problem(`${location}/${path}`, `${path} has no Ccy attribute.`);
      return null;
    }
    if (!this.checkCurrency(`${location}/${path}@Ccy`, currency)) return null;
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (match === null || match[1]!.length + (match[2]?.length ?? 0) > 18 || (match[2]?.length ?? 0) > 5) {
      this.problem(`${location}/${path}`, `"${text}" is not an amount: digits, optionally a point and at most 5 decimals, 18 digits in all, never negative.`);
      return null;
    }
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    return { value: match[2] === undefined ? whole : `${whole}.${match[2]}`, currency };
  }

  private checkCurrency(location: string, currency: string): boolean {
    if (/^[A-Z]{3}$/.test(currency)) return true;
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
    const date = one(v, `${path}/Dt`);
    const dateTime = one(v, `${path}/DtTm`);
    if (date === null && dateTime === null) {
      if (required) this.problem(`${location}/${path}`, `${path} has no Dt or DtTm.`);
      return null;
    }
    if (date !== null) {
      if (isCalendarDate(date)) return date;
      this.problem(`${location}/${path}/Dt`, `"${date}" is not a date (YYYY-MM-DD).`);
      return null;
    }
    const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/.exec(dateTime!);
    if (match !== null && isCalendarDate(match[1]!)) return match[1]!;
    this.problem(`${location}/${path}/DtTm`, `"${dateTime}" is not a date-time (YYYY-MM-DDThh:mm:ss, optionally with a zone).`);
    return null;
  }
}

/** Elements that repeat, numbered in locations. */
const INDEXED = new Set(['Stmt', 'Rpt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

function xmlnsRedeclared(attributes: Record<string, string>, prefix: string): boolean {
  return (prefix === '' ? 'xmlns' : `xmlns:${prefix}`) in attributes;
}

function add(values: Values, key: string, value: string): void {
  const list = values.get(key);
  if (list === undefined) values.set(key, [value]);
  else list.push(value);
}

function one(values: Values, key: string): string | null {
  const value = values.get(key)?.[0];
  return value === undefined || value === '' ? null : value;
}

function hasCode(values: Values, path: string): boolean {
  return values.has(`${path}/Domn/Cd`) || values.has(`${path}/Prtry/Cd`);
}

function endingIn(values: Values, suffix: string): string | null {
  for (const [key, list] of values) if (key.endsWith(suffix) && list[0] !== '') return list[0]!;
  return null;
}

/** The SEPA creditor identifier: the creditor's private `Othr/Id` whose scheme is `SEPA`. */
function creditorSchemeId(otherIds: OtherId[]): string | null {
  const sepa = otherIds.find((o) => o.scheme === 'SEPA' && /^(?:RltdPties\/Cdtr(?:\/Pty)?\/Id|CdtrSchmeId\/Id)\/PrvtId\/Othr$/.test(o.path));
  return sepa?.id ?? null;
}

function negative(amount: DecimalText): DecimalText {
  return /^0+(\.0+)?$/.test(amount) ? amount : negateDecimal(amount);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
