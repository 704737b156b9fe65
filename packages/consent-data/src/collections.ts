import type { TransactionDto } from '@obp/contracts';
import { database, type Connection, type mongo } from '@obp/db';

export interface ProjectedConsent {
  id: string;
  ownerClientId: string;
  userId: string | null;
  externalUserId: string | null;
  status: string;
  /** Every batch of the latest applied fetch is stored (set by `transactions.fetched`). */
  transactionsThrough: Date | null;
}

export type ConsentRecord = Omit<ProjectedConsent, 'id'> & { _id: string };
export type AccountRecord = { _id: string; consentId: string; iban: string };
export type TransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate'> & { _id: string; consentId: string; bookingDate: Date };

/** The projection's collections in the consuming service's own database. */
export interface ConsentDataCollections {
  consents: mongo.Collection<ConsentRecord>;
  accounts: mongo.Collection<AccountRecord>;
  transactions: mongo.Collection<TransactionRecord>;
}

export function openCollections(connection: Connection): ConsentDataCollections {
  const db = database(connection);
  return { consents: db.collection<ConsentRecord>('consents'), accounts: db.collection<AccountRecord>('accounts'), transactions: db.collection<TransactionRecord>('transactions') };
}
