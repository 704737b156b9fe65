import { AggregateStore, type AggregateStoreOptions, type Change, type MutateOutcome, type Versioned } from '@obp/store';
import { deleteOlderThan, inChunks, isDuplicateKey, type mongo } from '@obp/db';
import { abandon, erasureIdsOfMessage, type WebhookMessage } from '../domain/webhook-message';

/**
 * Messages, one document each, written with a version check (the
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

  async ensureIndexes(): Promise<void> {
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

  /** Inserts those of `messages` that do not exist yet, in one command (the messages of a consumed run). */
  insertMissing(messages: readonly WebhookMessage[]): Promise<void> {
    return messages.length === 0 ? Promise.resolve() : this.store.insertMissing(messages);
  }

  /**
   * The lanes of these endpoints that hold a pending message (a later message of such a lane waits
   * behind it): a few queries for a run's endpoints, where asking by lane would take one per 25 lanes.
   */
  async pendingLanesOf(endpointIds: readonly string[]): Promise<Set<string>> {
    const pending = new Set<string>();
    for (const chunk of inChunks(endpointIds)) {
      const found = await this.store.collection.find({ endpointId: { $in: [...chunk] }, status: 'pending', deletedAt: null }, { projection: { lane: 1 } }).toArray();
      for (const doc of found) pending.add(String(doc.lane));
    }
    return pending;
  }

  find(id: string) {
    return this.store.find(id);
  }

  mutate<T>(id: string, change: (current: WebhookMessage) => Change<WebhookMessage, T>): Promise<MutateOutcome<T>> {
    return this.store.mutate(id, change);
  }

  /** Every pending message (the queue). */
  pending(): Promise<Array<Versioned<WebhookMessage>>> {
    return this.store.findMany({ status: 'pending' });
  }

  /** These messages as they are now (those that exist). */
  async findMany(ids: readonly string[]): Promise<Array<Versioned<WebhookMessage>>> {
    const found: Array<Versioned<WebhookMessage>> = [];
    for (const chunk of inChunks(ids)) found.push(...(await this.store.findMany({ _id: { $in: [...chunk] } })));
    return found;
  }

  /**
   * Leases each message at the version it was read with: `claims` becomes `epoch`, `leaseUntil` is
   * set; one bulk write for the lot, and a read back when some did not apply. Answers, in order, the messages as leased,
   * or null where the message changed since it was read. The claim ledger's unique insert of the epoch
   * decides between claims, as for one message.
   */
  async leaseMany(leases: ReadonlyArray<{ job: Versioned<WebhookMessage>; epoch: number; leaseUntil: Date }>): Promise<Array<Versioned<WebhookMessage> | null>> {
    if (leases.length === 0) return [];
    const ids = leases.map((l) => l.job.id);
    const written = await this.updateEach(
      leases.map(({ job: message, epoch, leaseUntil }) => ({
        updateOne: { filter: { _id: message.id, version: message.version, status: 'pending', deletedAt: null }, update: { $set: { claims: epoch, leaseUntil }, $inc: { version: 1 } } },
      })),
    );
    // Every lease applied to the version read: the messages are as read, leased (no read back needed).
    if (written.matchedCount === leases.length) return leases.map(({ job: message, epoch, leaseUntil }) => ({ ...message, claims: epoch, leaseUntil, version: message.version + 1 }));
    const after = new Map((await this.findMany(ids)).map((m) => [m.id, m]));
    return leases.map(({ job: message, epoch, leaseUntil }) => {
      const current = after.get(message.id);
      return current && current.status === 'pending' && current.claims === epoch && current.leaseUntil?.getTime() === leaseUntil.getTime() ? current : null;
    });
  }

  /**
   * Extends the leases that these claims (`claims`, the epoch) still hold (pending, leased), in one
   * bulk write and one read back; answers, in order, whether each is still held.
   */
  async renewMany(renewals: ReadonlyArray<{ id: string; epoch: number; leaseUntil: Date }>): Promise<boolean[]> {
    if (renewals.length === 0) return [];
    const ids = renewals.map((r) => r.id);
    await this.updateEach(
      renewals.map(({ id, epoch, leaseUntil }) => ({
        updateOne: { filter: { _id: id, claims: epoch, status: 'pending', leaseUntil: { $ne: null }, deletedAt: null }, update: { $set: { leaseUntil }, $inc: { version: 1 } } },
      })),
    );
    const after = new Map((await this.findMany(ids)).map((m) => [m.id, m]));
    return renewals.map(({ id, epoch, leaseUntil }) => {
      const current = after.get(id);
      return current !== undefined && current.status === 'pending' && current.claims === epoch && current.leaseUntil?.getTime() === leaseUntil.getTime();
    });
  }

  /**
   * Writes the next state `decide` makes of each message as it is now (null: nothing to write), in
   * one read and one bulk write, each guarded by the version read. A write another writer got in
   * first is applied again alone, through `mutate`. Answers, in
   * order, whether the message was found and what was written.
   */
  async mutateMany(ids: readonly string[], decide: (current: WebhookMessage, index: number) => WebhookMessage | null): Promise<Array<{ found: boolean; written: WebhookMessage | null }>> {
    if (ids.length === 0) return [];
    const again: number[] = [];
    const current = new Map((await this.findMany(ids)).map((m) => [m.id, m]));
    const decided = ids.map((id, index) => {
      const now = current.get(id);
      return { now, next: now ? decide(now, index) : null };
    });
    const writes = decided.flatMap(({ now, next }) => (now && next ? [{ updateOne: { filter: { _id: now.id, version: now.version, deletedAt: null }, update: { $set: stateFields(next), $inc: { version: 1 } } } }] : []));
    if (writes.length > 0) {
      const result = await this.updateEach(writes);
      if (result.matchedCount < writes.length) {
        const reread = new Map((await this.findMany(ids)).map((m) => [m.id, m]));
        decided.forEach(({ now, next }, index) => {
          if (now && next && !wroteOver(reread.get(now.id), now.version, next)) again.push(index);
        });
      }
    }
    const outcomes = decided.map(({ now, next }) => ({ found: now !== undefined, written: next }));
    for (const index of again) {
      const outcome = await this.store.mutate(ids[index]!, (current) => {
        const next = decide(current, index);
        return next ? { next, result: next } : { result: null };
      });
      outcomes[index] = outcome.found ? { found: true, written: outcome.result } : { found: false, written: null };
    }
    return outcomes;
  }

  /** Which of these messages still exist. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of inChunks(ids)) for (const id of await this.store.ids({ _id: { $in: [...chunk] } })) found.add(id);
    return found;
  }

  /**
   * Version-guarded updates, a few to a command, one command after the other: FerretDB 1.24 holds a
   * PostgreSQL connection for every update of a command until the command ends, so a command of
   * more updates than its pool has connections (50) never ends, and stalls every other client.
   */
  private async updateEach(updates: mongo.AnyBulkWriteOperation<mongo.Document & { _id: string }>[]): Promise<{ matchedCount: number }> {
    let matchedCount = 0;
    for (let from = 0; from < updates.length; from += UPDATES_PER_COMMAND) {
      matchedCount += (await this.store.collection.bulkWrite(updates.slice(from, from + UPDATES_PER_COMMAND), { ordered: false })).matchedCount;
    }
    return { matchedCount };
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


/**
 * Whether `stored` is the write of `next` over the version read: the next version holding the lease and outcome
 * `next` wrote. The version alone does not tell: another process that wrote first (a worker taking the message
 * over, a redelivery) left it at that version too, and a lot that took it for its own would report, and release
 * the claims of, a result it never wrote.
 */
function wroteOver(stored: Versioned<WebhookMessage> | undefined, version: number, next: WebhookMessage): boolean {
  return (
    stored !== undefined &&
    stored.version === version + 1 &&
    stored.status === next.status &&
    stored.claims === next.claims &&
    stored.requeues === next.requeues &&
    stored.failedAttempts === next.failedAttempts &&
    stored.leaseUntil?.getTime() === next.leaseUntil?.getTime() &&
    stored.nextAttemptAt.getTime() === next.nextAttemptAt.getTime()
  );
}

/** Updates sent in one command (see `updateEach`). */
const UPDATES_PER_COMMAND = 5;

/** What a state writes over the stored document: its fields but the id and version (the body, and with it the derived fields, never change). */
function stateFields(state: WebhookMessage): mongo.Document {
  const { id: _id, version: _version, ...fields } = state as WebhookMessage & { version?: number };
  return fields;
}

const messageStoreOptions: AggregateStoreOptions<WebhookMessage> = {
  collection: 'webhook_messages',
  indexes: [{ key: { status: 1 } }, { key: { endpointId: 1, createdDay: 1 } }, { key: { endpointId: 1, status: 1 } }, { key: { createdDay: 1 } }, { key: { erasureIds: 1 } }],
  derived: { erasureIds: erasureIdsOfMessage },
};
