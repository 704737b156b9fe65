import { bankDetailsOf, type TransactionDto } from '@obp/contracts';
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
  const iso = t.bankTransactionCode === null ? null : `${t.bankTransactionCode.domain}-${t.bankTransactionCode.family}-${t.bankTransactionCode.subFamily}`;
  const remittance = t.remittanceUnstructured.join(' ').trim();
  const bookingDate = midnight(t.bookingDate ?? t.valueDate)!;
  return {
    amount: decimalToNumber(t.amount),
    currency: t.currency,
    bookingDate,
    valueDate: midnight(t.valueDate) ?? bookingDate,
    description: t.narrative ?? (remittance === '' ? null : remittance),
    counterpartName: t.counterpartyName,
    counterpartAccountNumber: t.counterpartyIban,
    transactionType: t.proprietaryCode ?? iso,
    transactionTypeName: t.proprietaryName,
    reasonCode: t.returnReason,
    purposeCode: t.purposeCode,
    ...bankDetailsOf({ bankReference: t.bankReference, endToEndId: t.endToEndId, mandateId: t.mandateId, creditorSchemeId: t.creditorSchemeId, bankTransactionCode: iso, merchantCategoryCode: t.merchantCategoryCode }),
  };
}
