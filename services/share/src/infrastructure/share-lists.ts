import { randomUUID } from 'node:crypto';
import { inChunks, isDuplicateKey, type mongo, type StoreTooSlow } from '@obp/db';
import {
  blockOf,
  blockRead,
  CHANGE_WINDOW_MS,
  countDelta,
  countedOf,
  listBlockKey,
  listDueKey,
  matchingCounts,
  minuteOf,
  MOVE_LAG_MINUTES,
  pageSegments,
  pickPage,
  positionsOf,
  sumDeltas,
  totalOf,
  writtenExpired,
  type CountDelta,
  type ListCounts,
} from '../domain/share-list';
import type { Share } from '../domain/share';
import { CreateGroup } from './create-group';
import type { ShareStore } from './share-store';

export const SHARE_LISTS_COLLECTION = 'share_lists';
export const SHARE_LIST_BUILD_COLLECTION = 'share_list_build';

interface Intent {
  /** The writer's clock when it recorded the intent (judged with `INTENT_STALE_MS`, far above clocks apart). */
  at: Date;
  block: number;
}

/**
 * One app's list: the next position a new share takes (and the lowest one given to a share made before the lists),
 * each block's counts and version, the changes under way (a change records its intent before it writes its share
 * and settles it after, adding its delta and removing the intent in one update, so a delta is added once or not at
 * all), the last minute of expiry the mover has moved, and whether reads may use it (`ready`, set by the build).
 */
export interface ListDocument {
  _id: string;
  next?: number;
  low?: number;
  live?: Record<string, number>;
  unexpired?: Record<string, number>;
  /** Raised by every intent and settling of the block: the reconciler writes a count only over the version it read. */
  ver?: Record<string, number>;
  intents?: Record<string, Intent>;
  /** How many intents the document holds (the reconciler finds lists by it). */
  open?: number;
  moved?: number;
  ready?: boolean;
  /** The block the sweep (`maintain`) looks at next, and when it last looked at one of this list. */
  sweep?: number;
  sweptAt?: Date;
}

/** A change whose intent is older than this is taken to have stopped (crashed, or failed after its share's write). */
export const INTENT_STALE_MS = 5 * 60_000;
/** Due minutes a page reads at most (the store's limit for an `$in` it applies itself); beyond, the owner index is read. */
const MAX_DUE_MINUTES = 900;
/** How often an instance looks whether the build has begun or is done, until it is done. */
const BUILT_RECHECK_MS = 30_000;
/**
 * How long the build waits after marking its start before it places anything: every instance has looked again by
 * then, so none makes a share without a position after the build has begun (the order of the list stays the order
 * the shares were made in).
 */
export const POSITIONS_SEEN_MS = BUILT_RECHECK_MS + 5_000;
/** How long a create's answer waits for its group's settling once its share is written. */
const SETTLING_AWAITED_MS = 2_000;
/** Owners whose list's `next` an instance remembers (to guess the block of the next positions). */
const NEXT_SEEN_OWNERS = 10_000;
/** Shares the mover moves per list and round. */
const MOVE_BATCH = 2_000;
/** Ids per `$in` the mover reads shares back by: the local store applies a longer list itself, to every document. */
const IDS_PER_READ = 1_000;
/** Blocks the sweep looks at per round, of the lists it looked at longest ago. */
const SWEEP_BLOCKS_PER_ROUND = 10;

/** The store took over half a change's window to record its intent: nothing was written (answered as the store unavailable, 503). */
export class IntentTooSlow extends Error implements StoreTooSlow {
  readonly code = 'share_list_intent_too_slow';
  readonly storeTooSlow = true;
  constructor() {
    super('recording the share list intent took too long; the share was not written');
    this.name = 'IntentTooSlow';
  }
}

/** What a tracked change did: its result, and what it changed in its block's counts (null: nothing). */
export interface TrackedOutcome<T> {
  value: T;
  delta: CountDelta | null;
}

/** A create's position and the group of creates it settles with. */
interface TakenPosition {
  position: number;
  group: CreateGroup;
}

/** A group of creates all written, to be settled: its intent removed and its delta added. */
interface DueSettling {
  token: string;
  block: number;
  delta: CountDelta | null;
  settled: () => void;
}

