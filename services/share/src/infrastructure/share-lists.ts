import { dayBucket, isDuplicateKey, type mongo } from '@obp/db';
import { ConcurrencyConflict } from '@obp/store';
import { isExpired, type Share } from '../domain/share';
import type { ShareStore } from './share-store';

/** How many list positions make one chunk: a page is read from the chunks it spans, each at most this many shares. */
export const LIST_CHUNK_SIZE = 500;

/** One owner's list: the next position to hand out and how many live shares each chunk holds, in all and by the day they expire. */
export interface ShareListDocument {
  _id: string;
  next: number;
  /** Raised by every write of the counts, which is compare-and-set on it. */
  version: number;
  counts: Record<string, number>;
  /** Chunk -> UTC day of expiry (`2026-11-29`) -> live shares; days with none are left out. */
  expiries: Record<string, Record<string, number>>;
}

export const SHARE_LISTS_COLLECTION = 'share_lists';

/** The chunk a list position falls in. */
export const chunkOf = (position: number): number => Math.floor(position / LIST_CHUNK_SIZE);

/** The derived field a share is found by in its chunk (owner ids may hold '/': the chunk is what follows the last one). */
export const listChunkKey = (ownerClientId: string, chunk: number): string => `${ownerClientId}/${chunk}`;

export const listChunkOf = (share: Pick<Share, 'ownerClientId' | 'listPosition'>): string => listChunkKey(share.ownerClientId, chunkOf(share.listPosition));

/** The derived field a share is found by in its chunk and day of expiry. */
export const listExpiryKey = (ownerClientId: string, chunk: number, day: string): string => `${listChunkKey(ownerClientId, chunk)}|${day}`;

export const listExpiryOf = (share: Pick<Share, 'ownerClientId' | 'listPosition' | 'expirationDateUtc'>): string =>
  listExpiryKey(share.ownerClientId, chunkOf(share.listPosition), dayBucket(share.expirationDateUtc));

/** A part of a page: `limit` shares from `skip` on in one chunk, in list order. */
export interface ChunkSegment {
  chunk: number;
  skip: number;
  limit: number;
}

/**
 * The chunks holding the shares from `skip` to `skip + limit` of a list whose chunks hold `counts`
 * (chunk number -> live shares), walked in chunk order; empty chunks are passed over.
 */
export function pageSegments(counts: Record<string, number>, skip: number, limit: number): ChunkSegment[] {
  const segments: ChunkSegment[] = [];
  let before = 0;
  let wanted = limit;
  for (const [chunk, count] of sortedChunks(counts)) {
    if (wanted === 0) break;
    if (before + count <= skip) {
      before += count;
      continue;
    }
    const from = Math.max(0, skip - before);
    const take = Math.min(count - from, wanted);
    if (take > 0) segments.push({ chunk, skip: from, limit: take });
    wanted -= take;
    before += count;
  }
  return segments;
}

export const totalOf = (counts: Record<string, number>): number => Object.values(counts).reduce((sum, n) => sum + n, 0);

const sortedChunks = (counts: Record<string, number>): Array<[number, number]> =>
  Object.entries(counts)
    .map(([chunk, count]): [number, number] => [Number(chunk), count])
    .sort((a, b) => a[0] - b[0]);

const MAX_ATTEMPTS = 20;

/**
 * Each owner's share list, kept so that a page and its total cost what the page holds, not what the owner has:
 * every share takes the next position of its owner's list when it is made, positions fall in chunks of
 * `LIST_CHUNK_SIZE`, and one document per owner holds the live count of each chunk. A page is read from the
 * chunks it spans (an equality on the share's `listChunk`), the total is the sum of the counts.
 * A count is never added to or taken from: after a share is made or removed, its chunk is counted again and
 * the count written if no other count was written since it was read (else counted again), so a write lost to a
 * crash between the share and its count is made good by the next one in that chunk, and two at once cannot
 * leave a stale count behind.
 */
export class ShareLists {
  readonly collection: mongo.Collection<ShareListDocument>;

  constructor(
    db: mongo.Db,
    private readonly shares: ShareStore,
  ) {
    this.collection = db.collection<ShareListDocument>(SHARE_LISTS_COLLECTION);
  }

