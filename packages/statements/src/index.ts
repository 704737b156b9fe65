/**
 * @obp/statements: strict parsers of the statement files banks export (ISO 20022 camt.053/camt.052,
 * SWIFT MT940, bank CSV exports), into one model (statement.ts), and the mapping of that model to the
 * platform's canonical transaction.
 */
export * from './statement';
export { balanceProblems } from './balances';
export { compareDecimals, decimalToNumber, isDecimalText, negateDecimal, normaliseDecimal, sumDecimals } from './decimal';
export { canonicalDates, canonicalRow, canonicalTransaction, writeCanonicalFields, type CanonicalTransactionFields } from './canonical';
export { contentKeys } from './transaction-key';
export { MAX_STATEMENT_BYTES, STATEMENT_FORMAT_HINTS, parseStatement, type StatementHints } from './parse-statement';
export { ING_CSV_COLUMNS, parseIngCsv } from './csv/parse-ing-csv';
export { RABOBANK_CSV_COLUMNS, parseRabobankCsv } from './csv/parse-rabobank-csv';