/** The filter (every intent still there), removals and increments settling `settlings` in one update. */
function settlingUpdate(settlings: readonly DueSettling[]): { filter: Record<string, unknown>; unset: Record<string, ''>; inc: CountDelta } {
  let inc: CountDelta | null = { open: -settlings.length };
  for (const due of settlings) inc = sumDeltas(inc, sumDeltas(due.delta, { [`ver.${due.block}`]: 1 }));
  return {
    filter: Object.fromEntries(settlings.map((due) => [`intents.${due.token}`, { $exists: true }])),
    unset: Object.fromEntries(settlings.map((due) => [`intents.${due.token}`, ''])),
    inc: inc ?? {},
  };
}

interface WaitingCreate {
  now: Date;
  resolve: (taken: TakenPosition) => void;
  reject: (error: unknown) => void;
}

export interface ShareListPage {
  items: Share[];
  total: number;
}

export interface MaintenanceReport {
  /** Blocks counted again from their shares. */
  recounted: number;
  /** Shares moved to expired. */
  moved: number;
  /** Lists built (made ready) in this round. */
  built: number;
  /** Blocks swept (list fields put right, counted again). */
  swept: number;
}

/** The share lists of domain/share-list.ts in the store: positions, counts kept exact by intents, pages, maintenance. */
/**
 * The build's marker: `begun` once `npm run share:list-build` started (from then on every share is made with a
 * position), `done` once it built every list (a fresh database is made with both).
 */
export interface BuildMarker {
  _id: 'build';
  begun?: boolean;
  done?: boolean;
}

export class ShareLists {
  readonly lists: mongo.Collection<ListDocument>;
  readonly build: mongo.Collection<BuildMarker>;
  /** The build's marker as last read (`done`, once seen, for good); while not done, read again at most once in `recheckMs`. */
  private marker: { begun: boolean; done: boolean; at: number } = { begun: false, done: false, at: -Infinity };
  /**
   * Per owner, the creates waiting for their positions, the groups of creates waiting to be settled, and whether the
   * owner's updates for creates are under way.
   */
  private readonly waitingCreates = new Map<string, WaitingCreate[]>();
  private readonly dueSettlings = new Map<string, DueSettling[]>();
  private readonly updatingForCreates = new Set<string>();
  /** Per owner, the list's `next` as this instance last saw it: the block new positions are guessed to fall in. */
  private readonly nextSeen = new Map<string, number>();

