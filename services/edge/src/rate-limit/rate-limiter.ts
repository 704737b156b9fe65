import { TIMED_OUT, within } from './within';
import type { RateLimit } from '@obp/contracts';
import type { Logger } from '@obp/telemetry';
import { BlockBucket, type RateLimitDecision } from './token-bucket';

/** Where the instances claim blocks: true when this caller's claim won. */
export interface BlockClaims {
  claim(id: string, expiresAt: Date): Promise<boolean>;
}

export interface RateLimiterOptions {
  claims: BlockClaims;
  logger: Logger;
  /** About how much of the refill one block holds (see `bucketGeometry`). */
  blockMs?: number;
  /** A claim the store has not answered by then counts as won: the limit holds per instance while the store is slow or down. */
  claimTimeoutMs?: number;
  now?: () => number;
}

/** A block's record outlives its time by this much, for instances whose clocks run behind. */
const EXPIRY_MARGIN_MS = 60_000;

/** Blocks of at least this many tokens are claimed ahead; a bucket of smaller blocks is a slow one (token requests), where a wait per block costs little. */
export const CLAIM_AHEAD_MIN_BLOCK = 8;

/**
 * Token buckets shared by the edge instances: each request takes a token of a block this instance
 * holds, in memory; only when it holds none does it claim the next block in the store (one insert per
 * block, so per `size` requests). Concurrent requests of one bucket wait for the same claim.
 *
 * Claimed ahead: once the tokens this instance holds fall to a quarter of a block, the next block is
 * claimed in the background, so a steady stream of requests does not wait for the store at each block's
 * end. That changes no bound: a token is still handed out only from a block this instance won by its
 * unique insert. What it costs is at most one block held and not yet used per bucket and instance, which
 * another instance cannot take until its time has passed.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, BlockBucket>();
  private readonly claiming = new Map<string, Promise<void>>();
  private readonly blockMs: number;
  private readonly claimTimeoutMs: number;
  private readonly now: () => number;
  private lastStoreWarning = 0;

  constructor(private readonly options: RateLimiterOptions) {
    this.blockMs = options.blockMs ?? 200;
    this.claimTimeoutMs = options.claimTimeoutMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** Takes one token of `key`'s bucket under `limit` (a changed limit starts a bucket of its own). */
  async take(key: string, limit: RateLimit): Promise<RateLimitDecision> {
    const id = `${key}#${limit.burst}/${limit.perSecond}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      bucket = new BlockBucket(limit, this.blockMs);
      this.buckets.set(id, bucket);
    }
    for (;;) {
      const now = this.now();
      if (bucket.takeHeld(now)) {
        if (bucket.geometry.size >= CLAIM_AHEAD_MIN_BLOCK && !this.claiming.has(id) && bucket.heldTokens() * 4 <= bucket.geometry.size) this.claimAhead(id, bucket, now);
        return bucket.decision(true, now);
      }
      const pending = this.claiming.get(id);
      if (pending) {
        await pending;
        continue;
      }
      const block = bucket.nextToClaim(now);
      if (block === undefined) return bucket.decision(false, now);
      const claim = this.claim(id, bucket, block).finally(() => this.claiming.delete(id));
      this.claiming.set(id, claim);
      await claim;
    }
  }

  /** What `take` would report of `key`'s bucket now, taking nothing (a bucket this instance never used is full). */
  peek(key: string, limit: RateLimit): RateLimitDecision {
    const now = this.now();
    const bucket = this.buckets.get(`${key}#${limit.burst}/${limit.perSecond}`) ?? new BlockBucket(limit, this.blockMs);
    return bucket.decision(true, now);
  }

  /** Drops the state of full buckets (run now and then). */
  sweep(): void {
    const now = this.now();
    for (const [id, bucket] of this.buckets) if (!this.claiming.has(id) && bucket.isIdle(now)) this.buckets.delete(id);
  }

  /** The next block, claimed while this instance still holds tokens; requests that run out meanwhile wait for it as for any claim. */
  private claimAhead(id: string, bucket: BlockBucket, now: number): void {
    const block = bucket.nextToClaim(now);
    if (block === undefined) return;
    this.claiming.set(id, this.claim(id, bucket, block).finally(() => this.claiming.delete(id)));
  }

  private async claim(id: string, bucket: BlockBucket, block: number): Promise<void> {
    const expiresAt = new Date(bucket.blockEnd(block) + EXPIRY_MARGIN_MS);
    try {
      const won = await within(this.options.claims.claim(`${id}#${block}`, expiresAt), this.claimTimeoutMs);
      if (won === TIMED_OUT) {
        this.warn(new Error(`the store did not answer a rate-limit claim within ${this.claimTimeoutMs} ms`));
        bucket.won(block);
      } else if (won) bucket.won(block);
      else bucket.lost(block);
    } catch (error) {
      this.warn(error);
      bucket.won(block);
    }
  }

  /** At most one warning in 10 s: the store being down would otherwise log once per block. */
  private warn(error: unknown): void {
    const now = this.now();
    if (now - this.lastStoreWarning < 10_000) return;
    this.lastStoreWarning = now;
    this.options.logger.warn({ err: error }, 'rate-limit claims fail; each edge instance limits on its own meanwhile');
  }
}
