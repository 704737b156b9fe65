import type { TransactionDto } from '@obp/contracts';
import { decimalToNumber } from './decimal';
import type { StatementTransaction } from './statement';

/** A statement transaction as the platform stores and serves every transaction, without its ids. */
export type CanonicalTransactionFields = Omit<TransactionDto, 'id' | 'accountId'>;

const midnight = (date: string | null): string | null => (date === null ? null : `${date}T00:00:00.000Z`);

/**
 * One rule for every format (docs/statements.md):
 * - `description` is the bank's narrative where it gives one, else the unstructured remittance lines joined by a space;
 * - `transactionType` is the bank's proprietary code, else the ISO bank transaction code; `transactionTypeName` the
 *   proprietary code's name;
 * - `reasonCode` is the return reason;
 * - bank details the file does not give are left out (as for every transaction);
 * - the booking date stands in for a missing value date and the reverse (a booked entry always has one of them).
 */
export function canonicalTransaction(t: StatementTransaction): CanonicalTransactionFields {
  const fields: Record<string, unknown> = {};
  writeCanonicalFields(fields, t, canonicalDates(t));
  return fields as unknown as CanonicalTransactionFields;
}

/** The booking and value date of `canonicalTransaction`, as ISO instants at midnight UTC. */
export function canonicalDates(t: StatementTransaction): { bookingDate: string; valueDate: string } {
  const bookingDate = midnight(t.bookingDate ?? t.valueDate)!;
  return { bookingDate, valueDate: midnight(t.valueDate) ?? bookingDate };
}

/**
 * The fields of `canonicalTransaction`, in its order, written into `target` after what it holds (a stored row is made
 * so at once, without a copy); the dates after the currency where given, else left for the caller to place.
 */
export function writeCanonicalFields(target: Record<string, unknown>, t: StatementTransaction, dates: { bookingDate: string; valueDate: string } | null): void {
  const iso = t.bankTransactionCode === null ? null : `${t.bankTransactionCode.domain}-${t.bankTransactionCode.family}-${t.bankTransactionCode.subFamily}`;
  const remittance = t.remittanceUnstructured.length === 0 ? '' : t.remittanceUnstructured.join(' ').trim();
  target.amount = decimalToNumber(t.amount);
  target.currency = t.currency;
  if (dates !== null) {
    target.bookingDate = dates.bookingDate;
    target.valueDate = dates.valueDate;
  }
  target.description = t.narrative ?? (remittance === '' ? null : remittance);
  target.counterpartName = t.counterpartyName;
  target.counterpartAccountNumber = t.counterpartyIban;
  target.transactionType = t.proprietaryCode ?? iso;
  target.transactionTypeName = t.proprietaryName;
  target.reasonCode = t.returnReason;
  target.purposeCode = t.purposeCode;
  // The bank details the file gives, in the order of `BANK_DETAIL_FIELDS` (`bankDetailsOf`: null ones left out).
  if (t.bankReference !== null) target.bankReference = t.bankReference;
  if (t.endToEndId !== null) target.endToEndId = t.endToEndId;
  if (t.mandateId !== null) target.mandateId = t.mandateId;
  if (t.creditorSchemeId !== null) target.creditorSchemeId = t.creditorSchemeId;
  if (iso !== null) target.bankTransactionCode = iso;
  if (t.merchantCategoryCode !== null) target.merchantCategoryCode = t.merchantCategoryCode;
}

/**
 * `writeCanonicalFields` without the dates, into a new object that starts with `id`: the fields it always writes are
 * made with the object, in its order, so they sit in the object itself (added one by one, they would be copied into
 * ever larger backing stores); the bank details the file gives follow them.
 */
export function canonicalRow(id: string, t: StatementTransaction): Record<string, unknown> {
  const row: Record<string, unknown> = { id, amount: 0, currency: null, description: null, counterpartName: null, counterpartAccountNumber: null, transactionType: null, transactionTypeName: null, reasonCode: null, purposeCode: null };
  writeCanonicalFields(row, t, null);
  return row;
}