  constructor(
    db: mongo.Db,
    private readonly shares: ShareStore,
    private readonly onUnsettled: (error: unknown) => void = () => undefined,
    private readonly recheckMs = BUILT_RECHECK_MS,
  ) {
    this.lists = db.collection<ListDocument>(SHARE_LISTS_COLLECTION);
    this.build = db.collection<BuildMarker>(SHARE_LIST_BUILD_COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await this.lists.createIndex({ ready: 1 });
  }

  /** Whether `npm run share:list-build` has run (or the database was made with the lists). */
  async isBuilt(): Promise<boolean> {
    return (await this.readMarker()).done;
  }

  /**
   * Whether a share made now takes a position: once the build has begun. Before, the version before the lists may
   * still be making shares, which the build then places in the order they were made, with those made here.
   */
  async givesPositions(): Promise<boolean> {
    const marker = await this.readMarker();
    return marker.begun || marker.done;
  }

  private async readMarker(): Promise<{ begun: boolean; done: boolean }> {
    if (!this.marker.done && Date.now() - this.marker.at > this.recheckMs) {
      const marker = await this.build.findOne({ _id: 'build' });
      this.marker = { begun: marker?.begun === true, done: marker?.done === true, at: Date.now() };
    }
    return this.marker;
  }

  /**
   * An update of the owner's list document, made if missing (a concurrent first upsert on MongoDB: retried once).
   * A list made after the build is ready at once: its app had no share when the build looked (every instance then
   * gives each share a position, as the runbook's order has it).
   */
  private async upsert(ownerClientId: string, update: mongo.UpdateFilter<ListDocument>, now: Date): Promise<ListDocument> {
    const withInsert = { ...update, $setOnInsert: { moved: initialMoved(now), ready: await this.isBuilt() } };
    const once = () => this.lists.findOneAndUpdate({ _id: ownerClientId }, withInsert, { upsert: true, returnDocument: 'after' });
    try {
      return (await once())!;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (await once())!;
    }
  }

  /** The next position of the owner's list (one a failed creation took stays unused). */
  async reserve(ownerClientId: string, now: Date): Promise<number> {
    return (await this.upsert(ownerClientId, { $inc: { next: 1 } }, now)).next! - 1;
  }

  /**
   * Creates a share at the next position of the owner's list: `write` writes it there, between the intent and the
   * settling of its block, as `track` runs a change. The creates of one owner waiting in this instance while the
   * previous ones take their positions take theirs together, and settle together once all have written. One update
   * at a time per owner and instance does it all: it takes the waiting creates' positions and records their intent
   * when they fall in the block of the last `next` this instance saw, settling the groups whose members have all
   * written meanwhile; else (a block's end, a list new to the instance) those groups are settled, then one update
   * takes the positions and one records an intent per block they span. Once `write` returned, nothing here throws.
   */
  async trackCreate<T>(ownerClientId: string, now: Date, write: (position: number) => Promise<TrackedOutcome<T>>): Promise<T> {
    const started = Date.now();
    const taken = await new Promise<TakenPosition>((resolve, reject) => this.queueForCreates(ownerClientId, this.waitingCreates, { now, resolve, reject }));
    if (Date.now() - started > CHANGE_WINDOW_MS / 2) {
      taken.group.abandoned();
      throw new IntentTooSlow();
    }
    let outcome: TrackedOutcome<T>;
    try {
      outcome = await write(taken.position);
    } catch (error) {
      // A write that threw may still have been applied: its group's intent stays for the reconciler.
      taken.group.abandoned();
      throw error;
    }
    // The share is written: its answer waits for the group's settling only so long (pages count a block from its
    // shares while an intent of it is open), so that a member slow to write holds the others' answers no longer.
    await settledOrAfter(taken.group.written(outcome.delta), SETTLING_AWAITED_MS);
    return outcome.value;
  }

  /**
   * Queues a create or a settling of the owner's; the owner's updates start on the next turn of the event loop, so
   * that what arrives in the same turn goes in one update.
   */
  private queueForCreates<E>(ownerClientId: string, queues: Map<string, E[]>, entry: E): void {
    queues.set(ownerClientId, [...(queues.get(ownerClientId) ?? []), entry]);
    if (this.updatingForCreates.has(ownerClientId)) return;
    this.updatingForCreates.add(ownerClientId);
    setImmediate(() =>
      this.updateForCreates(ownerClientId).catch((error: unknown) => {
        for (const create of this.waitingCreates.get(ownerClientId) ?? []) create.reject(error);
        this.waitingCreates.delete(ownerClientId);
        this.onUnsettled(error);
      }),
    );
  }

  /** The owner's list updates for creates, one after another, each with all that waits, until nothing waits. */
  private async updateForCreates(ownerClientId: string): Promise<void> {
    try {
      for (;;) {
        const waiting = this.waitingCreates.get(ownerClientId);
        const settlings = this.dueSettlings.get(ownerClientId) ?? [];
        this.waitingCreates.delete(ownerClientId);
        this.dueSettlings.delete(ownerClientId);
        if (!waiting) {
          if (settlings.length === 0) return;
          await this.settleAll(ownerClientId, settlings);
          continue;
        }
        try {
          const taken = await this.takePositions(ownerClientId, waiting.length, waiting[0]!.now, settlings);
          waiting.forEach((create, i) => create.resolve(taken[i]!));
        } catch (error) {
          for (const create of waiting) create.reject(error);
        }
      }
    } finally {
      this.updatingForCreates.delete(ownerClientId);
    }
  }

  /**
   * `count` positions of the owner's list in a row, each with the group of its block (whose intent is recorded);
   * `settlings` are settled by the same update when the guess of the block holds, else before the positions are taken.
   */
  private async takePositions(ownerClientId: string, count: number, now: Date, settlings: readonly DueSettling[]): Promise<TakenPosition[]> {
    const started = Date.now();
    const token = randomUUID();
    const seen = this.nextSeen.get(ownerClientId);
    const block = seen === undefined ? undefined : blockOf(seen);
    const { low, high } = block === undefined ? { low: 0, high: -1 } : positionsOf(block);
    // Tried only when the positions would fit in the block of the `next` seen: past its end it cannot match.
    if (block !== undefined && seen! + count <= high + 1) {
      const settling = settlingUpdate(settlings);
      let taken: ListDocument | null;
      try {
        taken = await this.lists.findOneAndUpdate(
          { _id: ownerClientId, next: { $gte: low, $lte: high + 1 - count }, ...settling.filter },
          {
            $inc: sumDeltas(settling.inc, { next: count, [`ver.${block}`]: 1, open: 1 })!,
            $set: { [`intents.${token}`]: { at: new Date(started), block } },
            ...(settlings.length > 0 ? { $unset: settling.unset } : {}),
          },
          // The whole document comes back: the local store does not take a projection here.
          { returnDocument: 'after' },
        );
      } catch (error) {
        // The waiting creates are answered at once; the settlings, applied or not, are made good by the next update (as
        // when the reconciler took their intents, if this one was applied).
        this.dueSettlings.set(ownerClientId, [...settlings, ...(this.dueSettlings.get(ownerClientId) ?? [])]);
        throw error;
      }
      if (taken) {
        for (const due of settlings) due.settled();
        this.see(ownerClientId, taken.next!);
        const group = this.createGroup(ownerClientId, token, block, count);
        return Array.from({ length: count }, (_, i) => ({ position: taken.next! - count + i, group }));
      }
    }
    await this.settleAll(ownerClientId, settlings);
    const next = (await this.upsert(ownerClientId, { $inc: { next: count } }, now)).next!;
    this.see(ownerClientId, next);
    const positions = Array.from({ length: count }, (_, i) => next - count + i);
    const blocks = [...new Set(positions.map(blockOf))];
    const groups = new Map(blocks.map((block) => [block, this.createGroup(ownerClientId, randomUUID(), block, positions.filter((p) => blockOf(p) === block).length)]));
    await this.lists.updateOne(
      { _id: ownerClientId },
      {
        $set: Object.fromEntries([...groups.values()].map((group) => [`intents.${group.token}`, { at: new Date(started), block: group.block }])),
        $inc: { ...Object.fromEntries(blocks.map((block) => [`ver.${block}`, 1])), open: blocks.length },
      },
    );
    return positions.map((position) => ({ position, group: groups.get(blockOf(position))! }));
  }

  /** A group whose members have all written: its settling waits for the owner's next update. */
  private createGroup(ownerClientId: string, token: string, block: number, members: number): CreateGroup {
    return new CreateGroup(token, block, members, (delta) => new Promise<void>((settled) => this.queueForCreates(ownerClientId, this.dueSettlings, { token, block, delta, settled })));
  }

  /** The owner's `next` as this instance saw it last (forgotten for every owner once it knows of too many). */
  private see(ownerClientId: string, next: number): void {
    if (this.nextSeen.size >= NEXT_SEEN_OWNERS && !this.nextSeen.has(ownerClientId)) this.nextSeen.clear();
    this.nextSeen.set(ownerClientId, next);
  }

  /** Settles `settlings` in one update, or each by itself (`settle`) if that one misses or fails; never throws. */
  private async settleAll(ownerClientId: string, settlings: readonly DueSettling[]): Promise<void> {
    if (settlings.length === 0) return;
    const settling = settlingUpdate(settlings);
    const together = await this.lists.updateOne({ _id: ownerClientId, ...settling.filter }, { $unset: settling.unset, $inc: settling.inc }).catch(() => null);
    if (together?.matchedCount !== 1) {
      await Promise.all(settlings.map((due) => this.settle(ownerClientId, due.token, due.block, due.delta)));
    }
    for (const due of settlings) due.settled();
  }

  /**
   * Runs `write`, a change of a share in `block` of the owner's list, between its intent and its settling.
   * Once `write` returned, nothing here throws: a failed settling leaves the intent to the reconciler.
   */
  async track<T>(ownerClientId: string, block: number, write: () => Promise<TrackedOutcome<T>>): Promise<T> {
    const token = randomUUID();
    const started = Date.now();
    await this.upsert(ownerClientId, { $set: { [`intents.${token}`]: { at: new Date(started), block } }, $inc: { [`ver.${block}`]: 1, open: 1 } }, new Date(started));
    if (Date.now() - started > CHANGE_WINDOW_MS / 2) throw new IntentTooSlow();
    // A write that threw may still have been applied: its intent stays for the reconciler.
    const outcome = await write();
    await this.settle(ownerClientId, token, block, outcome.delta);
    return outcome.value;
  }

  /** Adds `delta` to the block's counts and removes the intent `token`, in one update; never throws. */
  private async settle(ownerClientId: string, token: string, block: number, delta: CountDelta | null): Promise<void> {
    try {
      const settled = await this.lists.updateOne(
        { _id: ownerClientId, [`intents.${token}`]: { $exists: true } },
        { $unset: { [`intents.${token}`]: '' }, $inc: { ...delta, [`ver.${block}`]: 1, open: -1 } },
      );
      // The reconciler took the intent for a stopped change's: whether its count saw these shares is unknown, so
      // the block is left an intent already stale, to be counted again.
      if (settled.matchedCount === 0 && delta) {
        await this.lists.updateOne({ _id: ownerClientId }, { $set: { [`intents.${token}`]: { at: new Date(0), block } }, $inc: { [`ver.${block}`]: 1, open: 1 } });
      }
    } catch (error) {
      this.onUnsettled(error);
    }
  }

  /**
   * A page of the owner's shares in list order (all, or those expired at `now` or not), with their total; null while
   * the list is not ready (built) or its mover is too far behind, for the caller to read through the owner index.
   */
  async page(ownerClientId: string, expired: boolean | null, now: Date, skip: number, limit: number): Promise<ShareListPage | null> {
    const doc = await this.lists.findOne({ _id: ownerClientId });
    if (!doc?.ready) return null;
    const counts = await this.countsAsOfNow(ownerClientId, doc, expired !== null);
    if (expired === null) {
      const matching = matchingCounts(counts, null, new Map());
      const parts = await Promise.all(
        pageSegments(matching, skip, limit).map((segment) =>
          this.shares.findMany({ listBlock: listBlockKey(ownerClientId, segment.block) }, { sort: { listPosition: 1 }, skip: segment.skip, limit: segment.limit }),
        ),
      );
      return { items: parts.flat(), total: totalOf(matching) };
    }
    const current = minuteOf(now);
    const moved = doc.moved ?? current;
    if (current - moved > MAX_DUE_MINUTES) return null;
    const keys = Array.from({ length: Math.max(0, current - moved) }, (_, i) => listDueKey(ownerClientId, moved + 1 + i));
    // Counted unexpired, yet expired at `now`: not yet moved.
    const due = keys.length === 0 ? [] : (await this.shares.findMany({ listDue: { $in: keys } })).filter((share) => writtenExpired(share.expirationDateUtc, now));
    const dueByBlock = new Map<number, Share[]>();
    for (const share of due) dueByBlock.set(blockOf(share.listPosition!), [...(dueByBlock.get(blockOf(share.listPosition!)) ?? []), share]);
    const matching = matchingCounts(counts, expired, new Map([...dueByBlock].map(([block, shares]) => [block, shares.length])));
    const parts = await Promise.all(
      pageSegments(matching, skip, limit).map(async (segment) => {
        const dueHere = dueByBlock.get(segment.block) ?? [];
        const include = expired ? dueHere : [];
        const exclude = expired ? [] : dueHere.map((share) => share.listPosition!);
        const read = blockRead(segment.skip, segment.limit, include.length, exclude.length);
        const rows = await this.shares.findMany(
          { listBlock: listBlockKey(ownerClientId, segment.block), listExpired: expired },
          { sort: { listPosition: 1 }, skip: read.from, limit: read.count },
        );
        return pickPage(rows, read.from, segment.skip, segment.limit, include, exclude);
      }),
    );
    return { items: parts.flat(), total: totalOf(matching) };
  }

  /**
   * The list's counts, those of blocks with a change under way counted from their shares: a change that stopped
   * after writing its share (its process killed, its settling failed) is not in its block's count until the
   * reconciler's round minutes later, and a count one short would leave a share out of every page. Usually none or
   * the one block new shares go to; two pushed-down counts each (one without `withUnexpired`).
   */
  private async countsAsOfNow(ownerClientId: string, doc: ListDocument, withUnexpired: boolean): Promise<ListCounts> {
    const counts = { live: { ...doc.live }, unexpired: { ...doc.unexpired } };
    const changing = [...new Set(Object.values(doc.intents ?? {}).map((intent) => intent.block))];
    await Promise.all(
      changing.map(async (block) => {
        const key = listBlockKey(ownerClientId, block);
        const [live, unexpired] = await Promise.all([this.shares.count({ listBlock: key }), withUnexpired ? this.shares.count({ listBlock: key, listExpired: false }) : undefined]);
        counts.live[block] = live;
        if (unexpired !== undefined) counts.unexpired[block] = unexpired;
      }),
    );
    return counts;
  }

  /** One maintenance round: stopped changes' blocks recounted, due shares moved, lists built once the build has run. */
  async maintain(now: Date, options: { staleMs?: number } = {}): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { recounted: await this.reconcile(now, options.staleMs ?? INTENT_STALE_MS), moved: 0, built: 0, swept: 0 };
    const docs = await this.lists.find({}, { projection: { _id: 1, moved: 1, ready: 1, low: 1, next: 1, sweep: 1, sweptAt: 1 } }).toArray();
    for (const doc of docs) report.moved += await this.move(doc._id, doc.moved, now);
    report.swept = await this.sweep(docs, now);
    if (await this.isBuilt()) {
      for (const doc of await this.lists.find({ ready: false }, { projection: { _id: 1 } }).toArray()) {
        await this.buildList(doc._id, now);
        report.built++;
      }
    }
    return report;
  }

