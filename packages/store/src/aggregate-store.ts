import { readEnvelope, type OutboxEntry } from '@obp/bus';
import { isDuplicateKey, mongo } from '@obp/db';
import { compressedJson } from './bucket-store';
import { matchesNothing } from './matches-nothing';
import { StateCache, type StateCacheOptions } from './state-cache';

/** Documents one write of `clearPublishedPage` names at most. */
const CLEARED_PER_WRITE = 100;

/** A page's documents by what clears them: removed or not, and the version they were read at; at most `CLEARED_PER_WRITE` ids each. */
function pageGroups(docs: readonly PendingEvents[]): Array<[removed: boolean, version: number, ids: string[]]> {
  const groups: Array<[boolean, number, string[]]> = [];
  const open = new Map<string, [boolean, number, string[]]>();
  for (const doc of docs) {
    const removed = doc.deletedAt !== null;
    const key = `${removed}:${doc.version}`;
    let group = open.get(key);
    if (!group || group[2].length >= CLEARED_PER_WRITE) {
      group = [removed, doc.version, []];
      groups.push(group);
      open.set(key, group);
    }
    group[2].push(doc._id);
  }
  return groups;
}

/** What every aggregate document carries besides its state. */
interface Bookkeeping {
  _id: string;
  /** Incremented by every write; a write applies only to the version it read. */
  version: number;
  /** Events written with the state, waiting for the relay. */
  outbox: OutboxEntry[];
  hasOutbox: boolean;
  /** Removed: only the outbox is left, until the relay has published it and deletes the document. */
  deletedAt: Date | null;
}

export type AggregateDocument<S extends { id: string }> = Omit<S, 'id'> & Bookkeeping;

/** A filter on an aggregate's state fields (`_id` for its id). */
export type StateFilter<S extends { id: string }> = mongo.Filter<AggregateDocument<S>>;


export type Versioned<S> = S & { version: number };

/** A document as the driver sees it: ids are strings. */
type StoredDocument = mongo.Document & { _id: string };

/**
 * What a change to one aggregate does: a new state and its events in one write; or removal,
 * which keeps only the events until they are published; or nothing.
 */
export type Change<S, T> = { next: S; events?: OutboxEntry[]; result: T } | { remove: true; events?: OutboxEntry[]; result: T } | { result: T };

export type MutateOutcome<T> = { found: false } | { found: true; result: T };

/** A bulk write's error when every write it failed was a duplicate key. */
function onlyDuplicateKeys(error: unknown): boolean {
  if (isDuplicateKey(error) && !(typeof error === 'object' && error !== null && 'writeErrors' in error)) return true;
  const writeErrors = (error as { writeErrors?: Array<{ code?: number }> | { code?: number } }).writeErrors;
  if (writeErrors === undefined) return false;
  return (Array.isArray(writeErrors) ? writeErrors : [writeErrors]).every((e) => e.code === 11000);
}

/**
 * An envelope longer than this, as JSON, is kept as compressed JSON in one binary value (`compressedJson`): the local store (FerretDB)
 * converts a document field by field on every read and write of it, even of other fields, so the hundreds of
 * transactions a pending `transactions.added` carries, as documents, made every use of their aggregate's
 * document slow until the relay had published them. Smaller envelopes stay documents, readable in the store.
 */
const ENCODED_ENVELOPE_CHARS = 16 * 1024;

/** An outbox entry as stored: its envelope a document, or compressed JSON (`ENCODED_ENVELOPE_CHARS`). */
type StoredEntry = Omit<OutboxEntry, 'envelope'> & { envelope: OutboxEntry['envelope'] | mongo.Binary };

/** Events stamped with the aggregate's version their write leaves it at (consumers keep only a key's newest state by it), as stored. */
function atVersion(events: OutboxEntry[], version: number): StoredEntry[] {
  return events.map((entry) => {
    const envelope = { ...entry.envelope, version };
    const json = JSON.stringify(envelope);
    return { ...entry, envelope: json.length > ENCODED_ENVELOPE_CHARS ? compressedJson.ofJson(json) : envelope };
  });
}

const fromStored = (entry: StoredEntry): OutboxEntry =>
  entry.envelope instanceof mongo.Binary ? { ...entry, envelope: readEnvelope(compressedJson.text(entry.envelope)) } : (entry as OutboxEntry);

