import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';

/** Refresh history: one record per accepted refresh request, kept 7 days. */
export class RefreshRequestRepository {
  private readonly collection: Collection<Document>;

  constructor(connection: Connection) {
    this.collection = connection.collection('refresh_requests') as unknown as Collection<Document>;
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
    await this.collection.createIndex({ requestedAt: 1 });
  }

  async record(id: string, consentId: string, clientId: string, requestedAt: Date): Promise<void> {
    await this.collection.insertOne({ _id: id, consentId, clientId, requestedAt } as unknown as Document);
  }

  async requestTimes(consentId: string): Promise<Date[]> {
    const records = await this.collection.find({ consentId }, { projection: { requestedAt: 1 } }).toArray();
    return records.map((r) => r.requestedAt as Date);
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    return (await this.collection.deleteMany({ requestedAt: { $lt: cutoff } })).deletedCount;
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