  /**
   * The backstop, a few blocks a round, every ready list in turn and each of its blocks in turn: a block's list fields
   * put right and its counts counted again. What it catches leaves no intent to tell: a change frozen (not killed)
   * past its window whose late write lands after the reconciler recounted its block or the mover passed its minute,
   * and whose process is then killed before it records its intent again.
   */
  private async sweep(docs: ListDocument[], now: Date): Promise<number> {
    const turn = docs
      .filter((doc) => doc.ready)
      .sort((x, y) => (x.sweptAt?.getTime() ?? 0) - (y.sweptAt?.getTime() ?? 0))
      .slice(0, SWEEP_BLOCKS_PER_ROUND);
    for (const doc of turn) {
      const { low, high } = blockRange(doc);
      const block = doc.sweep !== undefined && doc.sweep >= low && doc.sweep <= high ? doc.sweep : low;
      await this.repair(doc._id, block);
      // A block with a change under way is left to that change (and to the reconciler if it stops).
      await this.recountIfIdle(doc._id, block);
      await this.lists.updateOne({ _id: doc._id }, { $set: { sweep: block >= high ? low : block + 1, sweptAt: now } });
    }
    return turn.length;
  }

  /**
   * Every block holding only intents older than `staleMs` is counted again from its shares and the count written
   * if the block's version is still the one read (changes in other blocks do not stop it; a block with a change
   * under way waits, at most until the change ends).
   */
  async reconcile(now: Date, staleMs: number): Promise<number> {
    let recounted = 0;
    for (const doc of await this.lists.find({ open: { $gt: 0 } }).toArray()) {
      const byBlock = new Map<number, Array<[string, Intent]>>();
      for (const entry of Object.entries(doc.intents ?? {})) byBlock.set(entry[1].block, [...(byBlock.get(entry[1].block) ?? []), entry]);
      for (const [block, intents] of byBlock) {
        if (intents.some(([, intent]) => intent.at.getTime() >= now.getTime() - staleMs)) continue;
        if (await this.recount(doc._id, block, doc.ver?.[block], intents.map(([token]) => token))) recounted++;
      }
    }
    return recounted;
  }