export interface IndexSpec {
  key: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface AggregateStoreOptions<S extends { id: string } = { id: string }> {
  /** The collection, one document per aggregate. */
  collection: string;
  /** Indexes of the aggregate's own queries; the store adds the one the relay reads. */
  indexes?: IndexSpec[];
  /**
   * Fields computed from the state and written beside it by every write, for queries the state's
   * own fields cannot serve through an index (a flag, a time bucket); they are not read back.
   */
  derived?: { [field: string]: (state: S) => unknown };
  /** Write conflicts with another writer (of this process or another) retried before `ConcurrencyConflict`. */
  maxAttempts?: number;
  /**
   * Keeps states read by id in process: `find` answers from it, every write through this store
   * drops the state it changed, and `forgetCached` drops what another process changed (see `invalidateOn` in the
   * service kit). Without it (or with `maxEntries` 0) every `find` reads the store.
   */
  cache?: StateCacheOptions;
}

/** Another writer kept changing the aggregate while this one retried. */
export class ConcurrencyConflict extends Error {
  constructor(readonly aggregateId: string) {
    super(`${aggregateId} is being changed concurrently`);
    this.name = 'ConcurrencyConflict';
  }
}

/** What the outbox relay needs of a store. */
export interface OutboxSource {
  readonly name: string;
  onEventsWritten(listener: () => void): void;
  withPendingEvents(limit: number): Promise<PendingEvents[]>;
  pendingCount(): Promise<number>;
  clearPublished(id: string, published: ReadonlySet<string>): Promise<void>;
  clearPublishedPage(docs: readonly PendingEvents[]): Promise<void>;
  recordPublishFailure(id: string, error: Error): Promise<number>;
  ensureIndexes(): Promise<void>;
}

export type PendingEvents = Pick<Bookkeeping, '_id' | 'version' | 'outbox' | 'deletedAt'>;

/** The fields of a document that are the store's bookkeeping, not the aggregate's state. */
const BOOKKEEPING_FIELDS = new Set(['_id', 'version', 'outbox', 'hasOutbox', 'deletedAt']);

/**
 * Version-checked writes of one document tried before `ConcurrencyConflict`: each lost attempt means another
 * writer's write went through, so a document written by twenty writers at once still gets every write in.
 */
const DEFAULT_MAX_ATTEMPTS = 20;

/**
 * Aggregates and their outbox, one document each: a state change and the events that announce it
 * are one single-document write (the local store has no multi-document transactions). Every write
 * applies only to the version it read, so any number of writers, in one process or several, stay correct (on
 * the local store too: docs/decisions.md, "(issue 29) The local store keeps single-document atomicity"); a
 * lost race is retried with a fresh read.
 */
export class AggregateStore<S extends { id: string }> implements OutboxSource {
  /** The documents as the driver sees them; the store maps them to and from `S`. */
  readonly collection: mongo.Collection<StoredDocument>;
  private readonly listeners: Array<() => void> = [];
  private readonly cache: StateCache<Versioned<S>> | undefined;

  constructor(
    private readonly db: mongo.Db,
    private readonly options: AggregateStoreOptions<S>,
  ) {
    this.collection = db.collection<StoredDocument>(options.collection);
    if (options.cache && options.cache.maxEntries > 0) this.cache = new StateCache(options.cache);
  }

