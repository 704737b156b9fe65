import { decideRefresh, refreshAllowance, REFRESH_WINDOW_MS } from './refresh-limit';

const now = new Date('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const hours = (h: number) => h * 3_600_000;

describe('decideRefresh', () => {
  it('allows the 6th refresh within a day and refuses the 7th until the oldest leaves the window', () => {
    const five = [hours(20), hours(10), hours(5), hours(2), hours(1)].map(ago);
    expect(decideRefresh(five, now, 6)).toEqual({ allowed: true });
    const six = [...five, ago(1000)];
    expect(decideRefresh(six, now, 6)).toEqual({ allowed: false, retryAt: new Date(ago(hours(20)).getTime() + REFRESH_WINDOW_MS) });
  });

  it('does not count requests older than 24 hours; a request exactly 24 hours old has left the window', () => {
    const old = [REFRESH_WINDOW_MS, REFRESH_WINDOW_MS + 1, hours(30), hours(100), hours(150), hours(160)].map(ago);
    expect(decideRefresh(old, now, 6)).toEqual({ allowed: true });
    const justInside = [...old, ...[REFRESH_WINDOW_MS - 1, 1, 2, 3, 4, 5].map(ago)];
    expect(decideRefresh(justInside, now, 6)).toEqual({ allowed: false, retryAt: new Date(now.getTime() + 1) });
  });

  it('with more than the limit recorded, waits for enough of them to leave', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((h) => ago(hours(h)));
    // The 6 newest are 1..6 hours old; the next is allowed when the 6-hour-old one leaves.
    expect(decideRefresh(seven, now, 6)).toEqual({ allowed: false, retryAt: new Date(ago(hours(6)).getTime() + REFRESH_WINDOW_MS) });
  });

  it('counts a refresh recorded a moment after now: another instance decided it later', () => {
    const five = [hours(20), hours(10), hours(5), hours(2)].map(ago);
    const later = new Date(now.getTime() + 5);
    expect(decideRefresh([...five, later, later], now, 6)).toEqual({ allowed: false, retryAt: new Date(ago(hours(20)).getTime() + REFRESH_WINDOW_MS) });
  });
});

describe('refreshAllowance', () => {
  it('counts the refreshes of the last 24 hours, what is left, and when the next is allowed once none is', () => {
    expect(refreshAllowance([], now, 6)).toEqual({ limit: 6, used: 0, remaining: 6, nextAllowedAt: null });
    const some = [hours(30), hours(20), hours(1)].map(ago);
    expect(refreshAllowance(some, now, 6)).toEqual({ limit: 6, used: 2, remaining: 4, nextAllowedAt: null });
    const all = [hours(23), hours(10), hours(5), hours(3), hours(2), hours(1)].map(ago);
    expect(refreshAllowance(all, now, 6)).toEqual({ limit: 6, used: 6, remaining: 0, nextAllowedAt: new Date(ago(hours(23)).getTime() + REFRESH_WINDOW_MS) });
  });
});