  /** Counts the block again (`recount`) unless a change is under way in it: true when the count was written. */
  private async recountIfIdle(ownerClientId: string, block: number): Promise<boolean> {
    const current = await this.lists.findOne({ _id: ownerClientId }, { projection: { ver: 1, intents: 1 } });
    if (Object.values(current?.intents ?? {}).some((intent) => intent.block === block)) return false;
    return this.recount(ownerClientId, block, current?.ver?.[block], []);
  }

  /** Counts the block from its shares and writes the counts, `tokens` removed, if its version is still `ver` (undefined: none yet). */
  private async recount(ownerClientId: string, block: number, ver: number | undefined, tokens: readonly string[]): Promise<boolean> {
    const key = listBlockKey(ownerClientId, block);
    const [live, unexpired] = await Promise.all([this.shares.count({ listBlock: key }), this.shares.count({ listBlock: key, listExpired: false })]);
    const written = await this.lists.updateOne(
      { _id: ownerClientId, [`ver.${block}`]: ver ?? { $exists: false } },
      {
        $set: { [`live.${block}`]: live, [`unexpired.${block}`]: unexpired },
        ...(tokens.length > 0 ? { $unset: Object.fromEntries(tokens.map((token) => [`intents.${token}`, ''])) } : {}),
        $inc: { [`ver.${block}`]: 1, open: -tokens.length },
      },
    );
    return written.matchedCount === 1;
  }

