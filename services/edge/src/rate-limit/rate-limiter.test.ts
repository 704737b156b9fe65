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
    expect(inserts).toBe(3);
    expect(decisions.at(-1)).toMatchObject({ limit: 200, remaining: 140, resetSeconds: 1 });
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