  get name(): string {
    return this.options.collection;
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ hasOutbox: 1 });
    for (const index of this.options.indexes ?? []) await this.collection.createIndex(index.key, { unique: index.unique ?? false });
  }

  /** Called after every write that queued events (the relay publishes them at once). */
  onEventsWritten(listener: () => void): void {
    this.listeners.push(listener);
  }

  async insert(state: S, events: OutboxEntry[] = []): Promise<void> {
    await this.collection.insertOne({ ...this.fields(state), _id: state.id, version: 1, outbox: atVersion(events, 1), hasOutbox: events.length > 0, deletedAt: null });
    if (events.length > 0) this.notify();
  }

  /**
   * Inserts the aggregate unless its id is taken (a creation retried under the id its Idempotency-Key
   * holds: the first attempt may have got this far): true when this call inserted it.
   */
  async insertIfAbsent(state: S, events: OutboxEntry[] = []): Promise<boolean> {
    try {
      await this.insert(state, events);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /**
   * Inserts those of `states` whose id is not taken (no events), in one command when none is: after a
   * duplicate key the ids still missing are inserted again (FerretDB may stop an unordered insert at
   * its first error).
   */
  async insertMissing(states: readonly S[]): Promise<void> {
    let left = [...states];
    while (left.length > 0) {
      try {
        await this.collection.insertMany(
          left.map((state) => ({ ...this.fields(state), _id: state.id, version: 1, outbox: [], hasOutbox: false, deletedAt: null })),
          { ordered: false },
        );
        return;
      } catch (error) {
        if (!onlyDuplicateKeys(error)) throw error;
        const taken = new Set((await this.collection.find({ _id: { $in: left.map((s) => s.id) } }, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id)));
        const missing = left.filter((s) => !taken.has(s.id));
        // Nothing inserted and nothing found taken: the error was not what it said.
        if (missing.length === left.length) throw error;
        left = missing;
      }
    }
  }

  /** The aggregate, unless it does not exist or was removed. */
  async find(id: string): Promise<Versioned<S> | null> {
    return this.cache?.get(id) ?? this.read(id);
  }

  /** Another process changed or removed the aggregate: the next `find` reads the store. */
  forgetCached(id: string): void {
    this.cache?.forget(id);
  }

  /** What other processes changed may have gone unheard: the next `find` of every aggregate reads the store. */
  forgetAllCached(): void {
    this.cache?.clear();
  }

  /** From the store, never the cache; a found state fills the cache, a missing one leaves it. */
  private async read(id: string): Promise<Versioned<S> | null> {
    const mark = this.cache?.mark();
    const doc = await this.collection.findOne(this.byId(id), { projection: { outbox: 0 } });
    const state = doc && !doc.deletedAt ? this.toState(doc) : null;
    if (state && mark !== undefined) this.cache?.fill(id, state, mark);
    else if (!state) this.cache?.forget(id);
    return state;
  }

  async findMany(filter: StateFilter<S>, options: { sort?: Record<string, 1 | -1>; skip?: number; limit?: number } = {}): Promise<Array<Versioned<S>>> {
    if (matchesNothing(filter)) return [];
    let cursor = this.collection.find(this.live(filter), { projection: { outbox: 0 } });
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()).map((doc) => this.toState(doc));
  }

  /**
   * The `count` command rather than `countDocuments` (an aggregation): the local store counts a
   * `count` whose filter it applies exactly in PostgreSQL, and an aggregation by decoding every
   * matched document. On MongoDB both read the same index.
   */
  async count(filter: StateFilter<S>): Promise<number> {
    if (matchesNothing(filter)) return 0;
    const answer = await this.db.command({ count: this.options.collection, query: this.live(filter) });
    return Number(answer.n);
  }

  async ids(filter: StateFilter<S>, limit?: number): Promise<string[]> {
    if (matchesNothing(filter)) return [];
    let cursor = this.collection.find(this.live(filter), { projection: { _id: 1 } });
    if (limit !== undefined) cursor = cursor.limit(limit);
    return (await cursor.toArray()).map((doc) => String(doc._id));
  }

  /**
   * Every id matching `filter`, however many: read in pages of `pageSize` in id order, each page a query of
   * its own, so that no one store operation has to read them all within the store's time bound.
   */
  async allIds(filter: StateFilter<S>, pageSize = 1_000): Promise<string[]> {
    if (matchesNothing(filter)) return [];
    const all: string[] = [];
    for (let after: string | undefined; ; ) {
      const pageFilter = this.live(after === undefined ? filter : ({ ...filter, _id: { $gt: after } } as StateFilter<S>));
      const page = (await this.collection.find(pageFilter, { projection: { _id: 1 }, sort: { _id: 1 }, limit: pageSize }).toArray()).map((doc) => String(doc._id));
      all.push(...page);
      if (page.length < pageSize) return all;
      after = page.at(-1);
    }
  }

  /**
   * Reads the aggregate and applies `change` to it; the new state and its events
   * are written in one update, guarded by the version read. A write another process won is
   * retried with a fresh read; `ConcurrencyConflict` after `maxAttempts`.
   */
  async mutate<T>(id: string, change: (current: S) => Change<S, T>): Promise<MutateOutcome<T>> {
    const attempts = this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    for (let attempt = 0; attempt < attempts; attempt++) {
      // Always from the store: a decision not to write, made on a stale cached state, would meet no version check.
      const current = await this.read(id);
      if (!current) return { found: false };
      const decided = change(current);
      const version = current.version;
      if (!('next' in decided) && !('remove' in decided)) return { found: true, result: decided.result };
      const events = decided.events ?? [];
      if (await this.write(id, version, decided, events)) {
        if (events.length > 0) this.notify();
        return { found: true, result: decided.result };
      }
    }
    throw new ConcurrencyConflict(id);
  }

  /**
   * Writes the derived fields of the aggregates `filter` matches anew and removes `dropped` (derived fields
   * no longer written, which would otherwise be read back into the state): a migration after the derived
   * fields changed, for documents written before. Each guarded by the version read; no
   * events. Returns how many it rewrote.
   */
  async rederive(filter: StateFilter<S>, dropped: readonly string[] = []): Promise<number> {
    let rewritten = 0;
    for (const id of await this.ids(filter)) if (await this.rederiveOne(id, dropped)) rewritten++;
    return rewritten;
  }

  private async rederiveOne(id: string, dropped: readonly string[]): Promise<boolean> {
    const attempts = this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const doc = await this.collection.findOne(this.byId(id), { projection: { outbox: 0 } });
      if (!doc || doc.deletedAt) return false;
      const state: mongo.Document = this.toState(doc);
      for (const field of dropped) delete state[field];
      const update: mongo.Document = { $set: this.fields(state as S), $inc: { version: 1 }, ...(dropped.length > 0 ? { $unset: Object.fromEntries(dropped.map((f) => [f, ''])) } : {}) };
      const res = await this.collection.updateOne(this.versioned(id, doc.version), update);
      this.cache?.forget(id);
      if (res.matchedCount === 1) return true;
    }
    throw new ConcurrencyConflict(id);
  }

  private async write(id: string, version: number, decided: Change<S, unknown>, events: OutboxEntry[]): Promise<boolean> {
    try {
      return await this.writeChange(id, version, decided, events);
    } finally {
      // Dropped rather than replaced (also when the write failed: it may have been applied): the next read gets what the store holds.
      this.cache?.forget(id);
    }
  }

  private async writeChange(id: string, version: number, decided: Change<S, unknown>, unstamped: OutboxEntry[]): Promise<boolean> {
    const events = atVersion(unstamped, version + 1);
    if ('next' in decided) {
      const update: mongo.Document = {
        $set: { ...this.fields(decided.next), ...(events.length > 0 ? { hasOutbox: true } : {}) },
        $inc: { version: 1 },
        $push: { outbox: { $each: events } },
      };
      const res = await this.collection.updateOne(this.versioned(id, version), update);
      return res.matchedCount === 1;
    }
    const stored = await this.collection.findOne(this.byId(id));
    if (((stored?.outbox as unknown[] | undefined)?.length ?? 0) === 0 && events.length === 0) return (await this.collection.deleteOne(this.versioned(id, version))).deletedCount === 1;
    // Only what the relay needs is kept: the state's fields (personal data among them) go now. The events are
    // pushed, not the outbox written whole from the read: the relay clears published events without raising the
    // version, and a whole outbox written after such a clear would bring its events back, to be published twice.
    const stateFields = Object.keys(stored ?? {}).filter((field) => !BOOKKEEPING_FIELDS.has(field));
    const removal: mongo.Document = {
      ...(stateFields.length > 0 ? { $unset: Object.fromEntries(stateFields.map((field) => [field, ''])) } : {}),
      $set: { hasOutbox: true, deletedAt: new Date() },
      $inc: { version: 1 },
      $push: { outbox: { $each: events } },
    };
    const res = await this.collection.updateOne(this.versioned(id, version), removal);
    return res.matchedCount === 1;
  }

  // The relay's side.

  /** Documents with events to publish. */
  async withPendingEvents(limit: number): Promise<PendingEvents[]> {
    const docs = await this.collection.find({ hasOutbox: true }, { projection: { _id: 1, version: 1, outbox: 1, deletedAt: 1 } }).limit(limit).toArray();
    return docs.map((d) => ({ _id: String(d._id), version: d.version as number, outbox: ((d.outbox ?? []) as StoredEntry[]).map(fromStored), deletedAt: (d.deletedAt ?? null) as Date | null }));
  }

  /** Documents that still hold unpublished events (the outbox backlog), with the `count` command (see `count`) through the `hasOutbox` index. */
  async pendingCount(): Promise<number> {
    const answer = await this.db.command({ count: this.options.collection, query: { hasOutbox: true } });
    return Number(answer.n);
  }

  /** Removes published entries (a removed aggregate's document goes with its last ones). */
  async clearPublished(id: string, published: ReadonlySet<string>): Promise<void> {
    for (let attempt = 0; attempt < DEFAULT_MAX_ATTEMPTS; attempt++) {
      const doc = await this.collection.findOne(this.byId(id), { projection: { version: 1, outbox: 1, deletedAt: 1 } });
      if (!doc) return;
      const remaining = ((doc.outbox ?? []) as StoredEntry[]).filter((e) => !published.has(e.eventId));
      const res =
        doc.deletedAt && remaining.length === 0
          ? { matched: (await this.collection.deleteOne(this.versioned(id, doc.version))).deletedCount }
          : { matched: (await this.collection.updateOne(this.versioned(id, doc.version), { $set: { outbox: remaining, hasOutbox: remaining.length > 0 } })).matchedCount };
      if (res.matched === 1) return;
    }
    throw new ConcurrencyConflict(id);
  }

  /**
   * Clears a page of documents whose events were all published, as the relay read them. A document still at
   * the version it was read at holds nothing but (some of) those events (a write that adds events raises the
   * version; clearing does not), so the documents read at one version are emptied, or a removed aggregate's
   * deleted, by one write naming them all (`_id` in the list, `version` equal): on FerretDB one `updateMany`
   * costs about what two `updateOne`s do, whatever the command carries.
   * Documents that did not match were written since: each is cleared by `clearPublished`, which keeps what
   * they added.
   */
  async clearPublishedPage(docs: readonly PendingEvents[]): Promise<void> {
    const stale: string[] = [];
    for (const [removed, version, ids] of pageGroups(docs)) {
      const filter = { _id: { $in: ids }, version } as mongo.Filter<StoredDocument>;
      // Removed and inserted again since (an id used again starts at version 1 anew), a live document can stand at the version read: only a removed one goes.
      const matched = removed
        ? (await this.collection.deleteMany({ ...filter, deletedAt: { $ne: null } } as mongo.Filter<StoredDocument>)).deletedCount
        : (await this.collection.updateMany(filter, { $set: { outbox: [], hasOutbox: false } })).matchedCount;
      if (matched === ids.length) continue;
      const left = await this.collection.find({ _id: { $in: ids } } as mongo.Filter<StoredDocument>, { projection: { _id: 1, hasOutbox: 1 } }).toArray();
      for (const doc of left) if (doc.hasOutbox) stale.push(String(doc._id));
    }
    const published = new Map(docs.map((doc) => [doc._id, new Set(doc.outbox.map((entry) => entry.eventId))]));
    for (const id of stale) await this.clearPublished(id, published.get(id)!);
  }

  /**
   * Counts a failed publish on the first pending entry (eShop's event state), in that entry alone and only while
   * it is still first: the relay clears published events without raising the version, so writing back the outbox
   * as read would bring back events another instance's relay cleared meanwhile. 0 when it is gone.
   */
  async recordPublishFailure(id: string, error: Error): Promise<number> {
    const doc = await this.collection.findOne(this.byId(id), { projection: { outbox: 1 } });
    const first = (doc?.outbox as StoredEntry[] | undefined)?.[0];
    if (!first) return 0;
    const res = await this.collection.updateOne({ _id: id, 'outbox.0.eventId': first.eventId } as mongo.Filter<StoredDocument>, {
      $inc: { 'outbox.0.attempts': 1 },
      $set: { 'outbox.0.lastError': error.message },
    } as mongo.UpdateFilter<StoredDocument>);
    return res.matchedCount === 1 ? first.attempts + 1 : 0;
  }

  /** What a state writes: its fields but id and version, and the derived fields. */
  private fields(state: S): mongo.Document {
    const { id: _id, version: _version, ...fields } = state as S & { version?: number };
    const derived = Object.entries(this.options.derived ?? {}).map(([field, compute]) => [field, compute(state)]);
    return { ...fields, ...Object.fromEntries(derived) };
  }

  /** The state of a document: its fields but the bookkeeping and the derived fields, with `_id` as `id`. */
  private toState(doc: mongo.Document): Versioned<S> {
    const { _id, outbox: _o, hasOutbox: _h, deletedAt: _d, ...state } = doc;
    for (const field of Object.keys(this.options.derived ?? {})) delete state[field];
    return { ...state, id: String(_id) } as Versioned<S>;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private byId(id: string): mongo.Filter<StoredDocument> {
    return { _id: id };
  }

  private versioned(id: string, version: unknown): mongo.Filter<StoredDocument> {
    return { _id: id, version };
  }

  private live(filter: StateFilter<S>): mongo.Filter<StoredDocument> {
    return { ...(filter as mongo.Filter<StoredDocument>), deletedAt: null };
  }
}
