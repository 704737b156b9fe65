import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';
import {
  ConsentEventTypes,
  type AccountsUpdatedData,
  type ConsentDeletedData,
  type ConsentStateData,
  type EventEnvelope,
  type TransactionDto,
  type TransactionsAddedData,
  type TransactionsFetchedData,
} from '@obp/contracts';
import { HISTORY_MONTHS } from '@obp/sequencing';

export interface ProjectedConsent {
  id: string;
  ownerClientId: string;
  userId: string | null;
  externalUserId: string | null;
  status: string;
}

interface TransactionRecord extends Omit<TransactionDto, 'id' | 'bookingDate'> {
  _id: string;
  consentId: string;
  bookingDate: Date;
}

/** The cut-off of the history sequencing uses: `HISTORY_MONTHS` calendar months before `now`. */
export function historyStart(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - HISTORY_MONTHS);
  return d;
}

/**
 * The sequencing engine's own copy of what it needs from the consent events: which app and user
 * each consent belongs to, the consent's own account numbers (transfers between them are neither
 * income nor expense), and the transactions of the latest 13 months.
 */
export class TransactionProjection {
  private readonly consents: Collection<Document>;
  private readonly accounts: Collection<Document>;
  private readonly transactions: Collection<Document>;

  constructor(connection: Connection) {
    this.consents = connection.collection('consents') as unknown as Collection<Document>;
    this.accounts = connection.collection('accounts') as unknown as Collection<Document>;
    this.transactions = connection.collection('transactions') as unknown as Collection<Document>;
  }

  async ensureIndexes(): Promise<void> {
    await this.consents.createIndex({ ownerClientId: 1, userId: 1 });
    await this.accounts.createIndex({ consentId: 1 });
    await this.transactions.createIndex({ consentId: 1, bookingDate: 1 });
  }

  /** Applies one consent event; every branch can be repeated without effect. */
  async apply(event: EventEnvelope, now = new Date()): Promise<void> {
    switch (event.type) {
      case ConsentEventTypes.created:
      case ConsentEventTypes.statusUpdated: {
        const { consent } = event.data as ConsentStateData;
        await this.consents.updateOne(
          { _id: consent.id } as Document,
          { $set: { ownerClientId: event.ownerClientId, userId: consent.userId, externalUserId: consent.externalUserId, status: consent.status } },
          { upsert: true },
        );
        return;
      }
      case ConsentEventTypes.accountsUpdated: {
        const data = event.data as AccountsUpdatedData;
        for (const account of data.accounts) {
          await this.accounts.replaceOne({ _id: account.id } as Document, { consentId: data.consentId, iban: account.iban }, { upsert: true });
        }
        return;
      }
      case ConsentEventTypes.transactionsAdded: {
        const data = event.data as TransactionsAddedData;
        const start = historyStart(now);
        const docs = data.transactions
          .filter((t) => new Date(t.bookingDate) >= start)
          .map(({ id, bookingDate, ...rest }) => ({ _id: id, consentId: data.consentId, ...rest, bookingDate: new Date(bookingDate) }));
        if (docs.length === 0) return;
        await this.transactions.insertMany(docs as unknown as Document[], { ordered: false }).catch((error: { code?: number; writeErrors?: Array<{ code?: number }> }) => {
          if (!(error.writeErrors ?? [error]).every((e) => e.code === 11000)) throw error;
        });
        return;
      }
      case ConsentEventTypes.transactionsFetched: {
        // Every batch of that fetch precedes this event on the consent's partition.
        const data = event.data as TransactionsFetchedData;
        await this.consents.updateOne({ _id: data.consentId } as Document, { $set: { transactionsThrough: new Date(data.dateTransactionsUpdated) } });
        return;
      }
      case ConsentEventTypes.deleted: {
        const { consentId } = event.data as ConsentDeletedData;
        await this.transactions.deleteMany({ consentId });
        await this.accounts.deleteMany({ consentId });
        await this.consents.deleteOne({ _id: consentId } as Document);
        return;
      }
      default:
        return;
    }
  }

  async consent(id: string): Promise<ProjectedConsent | null> {
    const r = await this.consents.findOne({ _id: id } as Document);
    return r ? toConsent(r) : null;
  }

  async consentsOfUser(userId: string): Promise<ProjectedConsent[]> {
    return (await this.consents.find({ userId }).sort({ _id: 1 }).toArray()).map(toConsent);
  }

  async accountNumbers(consentIds: string[]): Promise<string[]> {
    const records = await this.accounts.find({ consentId: { $in: consentIds } }).toArray();
    return records.map((r) => r.iban as string);
  }

  async history(consentIds: string[], now: Date): Promise<TransactionDto[]> {
    const records = (await this.transactions
      .find({ consentId: { $in: consentIds }, bookingDate: { $gte: historyStart(now) } })
      .sort({ bookingDate: 1, _id: 1 })
      .toArray()) as unknown as TransactionRecord[];
    return records.map(({ _id, consentId: _c, bookingDate, ...rest }) => ({ id: _id, ...rest, bookingDate: bookingDate.toISOString() }));
  }

  /** Drops transactions older than the history sequencing uses (the local store has no TTL index). */
  async prune(now: Date): Promise<number> {
    return (await this.transactions.deleteMany({ bookingDate: { $lt: historyStart(now) } })).deletedCount;
  }
}

const toConsent = (r: Document): ProjectedConsent => ({
  id: String(r._id),
  ownerClientId: r.ownerClientId as string,
  userId: (r.userId as string | null) ?? null,
  externalUserId: (r.externalUserId as string | null) ?? null,
  status: r.status as string,
});
