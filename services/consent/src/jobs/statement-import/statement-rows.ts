import { canonicalTransaction, contentKeys, type CanonicalTransactionFields, type ParsedStatementFile, type StatementTransaction } from '@obp/statements';
import type { StoredTransaction } from '../../infrastructure/transaction.repository';

/** A booked transaction of a file, with what identifies it (docs/statements.md, "Overlap"). */
export interface FileTransaction {
  fields: CanonicalTransactionFields;
  /** The bank's reference; null without one, and for one the file gives more than one transaction of the account. */
  referenceKey: string | null;
  contentKey: string;
  /** What the transaction is stored under: its reference where it has one, else its content key. */
  externalId: string;
}

/** One account of a file: every statement of it in the file together, booked transactions only, in file order. */
export interface FileAccount {
  /** `iban:<IBAN>`, or `id:<identifier>` for an account without one. */
  externalId: string;
  iban: string;
  currency: string;
  bic: string | null;
  ownerName: string | null;
  transactions: FileTransaction[];
}

const hasReference = (t: StatementTransaction): boolean => t.bankReference !== null && t.bankReference.trim() !== '';

const compactIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

export function accountsOfFile(file: ParsedStatementFile): FileAccount[] {
  const byAccount = new Map<string, { account: Omit<FileAccount, 'transactions'>; booked: StatementTransaction[] }>();
  for (const statement of file.statements) {
    const iban = statement.iban === null ? null : compactIban(statement.iban);
    const identifier = iban ?? statement.accountId ?? '';
    const externalId = iban !== null ? `iban:${iban}` : `id:${identifier}`;
    const booked = statement.transactions.filter((t) => t.status === 'booked');
    const seen = byAccount.get(externalId);
    if (seen) {
      seen.booked.push(...booked);
      continue;
    }
    const currency = statement.currency ?? statement.closingBalance?.currency ?? booked[0]?.currency ?? 'EUR';
    byAccount.set(externalId, { account: { externalId, iban: identifier, currency, bic: statement.bic, ownerName: statement.ownerName }, booked: [...booked] });
  }
  return [...byAccount.values()].map(({ account, booked }) => {
    const keys = contentKeys(booked);
    const uses = new Map<string, number>();
    for (const t of booked) if (hasReference(t)) uses.set(t.bankReference!, (uses.get(t.bankReference!) ?? 0) + 1);
    const transactions = booked.map((t, i): FileTransaction => {
      // A reference the file repeats tells its transactions apart no better than a placeholder does: numbering them
      // by their place in the file, two overlapping exports that start on different days would number them differently.
      const referenceKey = hasReference(t) && uses.get(t.bankReference!) === 1 ? t.bankReference : null;
      const contentKey = keys[i]!;
      return { fields: canonicalTransaction(t), referenceKey, contentKey, externalId: referenceKey !== null ? `ref:${referenceKey}` : `key:${contentKey}` };
    });
    return { ...account, transactions };
  });
}

/** What an account holds already, as an import compares with it. */
export interface StoredIdentity {
  externalId: string;
  contentKey?: string;
}

/**
 * The transactions of the file not stored before. One is stored when it has the reference of a stored one; or,
 * where either of the two has no reference, when it has the same content key. Two with different references are
 * different transactions, however alike.
 */
export function notStoredYet(account: FileAccount, stored: readonly StoredIdentity[]): FileTransaction[] {
  const references = new Set<string>();
  const keysWithoutReference = new Set<string>();
  const keys = new Set<string>();
  for (const s of stored) {
    if (s.externalId.startsWith('ref:')) references.add(s.externalId);
    else if (s.contentKey !== undefined) keysWithoutReference.add(s.contentKey);
    if (s.contentKey !== undefined) keys.add(s.contentKey);
  }
  const fresh: FileTransaction[] = [];
  for (const t of account.transactions) {
    const stored = t.referenceKey !== null ? references.has(t.externalId) || keysWithoutReference.has(t.contentKey) : keys.has(t.contentKey);
    if (!stored) fresh.push(t);
  }
  return fresh;
}

/**
 * A transaction of the file as stored: its fields, then what it is stored under, in that order. Copied a field at a
 * time: a spread of the fields (whose bank details vary from one transaction to the next) costs some ten times more.
 */
export function storedRow(fields: CanonicalTransactionFields, stored: Omit<StoredTransaction, keyof CanonicalTransactionFields>): StoredTransaction {
  const row: Record<string, unknown> = {};
  for (const key in fields) row[key] = fields[key as keyof CanonicalTransactionFields];
  for (const key in stored) row[key] = stored[key as keyof typeof stored];
  return row as unknown as StoredTransaction;
}
