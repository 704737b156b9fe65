import type { EventHandlers } from '@obp/bus';
import type { AccountsUpdatedData, ConsentDeletedData, ConsentStateData, consentEvents, EventEnvelope, TransactionDto, TransactionsAddedData, TransactionsFetchedData } from '@obp/contracts';
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

type ConsentRecord = Omit<ProjectedConsent, 'id'> & { _id: string };
type AccountRecord = { _id: string; consentId: string; iban: string };
type TransactionRecord = Omit<TransactionDto, 'id' | 'bookingDate'> & { _id: string; consentId: string; bookingDate: Date };

export interface ConsentDataOptions {
  /** Transactions booked before this are not kept (e.g. the 13 months sequencing uses). */
  historyStart(now: Date): Date;
}

/**
 * A service's own copy of what it needs from the consent events: which app and user each consent
 * belongs to, the consent's own account numbers (transfers between them are neither income nor
 * expense) and its transactions within a history window. Built from `consent.events.v1` alone,
 * so it can be rebuilt from offset 0; `consent.deleted` erases everything of the consent.
 */
export class ConsentData {
  private readonly consents: mongo.Collection<ConsentRecord>;
  private readonly accounts: mongo.Collection<AccountRecord>;
  private readonly transactions: mongo.Collection<TransactionRecord>;

  constructor(
    connection: Connection,
    private readonly options: ConsentDataOptions,
  ) {
    const db = database(connection);
    this.consents = db.collection<ConsentRecord>('consents');
    this.accounts = db.collection<AccountRecord>('accounts');
    this.transactions = db.collection<TransactionRecord>('transactions');
  }

  async ensureIndexes(): Promise<void> {
    await this.consents.createIndex({ userId: 1 });
    await this.accounts.createIndex({ consentId: 1 });
    await this.transactions.createIndex({ consentId: 1, bookingDate: 1 });
    await this.transactions.createIndex({ bookingDate: 1 });
  }

  /** The handlers that keep the projection, one per consent event type; each can be repeated without effect. */
  handlers(now: () => Date = () => new Date()): EventHandlers<typeof consentEvents> {
    return {
      'consent.created': (data, event) => this.onConsentState(data, event),
      'consent.status.updated': (data, event) => this.onConsentState(data, event),
      'accounts.updated': (data) => this.onAccountsUpdated(data),
      'transactions.added': (data) => this.onTransactionsAdded(data, now()),
      'transactions.fetched': (data) => this.onTransactionsFetched(data),
      'consent.deleted': (data) => this.onConsentDeleted(data),
    };
  }

  private async onConsentState({ consent }: ConsentStateData, event: EventEnvelope): Promise<void> {
    await this.consents.updateOne(
      { _id: consent.id },
      { $set: { ownerClientId: event.ownerClientId, userId: consent.userId, externalUserId: consent.externalUserId, status: consent.status }, $setOnInsert: { transactionsThrough: null } },
      { upsert: true },
    );
  }

  private async onAccountsUpdated(data: AccountsUpdatedData): Promise<void> {
    for (const account of data.accounts) {
      await this.accounts.replaceOne({ _id: account.id }, { consentId: data.consentId, iban: account.iban }, { upsert: true });
    }
  }

  private async onTransactionsAdded(data: TransactionsAddedData, now: Date): Promise<void> {
    const start = this.options.historyStart(now);
    const docs = data.transactions
      .filter((t) => new Date(t.bookingDate) >= start)
      .map(({ id, bookingDate, ...rest }): TransactionRecord => ({ _id: id, consentId: data.consentId, ...rest, bookingDate: new Date(bookingDate) }));
    if (docs.length === 0) return;
    await this.transactions.insertMany(docs, { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
      if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
    });
  }

  /** Every batch of that fetch precedes this event on the consent's partition. */
  private async onTransactionsFetched(data: TransactionsFetchedData): Promise<void> {
    await this.consents.updateOne({ _id: data.consentId }, { $set: { transactionsThrough: new Date(data.dateTransactionsUpdated) } });
  }

  private async onConsentDeleted({ consentId }: ConsentDeletedData): Promise<void> {
    await this.transactions.deleteMany({ consentId });
    await this.accounts.deleteMany({ consentId });
    await this.consents.deleteOne({ _id: consentId });
  }

  async consent(id: string): Promise<ProjectedConsent | null> {
    const r = await this.consents.findOne({ _id: id });
    return r ? toConsent(r) : null;
  }

  async consentsOfUser(userId: string): Promise<ProjectedConsent[]> {
    return (await this.consents.find({ userId }).sort({ _id: 1 }).toArray()).map(toConsent);
  }

  async accountNumbers(consentIds: string[]): Promise<string[]> {
    const records = await this.accounts.find({ consentId: { $in: consentIds } }).toArray();
    return records.map((r) => r.iban);
  }

  /** The transactions of `consentIds` within the history window, oldest first. */
  async history(consentIds: string[], now: Date): Promise<TransactionDto[]> {
    const records = await this.transactions
      .find({ consentId: { $in: consentIds }, bookingDate: { $gte: this.options.historyStart(now) } })
      .sort({ bookingDate: 1, _id: 1 })
      .toArray();
    return records.map(({ _id, consentId: _c, bookingDate, ...rest }) => ({ id: _id, ...rest, bookingDate: bookingDate.toISOString() }));
  }

  /** Drops transactions older than the history window (the local store has no TTL index). */
  async prune(now: Date): Promise<number> {
    return (await this.transactions.deleteMany({ bookingDate: { $lt: this.options.historyStart(now) } })).deletedCount;
  }
}

const toConsent = ({ _id, ...rest }: ConsentRecord): ProjectedConsent => ({ ...rest, id: _id, transactionsThrough: rest.transactionsThrough ?? null });
