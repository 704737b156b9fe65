import { randomUUID } from 'node:crypto';
import type { Xs2aProviderConfig } from '@obp/contracts';
import { database, insertUnique, type Connection, type mongo } from '@obp/db';

type Xs2aProviderRecord = { _id: string; config: Xs2aProviderConfig; addedAt: Date; updatedAt?: Date; version?: number; revision?: string };

/**
 * An added bank as kept. `revision` is new with every add and change and never reused (a bank removed and added again
 * gets a new one), so an instance that missed a removal and an add between its reloads still sees the change. Banks
 * stored before revisions existed read as `v<version>` (their change counter, 1 when absent).
 */
export interface StoredXs2aProvider {
  config: Xs2aProviderConfig;
  revision: string;
}

const revisionOf = (r: Xs2aProviderRecord): string => r.revision ?? `v${r.version ?? 1}`;

/**
 * The XS2A banks an operator added with `POST /admin/providers`, by provider key. Their private keys are file paths
 * (the admin API takes no other; banks added before may hold PEM text until they are changed with PUT).
 */
export class Xs2aProviderRepository {
  private readonly collection: mongo.Collection<Xs2aProviderRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<Xs2aProviderRecord>('xs2a_providers');
  }

  /** The bank's revision; null when a bank with this key was added before. */
  async add(config: Xs2aProviderConfig, now: Date): Promise<string | null> {
    const revision = randomUUID();
    return (await insertUnique(this.collection, { _id: config.providerKey, config, addedAt: now, updatedAt: now, revision })) ? revision : null;
  }

  async find(providerKey: string): Promise<StoredXs2aProvider | null> {
    const record = await this.collection.findOne({ _id: providerKey });
    return record ? { config: record.config, revision: revisionOf(record) } : null;
  }

  /** Replaces the configuration of the bank at `revision`; the new revision, or null when it is gone or another change came first. */
  async replace(config: Xs2aProviderConfig, revision: string, now: Date): Promise<string | null> {
    const legacy = /^v(\d+)$/.exec(revision);
    const filter: mongo.Filter<Xs2aProviderRecord> = legacy
      ? { _id: config.providerKey, revision: { $exists: false }, ...(legacy[1] === '1' ? { $or: [{ version: 1 }, { version: { $exists: false } }] } : { version: Number(legacy[1]) }) }
      : { _id: config.providerKey, revision };
    const next = randomUUID();
    const result = await this.collection.updateOne(filter, { $set: { config, updatedAt: now, revision: next } });
    return result.matchedCount === 1 ? next : null;
  }

  /** False when there was no such bank. */
  async remove(providerKey: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: providerKey })).deletedCount === 1;
  }

  async list(): Promise<StoredXs2aProvider[]> {
    return (await this.collection.find({}).sort({ addedAt: 1 }).toArray()).map((r) => ({ config: r.config, revision: revisionOf(r) }));
  }
}