  /**
   * Moves the owner's shares due in the minutes after `moved` up to `MOVE_LAG_MINUTES` before now to expired (each
   * a tracked change of its block), then records the minute moved; a list with more due than a batch goes on next round.
   */
  async move(ownerClientId: string, moved: number | undefined, now: Date): Promise<number> {
    const target = minuteOf(now) - MOVE_LAG_MINUTES;
    if (moved === undefined || target <= moved) return 0;
    const upTo = Math.min(target, moved + MAX_DUE_MINUTES);
    const keys = Array.from({ length: upTo - moved }, (_, i) => listDueKey(ownerClientId, moved + 1 + i));
    const due = await this.shares.ids({ listDue: { $in: keys } }, MOVE_BATCH);
    const byBlock = new Map<number, string[]>();
    for (const ids of inChunks(due, IDS_PER_READ)) {
      for (const share of await this.shares.findMany({ _id: { $in: ids } })) {
        const block = blockOf(share.listPosition!);
        byBlock.set(block, [...(byBlock.get(block) ?? []), share.id]);
      }
    }
    let count = 0;
    // A change past its window stops without writing: its shares are moved next round, `moved` not raised meanwhile.
    let late = false;
    for (const [block, ids] of byBlock) {
      let started: number | undefined;
      count += await this.rewriteInBlock(ownerClientId, block, ids, (current) => {
        started ??= Date.now();
        if (Date.now() - started > CHANGE_WINDOW_MS / 2) late = true;
        if (late || current.listExpired !== false || minuteOf(current.expirationDateUtc) > upTo) return null;
        return { ...current, listExpired: true };
      });
    }
    if (due.length < MOVE_BATCH && !late) await this.lists.updateOne({ _id: ownerClientId, moved }, { $set: { moved: upTo } });
    return count;
  }

