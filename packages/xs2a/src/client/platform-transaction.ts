import { bankDetailsOf, type AccountBalanceDto, type AccountDto, type TransactionDto } from '@obp/contracts';
import type { Xs2aAccount, Xs2aAccountReference, Xs2aBalance, Xs2aTransaction } from './xs2a-client';

/** A transaction as the platform stores every transaction, without its ids, and the bank's own key for it. */
export type Xs2aPlatformTransaction = Omit<TransactionDto, 'id' | 'accountId'> & { externalId: string };

const midnight = (date: string): string => `${date}T00:00:00.000Z`;

const accountNumber = (ref: Xs2aAccountReference | undefined): string | null => ref?.iban ?? ref?.bban ?? ref?.maskedPan ?? ref?.pan ?? ref?.msisdn ?? null;

const nonEmpty = (text: string | undefined | null): string | null => (text && text.trim() !== '' ? text.trim() : null);

/**
 * The remittance as one text: the unstructured remittance (one text, or the array's lines joined by a space), else
 * the structured reference(s) (a creditor reference such as `RF18 5390 0754 7034`), else the bank's additional
 * information. The same rule as a statement's `description` (packages/statements, canonical.ts).
 */
export function remittanceOf(t: Xs2aTransaction): string | null {
  return (
    nonEmpty(t.remittanceInformationUnstructured) ??
    nonEmpty(t.remittanceInformationUnstructuredArray?.join(' ')) ??
    nonEmpty(t.remittanceInformationStructured?.reference) ??
    nonEmpty(t.remittanceInformationStructuredArray?.map((r) => r.reference).join(' ')) ??
    nonEmpty(t.additionalInformation)
  );
}

/**
 * One booked XS2A transaction as the platform's transaction (docs/providers.md, "What is read"):
 * - the amount is signed as the bank gives it (negative: money out);
 * - the counterparty is the creditor for money out and the debtor for money in (the ultimate party's name when the
 *   direct one has none), with its account (IBAN, else BBAN, masked PAN, PAN or MSISDN);
 * - `transactionType` is the bank's proprietary code, else the ISO 20022 code; `transactionTypeName` its additional information;
 * - `bankReference` is the entry reference; `creditorSchemeId` the creditor id.
 * `externalId` is left to `withExternalIds`.
 */
export function platformTransactionFields(t: Xs2aTransaction): Omit<Xs2aPlatformTransaction, 'externalId'> {
  const amount = Number(t.transactionAmount.amount);
  const out = amount < 0;
  const bookingDate = midnight((t.bookingDate ?? t.valueDate)!);
  return {
    amount,
    currency: t.transactionAmount.currency,
    bookingDate,
    valueDate: t.valueDate ? midnight(t.valueDate) : bookingDate,
    description: remittanceOf(t),
    counterpartName: nonEmpty(out ? (t.creditorName ?? t.ultimateCreditor) : (t.debtorName ?? t.ultimateDebtor)),
    counterpartAccountNumber: accountNumber(out ? t.creditorAccount : t.debtorAccount),
    transactionType: nonEmpty(t.proprietaryBankTransactionCode) ?? nonEmpty(t.bankTransactionCode),
    transactionTypeName: nonEmpty(t.additionalInformation),
    reasonCode: null,
    purposeCode: nonEmpty(t.purposeCode),
    ...bankDetailsOf({
      bankReference: nonEmpty(t.entryReference),
      endToEndId: nonEmpty(t.endToEndId),
      mandateId: nonEmpty(t.mandateId),
      creditorSchemeId: nonEmpty(t.creditorId),
      bankTransactionCode: nonEmpty(t.bankTransactionCode),
      merchantCategoryCode: nonEmpty(t.merchantCategoryCode),
    }),
  };
}

/**
 * The transactions of one account's report, each under the bank's key: `transactionId`, else `entryReference`, else
 * a content key (booking date, amount, currency, counterparty account, and its place among the report's transactions
 * equal in those), as statement imports key a bank line without a reference. A key the report gives twice is one
 * transaction given twice (a page boundary moved while it was read) and kept once.
 */
export function withExternalIds(transactions: readonly Xs2aTransaction[]): Xs2aPlatformTransaction[] {
  const equal = new Map<string, number>();
  const byKey = new Map<string, Xs2aPlatformTransaction>();
  for (const t of transactions) {
    const fields = platformTransactionFields(t);
    let key = nonEmpty(t.transactionId) ? `id:${t.transactionId!.trim()}` : nonEmpty(t.entryReference) ? `ref:${t.entryReference!.trim()}` : null;
    if (!key) {
      const base = [fields.bookingDate.slice(0, 10), String(fields.amount), fields.currency.toUpperCase(), (fields.counterpartAccountNumber ?? '').replace(/\s+/g, '').toUpperCase()].join('|');
      const n = (equal.get(base) ?? 0) + 1;
      equal.set(base, n);
      key = `content:${base}|${n}`;
    }
    if (!byKey.has(key)) byKey.set(key, { ...fields, externalId: key });
  }
  return [...byKey.values()];
}

/** An XS2A account as the platform's account, without its ids. */
export function platformAccountFields(a: Xs2aAccount): Omit<AccountDto, 'id' | 'consentId'> {
  return {
    iban: a.iban ?? a.bban ?? a.maskedPan ?? a.resourceId,
    name: a.name ?? a.displayName ?? a.product ?? a.iban ?? a.resourceId,
    type: a.cashAccountType === 'SVGS' ? 'Savings' : a.cashAccountType === 'CARD' ? 'Card' : 'Current',
    currency: a.currency,
    ownerName: a.ownerName ?? '',
  };
}

/** The bank's balances as the platform's account shows them (the amount a number, signed as the bank gives it). */
export function platformBalances(balances: readonly Xs2aBalance[]): AccountBalanceDto[] {
  return balances.map((b) => ({
    type: b.balanceType,
    amount: Number(b.balanceAmount.amount),
    currency: b.balanceAmount.currency,
    referenceDate: b.referenceDate ?? null,
    lastChangeDateTime: b.lastChangeDateTime ?? null,
  }));
}
