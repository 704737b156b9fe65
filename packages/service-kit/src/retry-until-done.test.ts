import { createLogger } from '@obp/telemetry';
import { retryUntilDone } from './retry-until-done';

const logger = createLogger('test', 'silent');

describe('retryUntilDone (a start step tried again until it works)', () => {
  it('tries again after each failure and answers what the first success gave', async () => {
    let calls = 0;
    const result = await retryUntilDone(
      'creating topics',
      async () => {
        calls++;
        if (calls < 3) throw new Error(`refused ${calls}`);
        return 'created';
      },
      { signal: new AbortController().signal, logger, baseDelayMs: 1 },
    );
    expect({ result, calls }).toEqual({ result: 'created', calls: 3 });
  });

  it('stops when told, throwing the last failure, and does not try again after that', async () => {
    const stop = new AbortController();
    let calls = 0;
    const retrying = retryUntilDone(
      'connecting the producer',
      async () => {
        calls++;
        if (calls === 2) stop.abort();
        throw new Error(`refused ${calls}`);
      },
      { signal: stop.signal, logger, baseDelayMs: 1 },
    );
    await expect(retrying).rejects.toThrow('refused 2');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(2);
  });

  it('gives up after the time it is given, throwing the last failure', async () => {
    let calls = 0;
    const retrying = retryUntilDone(
      'creating topics',
      async () => {
        calls++;
        throw new Error(`refused ${calls}`);
      },
      { signal: new AbortController().signal, logger, baseDelayMs: 5, maxDelayMs: 5, giveUpAfterMs: 50 },
    );
    await expect(retrying).rejects.toThrow(/^refused \d+$/);
    expect(calls).toBeGreaterThan(1);
  });
});
