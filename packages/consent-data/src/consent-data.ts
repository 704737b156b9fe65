import type { EventHandlers } from '@obp/bus';
import type { consentEvents, TransactionDto } from '@obp/contracts';
import { monthBucket, type Connection } from '@obp/db';
import { monthsBefore } from './booking-month';
import { openCollections, type AccountRecord, type ConsentDataCollections, type ConsentRecord, type ProjectedAccount, type ProjectedConsent } from './collections';
import { onAccountsUpdated } from './on-accounts-updated.handler';
import { onConsentDeleted, onConsentTombstone } from './on-consent-deleted.handler';
import { onConsentStateChanged } from './on-consent-state-changed.handler';
import { onTransactionsAdded } from './on-transactions-added.handler';
import { onTransactionsFetched } from './on-transactions-fetched.handler';

export type { ProjectedAccount, ProjectedConsent };

export interface ConsentDataOptions {
  /** Transactions booked before this are not kept (e.g. the 13 months sequencing uses). */
  historyStart(now: Date): Date;
}

/**
 * A service's own copy of what it needs from the consent events: which app and user each consent
 * belongs to, the consent's own account numbers (transfers between them are neither income nor
 * expense) and its transactions within a history window. Built from `consent.events.v1` alone,
 * so it can be rebuilt from offset 0; `consent.deleted` erases everything of the consent, the
 * results cached from it (`ConsentResultCache`) included, and so does the tombstone of its key that
 * follows (all a consumer finds when it lagged past the compaction of `consent.deleted`).
 */
export class ConsentData {
  private readonly collections: ConsentDataCollections;

  constructor(
    connection: Connection,
    private readonly options: ConsentDataOptions,
  ) {
    this.collections = openCollections(connection);
  }

  private get consents() {
    return this.collections.consents;
  }

  private get accounts() {
    return this.collections.accounts;
  }


  async ensureIndexes(): Promise<void> {
    await this.consents.createIndex({ userId: 1 });
    await this.consents.createIndex({ ownerClientId: 1, externalUserId: 1 });
    await this.accounts.createIndex({ consentId: 1 });
    await this.collections.historyMonths.ensureIndexes();
  }

  /** The handlers that keep the projection, one per consent event type (each in a file named for its event); each can be repeated without effect. */
  handlers(now: () => Date = () => new Date()): EventHandlers<typeof consentEvents> {
    const onConsentState = onConsentStateChanged(this.collections);
    return {
      'consent.created': onConsentState,
      'consent.status.updated': onConsentState,
      'accounts.updated': onAccountsUpdated(this.collections),
      'transactions.added': onTransactionsAdded(this.collections, () => this.options.historyStart(now())),
      'transactions.fetched': onTransactionsFetched(this.collections),
      'consent.deleted': onConsentDeleted(this.collections),
      onTombstone: onConsentTombstone(this.collections),
    };
  }

  async consent(id: string): Promise<ProjectedConsent | null> {
    const r = await this.consents.findOne({ _id: id });
    return r ? toConsent(r) : null;
  }

  /** The consents among `ids` that are projected (one read). */
  async consentsById(ids: string[]): Promise<ProjectedConsent[]> {
    return ids.length === 0 ? [] : (await this.consents.find({ _id: { $in: ids } }).toArray()).map(toConsent);
  }

  async consentsOfUser(userId: string): Promise<ProjectedConsent[]> {
    return (await this.consents.find({ userId }).sort({ _id: 1 }).toArray()).map(toConsent);
  }

  /** The consents of `ownerClientId` whose user it calls `externalUserId` (another app's same id may be another person). */
  async consentsOfExternalUser(ownerClientId: string, externalUserId: string): Promise<ProjectedConsent[]> {
    return (await this.consents.find({ ownerClientId, externalUserId }).sort({ _id: 1 }).toArray()).map(toConsent);
  }

  /** The accounts among `ids` that are projected, each with its consent. */
  async accountsById(ids: string[]): Promise<ProjectedAccount[]> {
    return ids.length === 0 ? [] : (await this.accounts.find({ _id: { $in: ids } }).toArray()).map(toAccount);
  }

  /** Every account of `consentIds`. */
  async accountsOf(consentIds: string[]): Promise<ProjectedAccount[]> {
    return consentIds.length === 0 ? [] : (await this.accounts.find({ consentId: { $in: consentIds } }).toArray()).map(toAccount);
  }

  async accountNumbers(consentIds: string[]): Promise<string[]> {
    const records = await this.accounts.find({ consentId: { $in: consentIds } }).toArray();
    return records.map((r) => r.iban);
  }

  /** The transactions of `consentIds` within the history window, oldest first (by booking date, then id). */
  history(consentIds: string[], now: Date): Promise<TransactionDto[]> {
    return this.collections.historyMonths.booked(consentIds, this.options.historyStart(now));
  }

  /**
   * Drops transactions older than the history window (the local store has no TTL index): the months
   * that left the window whole, then the older part of the window's first month. Returns how many went.
   */
  prune(now: Date): Promise<number> {
    const start = this.options.historyStart(now);
    return this.collections.historyMonths.dropBefore(start, monthsBefore(monthBucket(start), PRUNED_MONTHS));
  }
}

/**
 * Months before the window's first that a prune looks at. Transactions are only stored inside the
 * window and the prune runs every hour or so, so older months are gone unless no prune ran for two
 * years; a month left there is read with its consent's (and filtered out) until it goes with the consent.
 */
const PRUNED_MONTHS = 24;

const toAccount = ({ _id, consentId, iban }: AccountRecord): ProjectedAccount => ({ id: _id, consentId, iban });

const toConsent = ({ _id, ...rest }: ConsentRecord): ProjectedConsent => ({ ...rest, id: _id, transactionsThrough: rest.transactionsThrough ?? null, dataVersion: rest.dataVersion ?? null });
