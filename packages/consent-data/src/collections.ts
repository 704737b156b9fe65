import { database, type Connection, type mongo } from '@obp/db';
import type { BucketDocument } from '@obp/store';
import { HistoryMonths } from './history-months';

export interface ProjectedConsent {
  id: string;
  ownerClientId: string;
  userId: string | null;
  externalUserId: string | null;
  status: string;
  /** Every batch of the latest applied fetch is stored (set by `transactions.fetched`). */
  transactionsThrough: Date | null;
  /**
   * A new random value whenever the consent's accounts or transactions change (null: none since
   * this field was introduced): a result derived from the data holds while it is unchanged.
   */
  dataVersion: string | null;
}

/** An account of a projected consent and its number (transfers between a consent's own accounts are neither income nor expense). */
export interface ProjectedAccount {
  id: string;
  consentId: string;
  iban: string;
}

export type ConsentRecord = Omit<ProjectedConsent, 'id'> & { _id: string };
export type AccountRecord = { _id: string; consentId: string; iban: string };

/** A result a service derived from a consent's data: from which `dataVersion`, under which key (what else it depends on). */
export interface CachedResult<Result> {
  dataVersion: string | null;
  key: string;
  computedAt: Date;
  result: Result;
}

/**
 * As stored: the result as gzipped JSON in one binary value. One value, because a result holds
 * hundreds of transactions that FerretDB would otherwise convert field by field; gzipped, because
 * FerretDB reads a 130 KB string in about 6 ms and its 12 KB gzip in about 1.4 ms.
 */
export type StoredCachedResult = Omit<CachedResult<unknown>, 'result'> & { resultGzip: mongo.Binary };

/**
 * The consent's one result slot: created by the projection's handlers with the consent, emptied when
 * its data changes and deleted with it, so a result can only be written while the consent is kept.
 */
export type ResultSlotRecord = { _id: string; cached?: StoredCachedResult };

/** The projection's collections in the consuming service's own database. */
export interface ConsentDataCollections {
  consents: mongo.Collection<ConsentRecord>;
  accounts: mongo.Collection<AccountRecord>;
  historyMonths: HistoryMonths;
  resultSlots: mongo.Collection<ResultSlotRecord>;
}

const RESULT_SLOTS = 'consent_results';

export function openCollections(connection: Connection): ConsentDataCollections {
  const db = database(connection);
  return {
    consents: db.collection<ConsentRecord>('consents'),
    accounts: db.collection<AccountRecord>('accounts'),
    historyMonths: new HistoryMonths(db.collection<BucketDocument>('history_months')),
    resultSlots: openResultSlots(connection),
  };
}

export function openResultSlots(connection: Connection): mongo.Collection<ResultSlotRecord> {
  return database(connection).collection<ResultSlotRecord>(RESULT_SLOTS);
}
