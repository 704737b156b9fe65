/**
 * An app's shares in list order (the order they were made), kept so that a page and its total cost what the page
 * holds, not what the app has. Every share has a position in its owner's list; positions fall in blocks of
 * `LIST_BLOCK_SIZE`; one list document per app holds each block's counts (live shares, and of them those not yet
 * moved to expired). A page reads that document, then the one or two blocks it spans. The size weighs the two: the
 * local store decodes every value of the list document on each page (two counts and a version per block), and
 * sorts a block's shares to skip into it.
 */
export const LIST_BLOCK_SIZE = 500;

/** The block a list position falls in (positions below 0 are those given to shares made before the lists). */
export const blockOf = (position: number): number => Math.floor(position / LIST_BLOCK_SIZE);

/** The first and last position of a block. */
export const positionsOf = (block: number): { low: number; high: number } => ({ low: block * LIST_BLOCK_SIZE, high: (block + 1) * LIST_BLOCK_SIZE - 1 });

/** The key a block's shares are found by (an owner id may hold '/': the block is what follows the last one). */
export const listBlockKey = (ownerClientId: string, block: number): string => `${ownerClientId}/${block}`;

/** The UTC minute (minutes since the epoch) a time falls in. */
export const minuteOf = (at: Date): number => Math.floor(at.getTime() / 60_000);

/** The key an owner's shares due to be moved to expired in one UTC minute are found by. */
export const listDueKey = (ownerClientId: string, minute: number): string => `${ownerClientId}|${minute}`;

/**
 * How far behind the current minute the mover stays: a share is written not yet moved only when it expires after
 * its writer's now, and a change ends within `CHANGE_WINDOW_MS` of that now, so a minute this far back holds no
 * share still to be written into it (with more than a minute to spare for clocks apart).
 */
export const MOVE_LAG_MINUTES = 3;

/**
 * A tracked change writes its share only within half of this after it began (it gives up before writing after that;
 * each write is bounded by the store's 15 s), so a share is written within about 75 s of its writer's now.
 */
export const CHANGE_WINDOW_MS = 60_000;

/**
 * Whether a share written at `now` is written already moved to expired: it has expired by then. Otherwise it is
 * counted unexpired and found by its minute of expiry until the mover moves it.
 */
export const writtenExpired = (expiration: Date, now: Date): boolean => expiration.getTime() <= now.getTime();

/** What a share contributes to its block's counts. */
export interface Counted {
  block: number;
  live: number;
  unexpired: number;
}

/** A positioned share's contribution to its block (a share without a position is in no list). */
export function countedOf(share: { listPosition?: number | null; listExpired?: boolean }): Counted | null {
  if (share.listPosition === null || share.listPosition === undefined) return null;
  return { block: blockOf(share.listPosition), live: 1, unexpired: share.listExpired === false ? 1 : 0 };
}

/** What one change does to the list document's counts, as `$inc` amounts (null: nothing). */
export type CountDelta = Record<string, number>;

/** The `$inc` taking a share's contribution from `before` to `after` (null for one that is no longer live or not yet). */
export function countDelta(before: Counted | null, after: Counted | null): CountDelta | null {
  const delta: CountDelta = {};
  const add = (counted: Counted | null, sign: number) => {
    if (!counted) return;
    for (const field of ['live', 'unexpired'] as const) {
      const key = `${field}.${counted.block}`;
      delta[key] = (delta[key] ?? 0) + sign * counted[field];
    }
  };
  add(after, 1);
  add(before, -1);
  for (const key of Object.keys(delta)) if (delta[key] === 0) delete delta[key];
  return Object.keys(delta).length > 0 ? delta : null;
}

/** Adds two deltas (the mover's of several shares of a block). */
export function sumDeltas(a: CountDelta | null, b: CountDelta | null): CountDelta | null {
  const sum: CountDelta = { ...a };
  for (const [key, n] of Object.entries(b ?? {})) sum[key] = (sum[key] ?? 0) + n;
  for (const key of Object.keys(sum)) if (sum[key] === 0) delete sum[key];
  return Object.keys(sum).length > 0 ? sum : null;
}

/** A part of a page: `limit` matching shares from `skip` on in one block, in list order. */
export interface BlockSegment {
  block: number;
  skip: number;
  limit: number;
}

/**
 * The blocks holding the matching shares from `skip` to `skip + limit`, given each block's number of matching
 * shares, walked in block order; blocks with none (or, while a crash's effect waits for the reconciler, fewer than
 * none) are passed over.
 */
