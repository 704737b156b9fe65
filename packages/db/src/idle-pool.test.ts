import timers from 'node:timers';
import { testEnv, uniqueName } from '@obp/testkit';
import { connectDatabase, isDatabaseReady } from './index';

// An idle stack's cost is mostly its processes waking up for nothing: the driver's connection pool
// used to check its minimum size every 100 ms, ten wake-ups a second per pool (patches/mongoose++mongodb).
test('an idle connection pool arms no timer shorter than 10 s', async () => {
  const delays: number[] = [];
  const setTimeoutSpy = jest.spyOn(timers, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
    delays.push(ms ?? 0);
    return setTimeout(callback, ms);
  }) as typeof timers.setTimeout);
  const connection = await connectDatabase(testEnv().mongoUri, uniqueName('idle_pool'));
  try {
    await isDatabaseReady(connection);
    // Idle for a while: the pool re-arms its check each time it runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const poolChecks = delays.filter((ms) => ms > 0 && ms < 10_000);
    expect(poolChecks).toEqual([]);
  } finally {
    setTimeoutSpy.mockRestore();
    await connection.close();
  }
});
