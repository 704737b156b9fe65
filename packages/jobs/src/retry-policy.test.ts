import { backoffDelayMs, nextAttemptAt, type BackoffPolicy } from './retry-policy';

describe('backoffDelayMs', () => {
  it('waits the base after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4].map((failures) => backoffDelayMs(failures, 100, 10_000))).toEqual([100, 200, 400, 800]);
  });

  it('never waits longer than the cap', () => {
    expect([5, 6, 7, 50].map((failures) => backoffDelayMs(failures, 100, 1_000))).toEqual([1_000, 1_000, 1_000, 1_000]);
    expect(backoffDelayMs(1, 5_000, 1_000)).toBe(1_000);
  });

  it('waits the base when nothing has failed yet', () => {
    expect(backoffDelayMs(0, 100, 1_000)).toBe(100);
  });
});

describe('nextAttemptAt', () => {
  const policy: BackoffPolicy = { baseMs: 1_000, maxMs: 3_000, maxAttempts: 4 };
  const failedAt = new Date('2024-03-01T12:00:00.000Z');

  it('schedules the next attempt after the back-off of the failures so far', () => {
    expect(nextAttemptAt(policy, 1, failedAt)).toEqual(new Date('2024-03-01T12:00:01.000Z'));
    expect(nextAttemptAt(policy, 2, failedAt)).toEqual(new Date('2024-03-01T12:00:02.000Z'));
    expect(nextAttemptAt(policy, 3, failedAt)).toEqual(new Date('2024-03-01T12:00:03.000Z'));
  });

  it('gives up once the attempts are used up', () => {
    expect(nextAttemptAt(policy, 4, failedAt)).toBeNull();
    expect(nextAttemptAt(policy, 5, failedAt)).toBeNull();
    expect(nextAttemptAt({ ...policy, maxAttempts: 1 }, 1, failedAt)).toBeNull();
  });
});
