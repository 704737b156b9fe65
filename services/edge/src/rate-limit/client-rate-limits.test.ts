import type { RateLimit } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { ClientRateLimits } from './client-rate-limits';

const logger = createLogger('client-rate-limits-test', 'silent');
const fallback: RateLimit = { burst: 200, perSecond: 100 };

/** The client records' reads, each answered by the test. */
function readsByHand() {
  const reads: Array<{ clientId: string; answer: (limit: RateLimit | null) => void }> = [];
  const clients = { rateLimitOf: (clientId: string) => new Promise<RateLimit | null>((answer) => reads.push({ clientId, answer })) };
  return { clients, reads };
}

/** The value of `promise` if it has settled once the microtasks queued now have run, else 'pending'. */
async function settledValue<T>(promise: Promise<T>): Promise<T | 'pending'> {
  let value: T | 'pending' = 'pending';
  void promise.then((v) => (value = v));
  await new Promise((resolve) => setImmediate(resolve));
  return value;
}

describe('ClientRateLimits', () => {
  it('makes an app’s first request wait for its record, then answers from memory for the minute', async () => {
    const { clients, reads } = readsByHand();
    let now = 0;
    const limits = new ClientRateLimits(clients, fallback, logger, { now: () => now, readTimeoutMs: 60_000 });
    const first = limits.of('app');
    expect(await settledValue(first)).toBe('pending');
    reads[0]!.answer({ burst: 5, perSecond: 1 });
    expect(await first).toEqual({ burst: 5, perSecond: 1 });
    now = 59_999;
    expect(await limits.of('app')).toEqual({ burst: 5, perSecond: 1 });
    expect(reads).toHaveLength(1);
  });

  it('goes on under the known limit while it reads the record again after the minute, then applies what it read', async () => {
    const { clients, reads } = readsByHand();
    let now = 0;
    const limits = new ClientRateLimits(clients, fallback, logger, { now: () => now, readTimeoutMs: 60_000 });
    const first = limits.of('app');
    reads[0]!.answer({ burst: 5, perSecond: 1 });
    await first;
    now = 60_000;
    // The read again is under way and unanswered: the requests meanwhile do not wait for it, and make no other read.
    expect(await settledValue(limits.of('app'))).toEqual({ burst: 5, perSecond: 1 });
    expect(await settledValue(limits.of('app'))).toEqual({ burst: 5, perSecond: 1 });
    expect(reads).toHaveLength(2);
    reads[1]!.answer({ burst: 50, perSecond: 10 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await limits.of('app')).toEqual({ burst: 50, perSecond: 10 });
    expect(reads).toHaveLength(2);
  });

  it('gives the default to an app whose record has no limit of its own', async () => {
    const { clients, reads } = readsByHand();
    const limits = new ClientRateLimits(clients, fallback, logger, { now: () => 0 });
    const first = limits.of('app');
    reads[0]!.answer(null);
    expect(await first).toEqual(fallback);
  });
});
