import type { Xs2aProviderConfig } from '@obp/contracts';
import { database, insertUnique, type Connection, type mongo } from '@obp/db';

type Xs2aProviderRecord = { _id: string; config: Xs2aProviderConfig; addedAt: Date; updatedAt?: Date; version?: number };

/** An added bank as kept: `version` counts its changes (absent on banks added before changes were possible: 1). */
export interface StoredXs2aProvider {
  config: Xs2aProviderConfig;
  version: number;
}

/**
 * The XS2A banks an operator added with `POST /admin/providers`, by provider key. Their private keys are file paths
 * (the admin API takes no other; banks added before may hold PEM text until they are changed with PUT).
 */
export class Xs2aProviderRepository {
  private readonly collection: mongo.Collection<Xs2aProviderRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<Xs2aProviderRecord>('xs2a_providers');
  }

  /** False when a bank with this key was added before. */
  async add(config: Xs2aProviderConfig, now: Date): Promise<boolean> {
    return insertUnique(this.collection, { _id: config.providerKey, config, addedAt: now, updatedAt: now, version: 1 });
  }

  async find(providerKey: string): Promise<StoredXs2aProvider | null> {
    const record = await this.collection.findOne({ _id: providerKey });
    return record ? { config: record.config, version: record.version ?? 1 } : null;
  }

  /** Replaces the configuration of the bank at `version`; false when it is gone or another change came first. */
  async replace(config: Xs2aProviderConfig, version: number, now: Date): Promise<boolean> {
    const filter: mongo.Filter<Xs2aProviderRecord> = version === 1 ? { _id: config.providerKey, $or: [{ version: 1 }, { version: { $exists: false } }] } : { _id: config.providerKey, version };
    const result = await this.collection.updateOne(filter, { $set: { config, updatedAt: now, version: version + 1 } });
    return result.matchedCount === 1;
  }

  /** False when there was no such bank. */
  async remove(providerKey: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: providerKey })).deletedCount === 1;
  }

  async list(): Promise<StoredXs2aProvider[]> {
    return (await this.collection.find({}).sort({ addedAt: 1 }).toArray()).map((r) => ({ config: r.config, version: r.version ?? 1 }));
  }
}
