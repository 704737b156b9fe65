import { afterAttempt, MAX_SIGNING_KEYS, newEndpoint, rotateKey, signingKeys, wantsEvent } from './webhook-endpoint';

const now = new Date('2030-01-01T00:00:00Z');
const DAY = 86_400_000;
const endpoint = () => newEndpoint({ id: 'ep', ownerClientId: 'app', url: 'https://example.com/h', description: null, events: ['share.created'] }, now);

describe('webhook endpoints', () => {
  it('sign with the new key and the rotated-out one during the grace period, then the new one alone', () => {
    const original = endpoint();
    const rotated = rotateKey(original, now, DAY);
    expect(signingKeys(rotated, now)).toEqual([rotated.keys[0]!.key, original.keys[0]!.key]);
    expect(signingKeys(rotated, new Date(now.getTime() + DAY))).toEqual([rotated.keys[0]!.key]);
  });

  it('keep every rotated-out key until its own grace ends when rotated again, at most three keys in all', () => {
    const original = endpoint();
    const once = rotateKey(original, now, DAY);
    const twice = rotateKey(once, new Date(now.getTime() + 1000), DAY);
    expect(signingKeys(twice, new Date(now.getTime() + 2000))).toEqual([twice.keys[0]!.key, once.keys[0]!.key, original.keys[0]!.key]);
    // The original's grace ends a day after the first rotation, the first rotation's key's a day after the second.
    expect(signingKeys(twice, new Date(now.getTime() + DAY))).toEqual([twice.keys[0]!.key, once.keys[0]!.key]);

    const thrice = rotateKey(twice, new Date(now.getTime() + 2000), DAY);
    expect(thrice.keys).toHaveLength(MAX_SIGNING_KEYS);
    expect(signingKeys(thrice, new Date(now.getTime() + 3000))).toEqual([thrice.keys[0]!.key, twice.keys[0]!.key, once.keys[0]!.key]);
  });

  it('drop rotated-out keys whose grace has ended when rotated again', () => {
    const once = rotateKey(endpoint(), now, DAY);
    const later = rotateKey(once, new Date(now.getTime() + 2 * DAY), DAY);
    expect(later.keys.map((k) => k.key)).toEqual([later.keys[0]!.key, once.keys[0]!.key]);
  });

  it('get events of their types that happened after they were created', () => {
    expect(wantsEvent(endpoint(), 'share.created', now)).toBe(true);
    expect(wantsEvent(endpoint(), 'share.deleted', now)).toBe(false);
    expect(wantsEvent(endpoint(), 'share.created', new Date(now.getTime() - 1))).toBe(false);
    expect(wantsEvent({ ...endpoint(), enabled: false }, 'share.created', now)).toBe(false);
  });

  it('are disabled by a 410, or after failing every attempt for the limit; a success ends the streak', () => {
    expect(afterAttempt(endpoint(), 'gone', now, 5 * DAY)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const failing = afterAttempt(endpoint(), 'failed', now, 5 * DAY)!;
    expect(failing.failingSince).toEqual(now);
    expect(afterAttempt(failing, 'failed', new Date(now.getTime() + 4 * DAY), 5 * DAY)).toBeNull();
    expect(afterAttempt(failing, 'failed', new Date(now.getTime() + 5 * DAY), 5 * DAY)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(afterAttempt(failing, 'succeeded', now, 5 * DAY)).toMatchObject({ failingSince: null });
    expect(afterAttempt(endpoint(), 'succeeded', now, 5 * DAY)).toBeNull();
  });
});
