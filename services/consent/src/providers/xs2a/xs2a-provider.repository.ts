import type { Xs2aProviderConfig } from '@obp/contracts';
import { database, insertUnique, type Connection, type mongo } from '@obp/db';

type Xs2aProviderRecord = { _id: string; config: Xs2aProviderConfig; addedAt: Date };

/**
 * The XS2A banks an operator added with `POST /admin/providers`, by provider key. Their certificates and keys are kept
 * as the operator gave them: a file path (preferred: the key then never enters the database) or PEM text.
 */
export class Xs2aProviderRepository {
  private readonly collection: mongo.Collection<Xs2aProviderRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<Xs2aProviderRecord>('xs2a_providers');
  }

  /** False when a bank with this key was added before. */
  async add(config: Xs2aProviderConfig, now: Date): Promise<boolean> {
    return insertUnique(this.collection, { _id: config.providerKey, config, addedAt: now });
  }

  async list(): Promise<Xs2aProviderConfig[]> {
    return (await this.collection.find({}).sort({ addedAt: 1 }).toArray()).map((r) => r.config);
  }
}