export function pageSegments(matching: ReadonlyMap<number, number>, skip: number, limit: number): BlockSegment[] {
  const segments: BlockSegment[] = [];
  let before = 0;
  let wanted = limit;
  for (const block of [...matching.keys()].sort((x, y) => x - y)) {
    const count = matching.get(block)!;
    if (wanted <= 0) break;
    if (count <= 0) continue;
    if (before + count <= skip) {
      before += count;
      continue;
    }
    const from = Math.max(0, skip - before);
    const take = Math.min(count - from, wanted);
    segments.push({ block, skip: from, limit: take });
    wanted -= take;
    before += count;
  }
  return segments;
}

/** The total of the matching counts, never below 0 per block. */
export const totalOf = (matching: ReadonlyMap<number, number>): number => [...matching.values()].reduce((sum, count) => sum + Math.max(0, count), 0);

/** The list document's counts, by block. */
export interface ListCounts {
  live: Record<string, number>;
  unexpired: Record<string, number>;
}

/**
 * Each block's number of matching shares: all live ones, or those expired (or not) at a time when `dueExpired`
 * (block -> how many) of the shares counted unexpired have expired and are not yet moved.
 */
export function matchingCounts(counts: ListCounts, expired: boolean | null, dueExpired: ReadonlyMap<number, number>): Map<number, number> {
  const matching = new Map<number, number>();
  for (const [key, live] of Object.entries(counts.live)) {
    const block = Number(key);
    const unexpired = counts.unexpired[key] ?? 0;
    const due = dueExpired.get(block) ?? 0;
    matching.set(block, expired === null ? live : expired ? live - unexpired + due : unexpired - due);
  }
  return matching;
}

/**
 * Where to read a block's part of a page from: its rows of one kind (`listExpired` as asked) in list order, from
 * row `from`, `count` of them, where the matching shares are those rows less `exclude` (shares of the kind read
 * that do not match: due, expired, not yet moved) plus `include` (matching shares of the other kind: the same due
 * ones, for a page of expired shares), read beside it.
 */
export function blockRead(skip: number, limit: number, include: number, exclude: number): { from: number; count: number } {
  return { from: Math.max(0, skip - include), count: limit + include + exclude };
}

interface Positioned {
  listPosition?: number | null;
}

/**
 * A block's part of a page: the matching shares ranked `skip` to `skip + limit` among `rows` (read as `blockRead`
 * says, from row `from`) less those at `exclude`'s positions, plus `include` (whole shares, of the block).
 * A row's rank is its row number, less the excluded before it, plus the included before it; an included share's
 * rank is the rows before it plus the included before it, known when the rows read reach past it, and otherwise
 * outside the page: before it when it precedes the first row read from a row after the first, after it when it
 * follows the last row of a full read.
 */
export function pickPage<T extends Positioned>(rows: readonly T[], from: number, skip: number, limit: number, include: readonly T[], exclude: readonly number[]): T[] {
  const pos = (share: T) => share.listPosition!;
  const excluded = new Set(exclude);
  const wanted = blockRead(skip, limit, include.length, exclude.length);
  const full = rows.length >= wanted.count;
  const includedSorted = [...include].sort((x, y) => pos(x) - pos(y));
  const ranked: Array<{ share: T; rank: number }> = [];
  rows.forEach((row, i) => {
    if (excluded.has(pos(row))) return;
    const excludedBefore = exclude.filter((p) => p < pos(row)).length;
    const includedBefore = includedSorted.filter((s) => pos(s) < pos(row)).length;
    ranked.push({ share: row, rank: from + i - excludedBefore + includedBefore });
  });
  includedSorted.forEach((share, j) => {
    if (rows.length === 0 ? from > 0 : pos(share) < pos(rows[0]!) && from > 0) return;
    if (full && rows.length > 0 && pos(share) > pos(rows[rows.length - 1]!)) return;
    const rowsBefore = rows.filter((row) => pos(row) < pos(share) && !excluded.has(pos(row))).length;
    const excludedBeforeWindow = exclude.filter((p) => rows.length > 0 && p < pos(rows[0]!)).length;
    ranked.push({ share, rank: from - excludedBeforeWindow + rowsBefore + j });
  });
  return ranked
    .filter(({ rank }) => rank >= skip && rank < skip + limit)
    .sort((x, y) => pos(x.share) - pos(y.share))
    .map(({ share }) => share);
}
