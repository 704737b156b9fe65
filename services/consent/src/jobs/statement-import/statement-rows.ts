import { canonicalDates, canonicalRow, canonicalTransaction, contentKeys, type CanonicalTransactionFields, type ParsedStatementFile, type StatementTransaction } from '@obp/statements';
import { storedTransaction, type StoredTransaction } from '../../infrastructure/transaction.repository';

/**
 * A booked transaction of a file, with what identifies it (docs/statements.md, "Overlap"). Its canonical fields are
 * made when asked for (`fields`), so that a file's transactions do not each keep a copy of them until stored.
 */
export class FileTransaction {
  constructor(
    readonly transaction: StatementTransaction,
    /** The bank's reference; null without one, and for one the file gives more than one transaction of the account. */
    readonly referenceKey: string | null,
    readonly contentKey: string,
    /** What the transaction is stored under: its reference where it has one, else its content key. */
    readonly externalId: string,
  ) {}

  get fields(): CanonicalTransactionFields {
    return canonicalTransaction(this.transaction);
  }
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

/** Whether the reference is more than white space; one that starts with a printable ASCII character is, without trimming it. */
const hasReference = (t: StatementTransaction): boolean => {
  const reference = t.bankReference;
  if (reference === null) return false;
  const first = reference.charCodeAt(0);
  return (first > 0x20 && first < 0x7f) || reference.trim() !== '';
};

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
    const transactions = booked.map((t, i) => {
      // A reference the file repeats tells its transactions apart no better than a placeholder does: numbering them
      // by their place in the file, two overlapping exports that start on different days would number them differently.
      const referenceKey = hasReference(t) && uses.get(t.bankReference!) === 1 ? t.bankReference : null;
      const contentKey = keys[i]!;
      return new FileTransaction(t, referenceKey, contentKey, referenceKey !== null ? `ref:${referenceKey}` : `key:${contentKey}`);
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
  if (stored.length === 0) return [...account.transactions];
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

/** A transaction of the file as stored (`storedTransaction`): its canonical fields written straight into the row, and what it is stored under. */
export function storedRow(t: FileTransaction, stored: Omit<StoredTransaction, keyof CanonicalTransactionFields>): StoredTransaction {
  return storedTransaction(canonicalRow(stored.id, t.transaction), canonicalDates(t.transaction), stored);
}
