/**
 * What a bank statement file says, whatever its format: the model every parser of @obp/statements produces
 * and every renderer of a sandbox household writes from. Parsing is strict: a value is as the file wrote it,
 * dates are calendar dates, amounts are exact decimal strings. Mapping to the platform's canonical
 * transaction is `canonicalTransaction` (canonical.ts), one rule for every format.
 */

export const StatementFormats = ['camt.053', 'camt.052', 'mt940', 'csv-ing', 'csv-rabobank'] as const;
export type StatementFormat = (typeof StatementFormats)[number];

/** `YYYY-MM-DD`. */
export type CalendarDate = string;

/**
 * An exact signed decimal as text: optional `-`, digits, optional `.` and digits; no exponent, no `+`, no
 * thousands separators (`-1234.5`, `0.00`). Parsers normalise a file's `1.234,50` or `1234,5` to it.
 */
export type DecimalText = string;

export interface StatementBalance {
  /** Signed: negative is a debit balance. */
  amount: DecimalText;
  currency: string;
  date: CalendarDate;
}

/** ISO 20022 bank transaction code: `PMNT` / `RDDT` / `ESDD`. */
export interface BankTransactionCode {
  domain: string;
  family: string;
  subFamily: string;
}

export type EntryStatus = 'booked' | 'pending' | 'information';

/** One transaction of a statement: one camt `TxDtls` (an entry with several is split), one MT940 `:61:`, one CSV row. */
export interface StatementTransaction {
  /** Signed: negative is money out (camt `CdtDbtInd` DBIT, MT940 `D`/`RC`, CSV "Af"). */
  amount: DecimalText;
  currency: string;
  status: EntryStatus;
  bookingDate: CalendarDate | null;
  valueDate: CalendarDate | null;
  /** A reversal of an earlier entry (camt `RvslInd`, MT940 `RC`/`RD`). */
  reversal: boolean;
  /** The bank's own reference of the entry (camt `AcctSvcrRef`, MT940 `:61:` bank reference after `//`). */
  bankReference: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  creditorSchemeId: string | null;
  bankTransactionCode: BankTransactionCode | null;
  /** The bank's proprietary transaction code (camt `Prtry/Cd`, MT940 `:61:` type code such as `NTRF`, CSV code column). */
  proprietaryCode: string | null;
  /** A name for the proprietary code when the file gives one (CSV "Mutatiesoort", MT940 `/TRTP/`). */
  proprietaryName: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  /** Unstructured remittance lines, as written. */
  remittanceUnstructured: string[];
  /** Structured remittance: the creditor reference (camt `Strd/CdtrRefInf/Ref`, MT940 `/CSID/`... `/MARF/` not this). */
  remittanceStructured: string | null;
  purposeCode: string | null;
  /** The return reason code of a returned or reversed payment (camt `RtrInf/Rsn/Cd`, MT940 `/RTRN/`). */
  returnReason: string | null;
  merchantCategoryCode: string | null;
  /** The bank's own narrative of the entry (camt `AddtlTxInf`/`AddtlNtryInf`, MT940 `:86:` free text, CSV "Mededelingen"). */
  narrative: string | null;
  /** Where in the file: `line 12` or an element path such as `/Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/NtryDtls/TxDtls[2]`. */
  location: string;
}

/** One account's statement or report in a file (camt `Stmt`/`Rpt`, MT940 `:20:`…`:62:`, the rows of one account in a CSV). */
export interface AccountStatement {
  /** The statement's own id where the file has one (camt `Stmt/Id`, MT940 `:20:` + `:28C:`). */
  statementId: string | null;
  iban: string | null;
  /** Another account identifier when there is no IBAN. */
  accountId: string | null;
  currency: string | null;
  bic: string | null;
  ownerName: string | null;
  openingBalance: StatementBalance | null;
  closingBalance: StatementBalance | null;
  transactions: StatementTransaction[];
  location: string;
}

export interface ParsedStatementFile {
  format: StatementFormat;
  /** The exact message version where the format has one (`camt.053.001.08`), else null. */
  version: string | null;
  statements: AccountStatement[];
}

/** What is wrong with a file, and where. */
export interface StatementProblem {
  /** `line 12`, `line 12, column 5`, an element path, or `file` for the whole file. */
  location: string;
  message: string;
}

export type StatementParseResult = { ok: true; file: ParsedStatementFile } | { ok: false; problems: StatementProblem[] };