  /** The next position of the owner's list (positions a failed creation took are left unused). */
  async nextPosition(ownerClientId: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        const list = await this.collection.findOneAndUpdate(
          { _id: ownerClientId },
          { $inc: { next: 1 }, $setOnInsert: { version: 0, counts: {}, expiries: {} } },
          { upsert: true, returnDocument: 'after' },
        );
        return list!.next - 1;
      } catch (error) {
        // Two first shares of an owner at once: both tried to insert its list; the other one did.
        if (!isDuplicateKey(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Counts the chunk holding `position` of the owner's list again, in all and for each of `expiryDays` (the days of
   * expiry the change that called it touched), and writes those counts.
   */
  async recount(ownerClientId: string, position: number, expiryDays: readonly Date[] = []): Promise<void> {
    const chunk = chunkOf(position);
    const days = [...new Set(expiryDays.map(dayBucket))];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const list = await this.collection.findOne({ _id: ownerClientId }, { projection: { version: 1 } });
      const [count, ...dayCounts] = await Promise.all([
        this.shares.count({ listChunk: listChunkKey(ownerClientId, chunk) }),
        ...days.map((day) => this.shares.count({ listExpiry: listExpiryKey(ownerClientId, chunk, day) })),
      ]);
      if (list) {
        const set: Record<string, number> = { [`counts.${chunk}`]: count! };
        const unset: Record<string, ''> = {};
        days.forEach((day, i) => (dayCounts[i]! > 0 ? (set[`expiries.${chunk}.${day}`] = dayCounts[i]!) : (unset[`expiries.${chunk}.${day}`] = '')));
        const update = { $set: set, $inc: { version: 1 }, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) };
        const written = await this.collection.updateOne({ _id: ownerClientId, version: list.version }, update);
        if (written.matchedCount === 1) return;
        continue;
      }
      // A list whose positions were handed out elsewhere (a copy of the shares alone): made here.
      const expiries = { [chunk]: Object.fromEntries(days.map((day, i) => [day, dayCounts[i]!]).filter(([, n]) => Number(n) > 0)) };
      const made = await this.collection.insertOne({ _id: ownerClientId, next: position + 1, version: 1, counts: { [chunk]: count! }, expiries }).then(
        () => true,
        (error: unknown) => {
          if (isDuplicateKey(error)) return false;
          throw error;
        },
      );
      if (made) return;
    }
    throw new ConcurrencyConflict(`${SHARE_LISTS_COLLECTION}/${ownerClientId}`);
  }

  /** The live count of each chunk of the owner's list (none when the owner never made a share). */
  async counts(ownerClientId: string): Promise<Record<string, number>> {
    const list = await this.collection.findOne({ _id: ownerClientId }, { projection: { counts: 1 } });
    return list?.counts ?? {};
  }

  /** A page of the owner's shares in list order, from the chunks it spans, with the list's total. */
  async page(ownerClientId: string, skip: number, limit: number): Promise<{ items: Share[]; total: number }> {
    const counts = await this.counts(ownerClientId);
    const segments = pageSegments(counts, skip, limit);
    const parts = await Promise.all(
      segments.map((segment) => this.shares.findMany({ listChunk: listChunkKey(ownerClientId, segment.chunk) }, { sort: { listPosition: 1 }, skip: segment.skip, limit: segment.limit })),
    );
    return { items: parts.flat(), total: totalOf(counts) };
  }

  /**
   * A page of the owner's shares expired at `now` (or not), in list order, with their total. The counts by day of
   * expiry give each chunk's share of the list but for today's day, whose shares are read to tell which expired;
   * a chunk holding some of today's is read on its side of `now` up to the page's end, the others by their days alone.
   */
  async pageByExpiry(ownerClientId: string, expired: boolean, now: Date, skip: number, limit: number): Promise<{ items: Share[]; total: number }> {
    const list = await this.collection.findOne({ _id: ownerClientId }, { projection: { expiries: 1 } });
    const expiries = list?.expiries ?? {};
    const today = dayBucket(now);
    const onSide = (day: string) => (expired ? day < today : day > today);
    const matches = (share: Share) => isExpired(share, now) === expired;
    const boundary = Object.keys(expiries).filter((chunk) => (expiries[chunk]![today] ?? 0) > 0);
    const todays =
      boundary.length === 0 ? [] : await this.shares.findMany({ listExpiry: { $in: boundary.map((chunk) => listExpiryKey(ownerClientId, Number(chunk), today)) } });
    const todayMatching = new Map<number, number>();
    const todayOthers = new Map<number, number>();
    for (const share of todays) {
      const tally = matches(share) ? todayMatching : todayOthers;
      tally.set(chunkOf(share.listPosition), (tally.get(chunkOf(share.listPosition)) ?? 0) + 1);
    }
    const counts = Object.fromEntries(
      Object.entries(expiries).map(([chunk, days]) => [
        chunk,
        Object.entries(days)
          .filter(([day]) => onSide(day))
          .reduce((sum, [, n]) => sum + n, todayMatching.get(Number(chunk)) ?? 0),
      ]),
    );
    const parts = await Promise.all(
      pageSegments(counts, skip, limit).map(async ({ chunk, skip: from, limit: take }) => {
        const days = Object.keys(expiries[String(chunk)] ?? {}).filter(onSide);
        const keys = (withToday: boolean) => ({ listExpiry: { $in: [...days, ...(withToday ? [today] : [])].map((day) => listExpiryKey(ownerClientId, chunk, day)) } });
        if (!boundary.includes(String(chunk))) return this.shares.findMany(keys(false), { sort: { listPosition: 1 }, skip: from, limit: take });
        // Today's shares on the other side of `now` are the only ones read that the page leaves out: read that many more.
        const side = await this.shares.findMany(keys(true), { sort: { listPosition: 1 }, limit: from + take + (todayOthers.get(chunk) ?? 0) });
        return side.filter(matches).slice(from, from + take);
      }),
    );
    return { items: parts.flat(), total: totalOf(counts) };
  }
}
