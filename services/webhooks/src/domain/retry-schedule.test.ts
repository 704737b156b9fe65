import { parseRetrySchedule, retryAfterMs, retryDelayMs } from './retry-schedule';

describe('retry schedule', () => {
  it('reads the default schedule', () => {
    expect(parseRetrySchedule('5s,5m,30m,2h,5h,10h,14h,20h,24h')).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000]);
    expect(parseRetrySchedule('500ms, 1s')).toEqual([500, 1_000]);
  });

  it('names a part it cannot read', () => {
    expect(parseRetrySchedule('5s,soon')).toBe("'soon' is not a delay such as 500ms, 5s, 5m, 2h or 1d");
  });

  it('gives the delay after each failed attempt, within a tenth either way, then null', () => {
    const schedule = [5_000, 300_000];
    expect(retryDelayMs(schedule, 1, 0)).toBe(4_500);
    expect(retryDelayMs(schedule, 1, 0.5)).toBe(5_000);
    expect(retryDelayMs(schedule, 2, 0.999999)).toBe(330_000);
    expect(retryDelayMs(schedule, 3, 0.5)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, capped', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryAfterMs('120', now, 86_400_000)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:01:00 GMT', now, 86_400_000)).toBe(60_000);
    expect(retryAfterMs('999999', now, 86_400_000)).toBe(86_400_000);
    expect(retryAfterMs('soon', now, 86_400_000)).toBeNull();
    expect(retryAfterMs(null, now, 86_400_000)).toBeNull();
  });
});
