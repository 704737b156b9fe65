import type { RateLimit } from '@obp/contracts';

/**
 * A token bucket of `burst` tokens refilled at `perSecond`, cut into blocks so that several edge
 * instances can share it through unique inserts alone: one insert a block, never a read-modify-write of a
 * shared counter, so each request costs the store nothing until its block is used up. Time is numbered in blocks of `durationMs` from the
 * epoch; block `j` stands for `size` tokens. At an instant the bucket is the `count` blocks from the
 * current one on: a block one instance claimed is the bucket's debt until its time has passed, and
 * as time moves on one block of `size` tokens enters at the far end every `durationMs`, which is the
 * refill at `perSecond`. (GCRA, in blocks: a claimed slot is a theoretical arrival time.)
 */
export interface BucketGeometry {
  /** Tokens of one block. */
  size: number;
  /** Blocks of a full bucket; the burst is size × count. */
  count: number;
  /** The time a block stands for: size / perSecond. */
  durationMs: number;
}

/** At most this many blocks per bucket, however large the burst (an instance may probe each once). */
const MAX_BLOCKS = 64;

/** Blocks of about `blockMs` of the refill rate: larger blocks cost fewer store writes and waste more when an instance holds one it does not use up. */
export function bucketGeometry(limit: RateLimit, blockMs: number): BucketGeometry {
  const target = Math.max(1, Math.round((limit.perSecond * blockMs) / 1000), Math.ceil(limit.burst / MAX_BLOCKS));
  const count = Math.max(1, Math.ceil(limit.burst / target));
  const size = Math.max(1, Math.floor(limit.burst / count));
  return { size, count, durationMs: (size * 1000) / limit.perSecond };
}

/** What one request's look at its bucket decided, with the figures of its RateLimit headers. */
export interface RateLimitDecision {
  allowed: boolean;
  /** The burst (RateLimit-Limit). */
  limit: number;
  /** Tokens left as this instance knows (RateLimit-Remaining). */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until a block enters the bucket (Retry-After of a refusal), at least 1. */
  retryAfterSeconds: number;
}

/**
 * One instance's view of one shared bucket: the blocks it holds (claimed by it, with the tokens it has
 * not handed out yet) and the blocks it knows to be claimed by any instance. Blocks whose time has passed
 * are forgotten: their tokens are gone (a held block's unused tokens too, or an instance could save a
 * burst for later), and they no longer count against the bucket.
 */
export class BlockBucket {
  readonly geometry: BucketGeometry;
  private readonly held = new Map<number, number>();
  private readonly claimed = new Set<number>();
  /** The current block when the past was last forgotten: within one block there is nothing new to forget. */
  private forgottenBefore = Number.NEGATIVE_INFINITY;

  constructor(readonly limit: RateLimit, blockMs: number) {
    this.geometry = bucketGeometry(limit, blockMs);
  }

  blockAt(now: number): number {
    return Math.floor(now / this.geometry.durationMs);
  }

  /** When a block's time has passed: after it, it is no longer the bucket's debt. */
  blockEnd(block: number): number {
    return (block + 1) * this.geometry.durationMs;
  }

  /** Hands out a token of a held block, the one that passes first; false when this instance holds none. */
  takeHeld(now: number): boolean {
    this.forgetPast(now);
    let first: number | undefined;
    for (const block of this.held.keys()) if (first === undefined || block < first) first = block;
    if (first === undefined) return false;
    const left = this.held.get(first)! - 1;
    if (left > 0) this.held.set(first, left);
    else this.held.delete(first);
    return true;
  }

  /** Tokens of the blocks this instance holds, not handed out yet (as of the last look at the clock). */
  heldTokens(): number {
    let tokens = 0;
    for (const left of this.held.values()) tokens += left;
    return tokens;
  }

  /** The block to claim next: the furthest of the bucket not known to be claimed (held, it stays usable longest); undefined when none is left. */
  nextToClaim(now: number): number | undefined {
    this.forgetPast(now);
    const current = this.blockAt(now);
    for (let block = current + this.geometry.count - 1; block >= current; block--) if (!this.claimed.has(block)) return block;
    return undefined;
  }

  /** This instance claimed `block`: its tokens are this instance's to hand out. */
  won(block: number): void {
    this.claimed.add(block);
    this.held.set(block, this.geometry.size);
    // A claim the store answered late may be for a block whose time has passed meanwhile.
    this.forgottenBefore = Number.NEGATIVE_INFINITY;
  }

  /** Another instance had claimed `block`. */
  lost(block: number): void {
    this.claimed.add(block);
    this.forgottenBefore = Number.NEGATIVE_INFINITY;
  }

  /** Tokens left: those of held blocks and of every block not known to be claimed. */
  remaining(now: number): number {
    this.forgetPast(now);
    let tokens = (this.geometry.count - this.claimed.size) * this.geometry.size;
    for (const left of this.held.values()) tokens += left;
    return tokens;
  }

  decision(allowed: boolean, now: number): RateLimitDecision {
    const limit = this.geometry.size * this.geometry.count;
    const remaining = this.remaining(now);
    const nextBlockIn = this.blockEnd(this.blockAt(now)) - now;
    return {
      allowed,
      limit,
      remaining,
      resetSeconds: Math.ceil((limit - remaining) / this.limit.perSecond),
      retryAfterSeconds: Math.max(1, Math.ceil(nextBlockIn / 1000)),
    };
  }

  /** Nothing held nor known claimed: the bucket is full and its state may go. */
  isIdle(now: number): boolean {
    this.forgetPast(now);
    return this.claimed.size === 0;
  }

  private forgetPast(now: number): void {
    const current = this.blockAt(now);
    if (current === this.forgottenBefore) return;
    this.forgottenBefore = current;
    for (const block of this.claimed) {
      if (block >= current) continue;
      this.claimed.delete(block);
      this.held.delete(block);
    }
  }
}
