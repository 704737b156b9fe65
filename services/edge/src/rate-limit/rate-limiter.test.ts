import { connectDatabase, database } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { RateLimitBlocks } from './rate-limit-blocks.repository';
import { RateLimiter, type BlockClaims } from './rate-limiter';

const logger = createLogger('rate-limiter-test', 'silent');
const t0 = 1_700_000_000_000;

describe('RateLimiter (real store)', () => {
  const cleanup = new Cleanup();
  let dbName: string;

  beforeEach(() => {
    dbName = uniqueDbName('ratelimit');
  });
  afterEach(() => cleanup.run());

  /** The blocks as one edge instance sees them: its own connection to the edge's database. */
  async function openBlocks(): Promise<RateLimitBlocks> {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    const blocks = new RateLimitBlocks(connection);
    await blocks.ensureIndexes();
    return blocks;
  }

  /** An edge instance's limiter; the clock stands still, so no block enters during the test. */
  const instance = (claims: BlockClaims, now = () => t0) => new RateLimiter({ claims, logger, now, claimTimeoutMs: 30_000 });

  it('lets two instances on one store share one budget, also when they race', async () => {
    const [first, second] = [instance(await openBlocks()), instance(await openBlocks())];
    const limit = { burst: 10, perSecond: 1 };
    const decisions = await Promise.all(Array.from({ length: 15 }, () => [first.take('client:a', limit), second.take('client:a', limit)]).flat());
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(refused).toMatchObject({ limit: 10, remaining: 0, retryAfterSeconds: 1 });
    // Another key has a bucket of its own.
    expect((await first.take('client:b', limit)).allowed).toBe(true);
  });

  it('peeks at a bucket without taking from it', async () => {
    const limiter = instance(await openBlocks());
    const limit = { burst: 10, perSecond: 1 };
    expect(limiter.peek('client:a', limit)).toMatchObject({ allowed: true, limit: 10, remaining: 10 });
    await limiter.take('client:a', limit);
    expect(limiter.peek('client:a', limit).remaining).toBe(9);
    expect(limiter.peek('client:a', limit).remaining).toBe(9);
    expect((await limiter.take('client:a', limit)).remaining).toBe(8);
  });

  it('claims a block per block of requests, not per request', async () => {
    const blocks = await openBlocks();
    let inserts = 0;
    const counting: BlockClaims = { claim: (id, expiresAt) => ((inserts += 1), blocks.claim(id, expiresAt)) };
    const limiter = instance(counting);
    const limit = { burst: 200, perSecond: 100 };
    const decisions = await Promise.all(Array.from({ length: 60 }, () => limiter.take('client:busy', limit)));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    // Three blocks of 20 used, and the fourth claimed ahead once the third was down to a quarter.
    expect(inserts).toBe(4);
    expect(decisions.at(-1)).toMatchObject({ limit: 200, remaining: 140, resetSeconds: 1 });
  });

  it('lets two instances that claim ahead share one budget: never a token more than the burst, at most a block per instance unused', async () => {
    const [first, second] = [instance(await openBlocks()), instance(await openBlocks())];
    // Blocks of 20 (claimed ahead), ten of them; the clock stands still, so nothing refills.
    const limit = { burst: 200, perSecond: 100 };
    const decisions = await Promise.all(Array.from({ length: 150 }, () => [first.take('client:a', limit), second.take('client:a', limit)]).flat());
    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBeLessThanOrEqual(200);
    // An instance whose requests ended may hold what is left of a block the other one's requests cannot take.
    expect(allowed).toBeGreaterThanOrEqual(200 - 20);
    // Past the burst, both instances refuse.
    const [late1, late2] = await Promise.all([first.take('client:a', limit), second.take('client:a', limit)]);
    expect(allowed + [late1, late2].filter((d) => d.allowed).length).toBeLessThanOrEqual(200);
  });

  it('counts a claim the store does not answer in time as won: each instance limits on its own meanwhile', async () => {
    const silent: BlockClaims = { claim: () => new Promise<boolean>(() => undefined) };
    const limiter = new RateLimiter({ claims: silent, logger, now: () => t0, claimTimeoutMs: 20 });
    const limit = { burst: 3, perSecond: 1 };
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.take('client:a', limit));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
  });

  it('purges the blocks whose time has passed and keeps the others', async () => {
    const blocks = await openBlocks();
    const now = new Date();
    await blocks.claim('client:a#1/1#1', new Date(now.getTime() - 5 * 60_000));
    await blocks.claim('client:a#1/1#2', new Date(now.getTime() - 1000));
    await blocks.claim('client:a#1/1#3', new Date(now.getTime() + 60_000));
    await blocks.claim('client:a#1/1#4', new Date(now.getTime() - 3 * 86_400_000));
    await blocks.purge(now);
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    const left = await database(connection).collection('rate_limit_blocks').find({}, { projection: { _id: 1 } }).toArray();
    expect(left.map((b) => b._id)).toEqual(['client:a#1/1#3']);
  });
});

