import { AggregateStore, type AggregateStoreOptions, type Change, type MutateOutcome } from '@obp/store';
import { deleteOlderThan, inChunks, indexNames, isDuplicateKey, type mongo } from '@obp/db';
import { abandon, erasureIdsOfMessage, type WebhookMessage } from '../domain/webhook-message';

/**
 * Messages, one document each, written under the document's lock with a version check (the
 * delivery's lease and outcome, a redelivery). Every query is an equality through an index: the
 * pending ones (`status`), one endpoint's by day (`endpointId`, `createdDay`), one endpoint's
 * pending ones, the purge by day, and the messages naming a consent or account (`erasureIds`, derived
 * from the body, for erasure).
 */
export class MessageStore {
  readonly store: AggregateStore<WebhookMessage>;

  constructor(db: mongo.Db) {
    this.store = new AggregateStore<WebhookMessage>(db, messageStoreOptions);
  }

  /**
   * Messages written before `erasureIds` was derived get theirs first, so that an erasure finds them
   * too. Its index missing says the database predates it; it is created after, so a start cut short
   * resumes and later starts read nothing.
   */
  async ensureIndexes(): Promise<void> {
    const indexes = await indexNames(this.store.collection);
    if (indexes && !indexes.includes(ERASURE_INDEX)) await this.store.rederive({ erasureIds: { $exists: false } });
    await this.store.ensureIndexes();
  }

  /** False when the message exists already (the event was consumed before). */
  async insertNew(message: WebhookMessage): Promise<boolean> {
    try {
      await this.store.insert(message);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  find(id: string) {
    return this.store.find(id);
  }

  mutate<T>(id: string, change: (current: WebhookMessage) => Change<WebhookMessage, T>): Promise<MutateOutcome<T>> {
    return this.store.mutate(id, change);
  }

  /** Every pending message (the queue). */
  pending(): Promise<WebhookMessage[]> {
    return this.store.findMany({ status: 'pending' });
  }

  /** The endpoint's pending messages are given up (it was disabled): none waits in the queue for it. */
  async abandonPendingOf(endpointId: string, reason: string, now: Date): Promise<void> {
    for (const id of await this.store.ids({ endpointId, status: 'pending' })) {
      await this.store.mutate(id, (current) => (current.status === 'pending' ? { next: abandon(current, reason, now), result: undefined } : { result: undefined }));
    }
  }

  /** An endpoint's messages created on these days. */
  async ofEndpointOnDays(endpointId: string, days: readonly string[]): Promise<WebhookMessage[]> {
    const found: WebhookMessage[] = [];
    for (const chunk of inChunks(days)) found.push(...(await this.store.findMany({ endpointId, createdDay: { $in: [...chunk] } })));
    return found;
  }

  /** The messages whose data names one of `ids` (consents, accounts, feedback items). */
  async idsNaming(ids: readonly string[]): Promise<string[]> {
    const named = new Set<string>();
    for (const chunk of inChunks(ids)) for (const id of await this.store.ids({ erasureIds: { $in: chunk } })) named.add(id);
    return [...named];
  }

  async delete(ids: readonly string[]): Promise<void> {
    for (const chunk of inChunks(ids)) await this.store.collection.deleteMany({ _id: { $in: chunk } });
  }

  async deleteOfEndpoint(endpointId: string): Promise<void> {
    await this.store.collection.deleteMany({ endpointId });
  }

  purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.store.collection, { dayField: 'createdDay', timeField: 'createdAt' }, cutoff);
  }
}

const ERASURE_INDEX = 'erasureIds_1';

const messageStoreOptions: AggregateStoreOptions<WebhookMessage> = {
  collection: 'webhook_messages',
  indexes: [{ key: { status: 1 } }, { key: { endpointId: 1, createdDay: 1 } }, { key: { endpointId: 1, status: 1 } }, { key: { createdDay: 1 } }, { key: { erasureIds: 1 } }],
  derived: { erasureIds: erasureIdsOfMessage },
};
