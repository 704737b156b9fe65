import { database, dayBucket, deleteOlderThan, type Connection, type mongo } from '@obp/db';

/** `requestedDay` is `dayBucket(requestedAt)`: the purge reads by day through an index. */
type RefreshRequestRecord = { _id: string; consentId: string; clientId: string; requestedAt: Date; requestedDay: string };

/** Refresh history: one record per accepted refresh request, kept 7 days. */
export class RefreshRequestRepository {
  private readonly collection: mongo.Collection<RefreshRequestRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<RefreshRequestRecord>('refresh_requests');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
    await this.collection.createIndex({ requestedDay: 1 });
  }

  async record(id: string, consentId: string, clientId: string, requestedAt: Date): Promise<void> {
    await this.collection.insertOne({ _id: id, consentId, clientId, requestedAt, requestedDay: dayBucket(requestedAt) });
  }

  async requestTimes(consentId: string): Promise<Date[]> {
    const records = await this.collection.find({ consentId }, { projection: { requestedAt: 1 } }).toArray();
    return records.map((r) => r.requestedAt);
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.collection, { dayField: 'requestedDay', timeField: 'requestedAt' }, cutoff);
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
