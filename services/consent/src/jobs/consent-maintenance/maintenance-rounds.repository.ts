import { database, type Connection, type mongo } from '@obp/db';

interface RoundRecord {
  _id: 'housekeeping';
  lastRoundAt: Date;
  /** The settings the round stored due times under. */
  settings: string;
}

/** When the last maintenance round finished: the next one reads what fell due since. */
export class MaintenanceRounds {
  private readonly collection: mongo.Collection<RoundRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<RoundRecord>('maintenance_rounds');
  }

  async lastRound(): Promise<{ at: Date; settings: string } | null> {
    const record = await this.collection.findOne({ _id: 'housekeeping' });
    return record ? { at: record.lastRoundAt, settings: record.settings } : null;
  }

  async recordRound(at: Date, settings: string): Promise<void> {
    await this.collection.updateOne({ _id: 'housekeeping' }, { $max: { lastRoundAt: at }, $set: { settings } }, { upsert: true });
  }
}
