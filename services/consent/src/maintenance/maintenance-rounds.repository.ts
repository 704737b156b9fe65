import { database, type Connection, type mongo } from '@obp/db';

interface RoundRecord {
  _id: 'housekeeping';
  lastRoundAt: Date;
}

/** When the last maintenance round finished: the next one reads what fell due since. */
export class MaintenanceRounds {
  private readonly collection: mongo.Collection<RoundRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<RoundRecord>('maintenance_rounds');
  }

  async lastRoundAt(): Promise<Date | null> {
    return (await this.collection.findOne({ _id: 'housekeeping' }))?.lastRoundAt ?? null;
  }

  async recordRound(at: Date): Promise<void> {
    await this.collection.updateOne({ _id: 'housekeeping' }, { $max: { lastRoundAt: at } }, { upsert: true });
  }
}