describe('RateLimiter claims the next block ahead', () => {
  /** Claims the test answers itself, in the order they were made. */
  function answeredByHand() {
    const made: Array<{ id: string; answer: (won: boolean) => void }> = [];
    const claims: BlockClaims = { claim: (id) => new Promise<boolean>((answer) => made.push({ id, answer })) };
    return { claims, made };
  }

  /** Whether `promise` has settled once the microtasks queued now have run. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  }

  const limit = { burst: 200, perSecond: 100 };

  it('claims the next block once a quarter of the held one is left, so the request after it does not wait for the store', async () => {
    const { claims, made } = answeredByHand();
    const limiter = new RateLimiter({ claims, logger, now: () => t0, claimTimeoutMs: 30_000 });
    const first = limiter.take('client:a', limit);
    expect(made).toHaveLength(1);
    made[0]!.answer(true);
    expect((await first).allowed).toBe(true);
    for (let i = 0; i < 13; i++) await limiter.take('client:a', limit);
    // 14 of the block's 20 taken: 6 left, more than a quarter.
    expect(made).toHaveLength(1);
    await limiter.take('client:a', limit);
    expect(made).toHaveLength(2);
    expect(made[1]!.id).not.toBe(made[0]!.id);
    made[1]!.answer(true);
    for (let i = 0; i < 5; i++) await limiter.take('client:a', limit);
    // The first block is used up; the next request takes a token of the block claimed ahead, with no claim of its own.
    const next = limiter.take('client:a', limit);
    expect(await settled(next)).toBe(true);
    expect((await next).allowed).toBe(true);
    expect(made).toHaveLength(2);
  });

  it('makes requests that run out while the claim ahead is unanswered wait for it, and refuses them when another instance won it', async () => {
    const { claims, made } = answeredByHand();
    const limiter = new RateLimiter({ claims, logger, now: () => t0, claimTimeoutMs: 30_000 });
    const first = limiter.take('client:a', limit);
    made[0]!.answer(true);
    await first;
    for (let i = 0; i < 19; i++) await limiter.take('client:a', limit);
    expect(made).toHaveLength(2);
    const waiting = limiter.take('client:a', limit);
    expect(await settled(waiting)).toBe(false);
    // Lost: the request claims the next block itself.
    made[1]!.answer(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toHaveLength(3);
    made[2]!.answer(true);
    expect((await waiting).allowed).toBe(true);
  });

  it('does not claim ahead in buckets of small blocks', async () => {
    const { claims, made } = answeredByHand();
    const limiter = new RateLimiter({ claims, logger, now: () => t0, claimTimeoutMs: 30_000 });
    // Blocks of one token (the token endpoint's kind of limit).
    const small = { burst: 20, perSecond: 1 };
    const first = limiter.take('token-client:a', small);
    made[0]!.answer(true);
    await first;
    expect(made).toHaveLength(1);
  });
});
