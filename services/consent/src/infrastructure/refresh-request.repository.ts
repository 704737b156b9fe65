import { database, type Connection, type mongo } from '@obp/db';

type RefreshRequestRecord = { _id: string; consentId: string; clientId: string; requestedAt: Date };

/** Refresh history: one record per accepted refresh request, kept 7 days. */
export class RefreshRequestRepository {
  private readonly collection: mongo.Collection<RefreshRequestRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<RefreshRequestRecord>('refresh_requests');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
    await this.collection.createIndex({ requestedAt: 1 });
  }

  async record(id: string, consentId: string, clientId: string, requestedAt: Date): Promise<void> {
    await this.collection.insertOne({ _id: id, consentId, clientId, requestedAt });
  }

  async requestTimes(consentId: string): Promise<Date[]> {
    const records = await this.collection.find({ consentId }, { projection: { requestedAt: 1 } }).toArray();
    return records.map((r) => r.requestedAt);
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return (await this.collection.deleteMany({ requestedAt: { $lt: cutoff } })).deletedCount;
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
