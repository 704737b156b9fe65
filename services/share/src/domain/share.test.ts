import { expirationOrDefault, isExpired } from './share';

describe('share rules', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('defaults the expiration to one day after the request', () => {
    expect(expirationOrDefault(undefined, now).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(expirationOrDefault(null, now).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(expirationOrDefault(new Date('2030-01-01T00:00:00Z'), now).toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });
  it('is expired from its expiration instant on', () => {
    expect(isExpired({ expirationDateUtc: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isExpired({ expirationDateUtc: now }, now)).toBe(true);
  });
});
