import { BlockBucket, bucketGeometry } from './token-bucket';

describe('bucketGeometry', () => {
  it('cuts the burst into blocks of about blockMs of the refill', () => {
    expect(bucketGeometry({ burst: 200, perSecond: 100 }, 200)).toEqual({ size: 20, count: 10, durationMs: 200 });
    expect(bucketGeometry({ burst: 3, perSecond: 1 }, 200)).toEqual({ size: 1, count: 3, durationMs: 1000 });
  });

  it('makes one block of a burst smaller than a block, and at most 64 blocks of a large burst', () => {
    expect(bucketGeometry({ burst: 5, perSecond: 100 }, 200)).toEqual({ size: 5, count: 1, durationMs: 50 });
    const large = bucketGeometry({ burst: 100_000, perSecond: 1 }, 200);
    expect(large.count).toBeLessThanOrEqual(64);
    expect(large.size * large.count).toBeLessThanOrEqual(100_000);
    expect(large.size * large.count).toBeGreaterThan(100_000 - 64);
  });

  it('refills at perSecond: size tokens every durationMs', () => {
    for (const limit of [{ burst: 250, perSecond: 100 }, { burst: 7, perSecond: 0.5 }, { burst: 1_000_000, perSecond: 100_000 }]) {
      const g = bucketGeometry(limit, 200);
      expect((g.size * 1000) / g.durationMs).toBeCloseTo(limit.perSecond, 9);
    }
  });
});

/** One instance's bucket that claims every block it asks for (as if alone). */
function takeAlone(bucket: BlockBucket, now: number): boolean {
  if (bucket.takeHeld(now)) return true;
  const block = bucket.nextToClaim(now);
  if (block === undefined) return false;
  bucket.won(block);
  return bucket.takeHeld(now);
}

describe('BlockBucket', () => {
  const limit = { burst: 3, perSecond: 1 };
  const t0 = 1_700_000_000_000;

  it('admits the burst at once, then refuses until a block enters, and refills at the rate', () => {
    const bucket = new BlockBucket(limit, 200);
    expect([takeAlone(bucket, t0), takeAlone(bucket, t0), takeAlone(bucket, t0)]).toEqual([true, true, true]);
    expect(takeAlone(bucket, t0)).toBe(false);
    expect(takeAlone(bucket, t0 + 999)).toBe(false);
    expect(takeAlone(bucket, t0 + 1000)).toBe(true);
    expect(takeAlone(bucket, t0 + 1000)).toBe(false);
    expect(takeAlone(bucket, t0 + 2000)).toBe(true);
  });

  it('never holds more than the burst after a pause (tokens of past blocks are gone)', () => {
    const bucket = new BlockBucket(limit, 200);
    takeAlone(bucket, t0);
    const later = t0 + 60_000;
    expect([takeAlone(bucket, later), takeAlone(bucket, later), takeAlone(bucket, later), takeAlone(bucket, later)]).toEqual([true, true, true, false]);
  });

  it('admits at most burst + rate × elapsed over any span, whatever the arrivals', () => {
    const bucket = new BlockBucket({ burst: 200, perSecond: 100 }, 200);
    const admitted: number[] = [];
    for (let at = t0; at < t0 + 10_000; at += 3) if (takeAlone(bucket, at)) admitted.push(at);
    for (const [from, span] of [[t0, 1000], [t0 + 2500, 500], [t0 + 4000, 5000]] as const) {
      const inSpan = admitted.filter((at) => at >= from && at < from + span).length;
      // One block more than the burst: a block's tokens may go in its last instant and the next block's in the first.
      expect(inSpan).toBeLessThanOrEqual(200 + (100 * span) / 1000 + 20);
    }
    // Sustained: about the rate.
    expect(admitted.length).toBeGreaterThanOrEqual(200 + 100 * 9);
  });

  it('counts what another instance claimed against the bucket', () => {
    const mine = new BlockBucket(limit, 200);
    const block = mine.nextToClaim(t0)!;
    mine.lost(block);
    expect(mine.remaining(t0)).toBe(2);
    expect(takeAlone(mine, t0)).toBe(true);
    expect(takeAlone(mine, t0)).toBe(true);
    expect(takeAlone(mine, t0)).toBe(false);
  });

  it('tells the headers: the burst, what is left, seconds until full; Retry-After until the next block, at least 1', () => {
    const bucket = new BlockBucket(limit, 200);
    takeAlone(bucket, t0 + 400);
    expect(bucket.decision(true, t0 + 400)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 1, retryAfterSeconds: 1 });
    takeAlone(bucket, t0 + 400);
    takeAlone(bucket, t0 + 400);
    expect(bucket.decision(false, t0 + 400)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 3, retryAfterSeconds: 1 });
    const slow = new BlockBucket({ burst: 1, perSecond: 0.1 }, 200);
    takeAlone(slow, t0);
    expect(slow.decision(false, t0).retryAfterSeconds).toBe(10);
  });

  it('hands out nothing of a block whose claim was answered after its time had passed', () => {
    const bucket = new BlockBucket(limit, 200);
    const block = bucket.nextToClaim(t0)!;
    expect(bucket.remaining(t0 + 5000)).toBe(3);
    bucket.won(block);
    expect(bucket.takeHeld(t0 + 5000)).toBe(false);
  });

  it('is idle, its state free to go, once every block it knew has passed', () => {
    const bucket = new BlockBucket(limit, 200);
    takeAlone(bucket, t0);
    expect(bucket.isIdle(t0)).toBe(false);
    expect(bucket.isIdle(t0 + 3000)).toBe(true);
  });
});
