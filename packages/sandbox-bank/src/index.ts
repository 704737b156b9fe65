/**
 * @obp/sandbox-bank: a pure, deterministic generator of a Dutch sandbox bank's accounts and transactions.
 *
 * The data is a function of the seed alone; `asOf` only selects the window `(asOf - months, asOf]` by booking
 * date. A later `asOf` therefore returns the same transactions (same ids, same amounts) for the overlapping
 * dates plus the new ones, which is how a refresh finds what was added without ever doubling a transaction.
 *
 * `generateLabelledSandboxData` returns the same data with each transaction's true category and flags (its
 * label), for testing categorisation against.
 */
export type {
  GenerateOptions, LabelledSandboxDataset, LabelledSandboxTransaction, SandboxAccount, SandboxDataset, SandboxProfile, SandboxTransaction, SandboxTransactionLabel,
} from './types';
export { generateLabelledSandboxData, generateSandboxData, profileForSeed } from './generate';
export { isValidIban } from './iban';
export { MT940_TYPE_CODES, descriptionDetails, mt940BankReference, renderMt940, type DescriptionDetails, type Mt940Style, type RenderMt940Options } from './statements/render-mt940';
export { renderCsv, type CsvBank, type RenderCsvOptions } from './statements/render-csv';
export { CAMT_BANK_TRANSACTION_CODES, camtBankTransactionCode, renderCamt, type CamtMessage, type CamtVersion, type RenderCamtOptions } from './statements/render-camt';