  /**
   * Makes the owner's list ready: shares without a position (made before the lists) are placed before the list,
   * every block's shares are put right where an instance of the version before changed them (their list fields kept
   * as it read them), every block is counted again, then reads may use it. Run again (or after a stop half-way), it
   * places what is left and repairs and recounts all. False when it stopped at `maxPlacements` before being done.
   */
  async buildList(ownerClientId: string, now: Date, options: { maxPlacements?: number } = {}): Promise<boolean> {
    // Not ready until built, whatever the build marker says.
    await this.lists.updateOne({ _id: ownerClientId }, { $setOnInsert: { moved: initialMoved(now), ready: false } }, { upsert: true });
    if (!(await this.place(ownerClientId, now, options.maxPlacements ?? Infinity))) return false;
    const doc = await this.upsert(ownerClientId, {}, now);
    const { low, high } = blockRange(doc);
    for (let block = low; block <= high; block++) {
      await this.repair(ownerClientId, block);
      // A block with a change under way is counted once the change has ended (the change's delta is then in the count).
      for (let attempt = 0; ; attempt++) {
        if (await this.recountIfIdle(ownerClientId, block)) break;
        if (attempt > 100) throw new Error(`share list of ${ownerClientId}: block ${block} kept changing while it was being counted`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await this.lists.updateOne({ _id: ownerClientId }, { $set: { ready: true } });
    return true;
  }

  /**
   * Places the owner's shares without a position before the list, newest first from the top of a range reserved
   * below it, so that a build stopped half-way leaves the older ones, which the next run places below those placed:
   * oldest first either way. Each is placed expired or not by the clock of its own write (a build takes minutes at
   * 100,000 shares, while the mover goes on). True once none is left.
   */
  private async place(ownerClientId: string, now: Date, maxPlacements: number): Promise<boolean> {
    let placed = 0;
    for (;;) {
      const unplaced = await this.shares.count({ ownerClientId, listPosition: null });
      if (unplaced === 0) return true;
      const top = (await this.upsert(ownerClientId, { $inc: { low: -unplaced } }, now)).low! + unplaced;
      let position = top;
      while (position > top - unplaced) {
        const batch = await this.shares.findMany({ ownerClientId, listPosition: null }, { sort: { createdAt: -1, _id: -1 }, limit: Math.min(500, position - (top - unplaced)) });
        if (batch.length === 0) break;
        const moved = (await this.lists.findOne({ _id: ownerClientId }, { projection: { moved: 1 } }))?.moved;
        for (const share of batch) {
          if (placed >= maxPlacements) return false;
          const at = --position;
          await this.shares.mutate(share.id, (current) =>
            current.listPosition === null || current.listPosition === undefined
              ? { next: { ...current, listPosition: at, listExpired: expiredWhenWritten(current.expirationDateUtc, moved) }, result: true }
              : { result: false },
          );
          placed++;
        }
      }
    }
  }

  /**
   * Puts right the list fields of the block's shares that do not hold for their expiry (an instance of the version
   * before the lists wrote a changed expiry back with the fields it read): counted unexpired while found by another
   * minute or by one the mover has passed, or counted expired while not yet. A tracked change, so counts stay exact.
   */
  private async repair(ownerClientId: string, block: number): Promise<void> {
    const moved = (await this.lists.findOne({ _id: ownerClientId }, { projection: { moved: 1 } }))?.moved;
    const rows = await this.shares.collection
      .find({ listBlock: listBlockKey(ownerClientId, block) }, { projection: { _id: 1, listExpired: 1, listDue: 1, expirationDateUtc: 1 } })
      .toArray();
    const wrong = rows.filter((row) => !listFieldsHold(ownerClientId, row as unknown as StoredListFields, moved)).map((row) => String(row._id));
    if (wrong.length === 0) return;
    await this.rewriteInBlock(ownerClientId, block, wrong, (current) =>
      // Written even when `listExpired` is unchanged: the derived `listDue` is then written anew.
      current.listPosition === null || current.listPosition === undefined ? null : { ...current, listExpired: expiredWhenWritten(current.expirationDateUtc, moved) },
    );
  }

  /**
   * Rewrites the shares `ids` of the owner's `block` as `rewrite` makes them (null: left as they are), one tracked
   * change of the block adding what they did to its counts; how many were rewritten.
   */
  private async rewriteInBlock(ownerClientId: string, block: number, ids: readonly string[], rewrite: (current: Share) => Share | null): Promise<number> {
    return this.track(ownerClientId, block, async () => {
      let delta: CountDelta | null = null;
      let rewritten = 0;
      for (const id of ids) {
        const outcome = await this.shares.mutate(id, (current) => {
          const next = rewrite(current);
          return next === null ? { result: null } : { next, result: countDelta(countedOf(current), countedOf(next)) ?? {} };
        });
        if (outcome.found && outcome.result) {
          delta = sumDeltas(delta, outcome.result);
          rewritten++;
        }
      }
      return { value: rewritten, delta };
    });
  }
}

/** The list fields as stored: `listDue` derived when the share was last written by a version keeping the lists. */
interface StoredListFields {
  listExpired?: boolean;
  listDue?: string | null;
  expirationDateUtc: Date;
}

/** The blocks a list's positions span so far: those of shares made before the lists (below 0) and those given since. */
const blockRange = (doc: Pick<ListDocument, 'low' | 'next'>): { low: number; high: number } => ({
  low: blockOf(Math.min(doc.low ?? 0, 0)),
  high: blockOf(Math.max((doc.next ?? 0) - 1, 0)),
});

/** The first minute a new list's mover has moved: behind now by its lag, so that no share made meanwhile is due in a minute already passed. */
const initialMoved = (now: Date): number => minuteOf(now) - MOVE_LAG_MINUTES - 1;

/**
 * Whether a share written now is written moved to expired: expired by the clock of the write, or due in a minute the
 * owner's mover has already passed (it would never be moved).
 */
function expiredWhenWritten(expiration: Date, moved: number | undefined): boolean {
  return writtenExpired(expiration, new Date()) || (moved !== undefined && minuteOf(expiration) <= moved);
}

/** Whether a positioned share's stored list fields hold for its expiry and the owner's mover (`repair`). */
function listFieldsHold(ownerClientId: string, row: StoredListFields, moved: number | undefined): boolean {
  if (row.listExpired === false) return row.listDue === listDueKey(ownerClientId, minuteOf(row.expirationDateUtc)) && (moved === undefined || minuteOf(row.expirationDateUtc) > moved);
  return row.listExpired === true && !row.listDue && expiredWhenWritten(row.expirationDateUtc, moved);
}

/** Resolves when `settled` does, or after `ms`, whichever is first (`settled` never rejects). */
function settledOrAfter(settled: Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
