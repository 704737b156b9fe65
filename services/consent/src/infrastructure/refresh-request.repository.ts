import { database, dayBucket, deleteOlderThan, insertUnique, type Connection, type mongo } from '@obp/db';

/**
 * `requestedDay` is `dayBucket(requestedAt)`: the purge reads by day through an index. `ordinal` numbers a
 * consent's accepted refreshes; records written before it was kept have none (and random ids).
 */
type RefreshRequestRecord = { _id: string; consentId: string; clientId: string; requestedAt: Date; requestedDay: string; ordinal?: number };

/** A consent's refresh history as one decision sees it. */
export interface RefreshHistory {
  times: Date[];
  /** The ordinal the next accepted refresh takes. */
  nextOrdinal: number;
}

/**
 * Refresh history: one record per accepted refresh request, kept 7 days. A refresh is accepted by
 * inserting the consent's next ordinal under a unique id (`<consentId>#<ordinal>`): of several
 * instances deciding on the same history, exactly one insert wins, also on FerretDB (which does not
 * isolate concurrent updates but does enforce unique keys), so the limit holds across instances.
 */
export class RefreshRequestRepository {
  private readonly collection: mongo.Collection<RefreshRequestRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<RefreshRequestRecord>('refresh_requests');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
    await this.collection.createIndex({ requestedDay: 1 });
  }

  async history(consentId: string): Promise<RefreshHistory> {
    const records = await this.collection.find({ consentId }, { projection: { requestedAt: 1, ordinal: 1 } }).toArray();
    return { times: records.map((r) => r.requestedAt), nextOrdinal: Math.max(0, ...records.map((r) => r.ordinal ?? 0)) + 1 };
  }

  /** True when this caller took `ordinal`; false when another request took it first (decide again). */
  async claim(consentId: string, ordinal: number, clientId: string, requestedAt: Date): Promise<boolean> {
    return insertUnique(this.collection, { _id: claimId(consentId, ordinal), consentId, clientId, requestedAt, requestedDay: dayBucket(requestedAt), ordinal });
  }

  /** Gives back a claimed refresh that did not happen (the consent could not be refreshed). */
  async release(consentId: string, ordinal: number): Promise<void> {
    await this.collection.deleteOne({ _id: claimId(consentId, ordinal) });
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.collection, { dayField: 'requestedDay', timeField: 'requestedAt' }, cutoff);
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}

const claimId = (consentId: string, ordinal: number) => `${consentId}#${ordinal}`;
