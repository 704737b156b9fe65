/**
 * Transfers between the customer's own accounts: the counterparty account is one of the consent's
 * own IBANs (or the internal IBANs the caller names). This evidence is certain, so it decides
 * before anything else; savings are told from the description and counterparty name.
 */
import type { Category } from './types';
import { mentionsSavings } from './keywords';
import { normaliseIban } from './normalise';
import type { TransactionView } from './view';

export interface OwnTransfer {
  category: Category;
  ruleId: string;
}

/** Own accounts as IBANs, and as the domestic account numbers some statements show instead ("417164300" for NL91ABNA0417164300). */
export interface OwnAccounts {
  ibans: ReadonlySet<string>;
  accountNumbers: ReadonlySet<string>;
}

const NO_ACCOUNTS: OwnAccounts = { ibans: new Set(), accountNumbers: new Set() };
const DUTCH_IBAN = /^NL\d{2}[A-Z]{4}(\d{10})$/;
const ownAccountSets = new WeakMap<readonly string[], OwnAccounts>();

function accountNumberOf(digits: string): string {
  return digits.replace(/^0+/, '');
}

/** The own accounts, normalised, built once per array. */
export function ownAccountsOf(ibans: readonly string[] | undefined): OwnAccounts {
  if (!ibans || ibans.length === 0) return NO_ACCOUNTS;
  let accounts = ownAccountSets.get(ibans);
  if (!accounts) {
    const normalised = ibans.map(normaliseIban).filter((iban) => iban !== '');
    const accountNumbers = new Set<string>();
    for (const iban of normalised) {
      const dutch = DUTCH_IBAN.exec(iban);
      if (dutch) accountNumbers.add(accountNumberOf(dutch[1]));
    }
    accounts = { ibans: new Set(normalised), accountNumbers };
    ownAccountSets.set(ibans, accounts);
  }
  return accounts;
}

function isOwn(accountNumber: string, own: OwnAccounts): boolean {
  if (accountNumber === '') return false;
  if (own.ibans.has(accountNumber)) return true;
  return /^\d{5,10}$/.test(accountNumber) && own.accountNumbers.has(accountNumberOf(accountNumber));
}

function isLetterOf(code: number, upper: number): boolean {
  return code === upper || code === upper + 32;
}

/** Whether an own IBAN's country code and check digits ("NL91", "nl91") occur in the text: no IBAN pattern can find one otherwise. */
function mayHoldOwnIban(text: string, own: OwnAccounts): boolean {
  for (const iban of own.ibans) {
    if (iban.length < 4) return true;
    const checkDigits = iban.slice(2, 4);
    for (let at = text.indexOf(checkDigits, 2); at !== -1; at = text.indexOf(checkDigits, at + 1)) {
      if (isLetterOf(text.charCodeAt(at - 2), iban.charCodeAt(0)) && isLetterOf(text.charCodeAt(at - 1), iban.charCodeAt(1))) return true;
    }
  }
  return false;
}

const IBAN_IN_TEXT = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/gi;

/** "Overboeking naar NL91 ABNA 0417 1643 00": an own IBAN written in free text, read only when the counterparty account field is empty. */
function ownIbanInText(description: string | null, own: OwnAccounts): boolean {
  if (!description || !mayHoldOwnIban(description, own)) return false;
  IBAN_IN_TEXT.lastIndex = 0;
  for (let match = IBAN_IN_TEXT.exec(description); match !== null; match = IBAN_IN_TEXT.exec(description)) {
    // the pattern may run on into a following word ("…4300 SPAARPOT"): an own IBAN at its start counts
    const written = normaliseIban(match[0]);
    for (const iban of own.ibans) if (written.startsWith(iban)) return true;
  }
  return false;
}

const BATCH_PAYMENT = /\b(?:verzamelbetaling|verzameloverboeking|verzamelopdracht|batchbetaling|batch payment|bulkbetaling)\b/;

/** The own-account transfer this is, or null when the counterparty is not an own account. */
export function ownAccountTransfer(view: TransactionView, own: OwnAccounts): OwnTransfer | null {
  if (own.ibans.size === 0) return null;
  const { counterpartAccountNumber, description } = view.transaction;
  const counterpart = normaliseIban(counterpartAccountNumber);
  const isOwnTransfer = counterpart === '' ? isOwn(normaliseIban(view.facts.iban), own) || ownIbanInText(description, own) : isOwn(counterpart, own);
  if (!isOwnTransfer) return null;
  // A batch of payments (salaries, invoices) shows the payer's own name and account: it is no transfer to itself.
  if (BATCH_PAYMENT.test(view.descriptionText)) return null;
  if (mentionsSavings(view.keywordText)) return { category: 'transfers.savings', ruleId: 'own-account.savings' };
  return { category: 'transfers.own-accounts', ruleId: 'own-account.transfer' };
}
