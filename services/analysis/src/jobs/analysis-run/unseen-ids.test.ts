import { createHash, randomUUID } from 'node:crypto';
import { uuidv7 } from '@obp/core';
import { loadAnalysisConfig } from '../../config';
import { CLOCK_SKEW_MS, mayBeOnItsWay } from './unseen-ids';

const WINDOW = 10_000;
const now = new Date('2026-11-29T08:00:00.000Z');
const at = (offsetMs: number) => uuidv7(now.getTime() + offsetMs);

/** An id of the consent service's account form: a UUIDv5 of a hash. */
function accountId(): string {
  const hash = createHash('sha1').update(randomUUID()).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('mayBeOnItsWay', () => {
  it('waits for a consent id made within the visibility window, widened by the clock skew either way (the consent service’s clock may be behind or ahead)', () => {
    for (const offset of [0, -1, -WINDOW + 1, -WINDOW, -WINDOW - CLOCK_SKEW_MS + 1, 1, CLOCK_SKEW_MS]) expect(mayBeOnItsWay(at(offset), 'consent', now, WINDOW)).toBe(true);
  });

  it('does not wait for a consent id made before the window and the clock skew, or further ahead than the clock skew', () => {
    for (const offset of [-WINDOW - CLOCK_SKEW_MS, -WINDOW - CLOCK_SKEW_MS - 1, -86_400_000, CLOCK_SKEW_MS + 1, 86_400_000]) expect(mayBeOnItsWay(at(offset), 'consent', now, WINDOW)).toBe(false);
  });

  it('waits, under the default visibility wait, for a consent made a minute ago whose events the consent service has not published yet (its outbox behind), and not for one an hour old', () => {
    const { ANALYSIS_VISIBILITY_WAIT_MS: defaultWait } = loadAnalysisConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1', KAFKA_BROKERS: '127.0.0.1:1' });
    expect(mayBeOnItsWay(at(-60_000), 'consent', now, defaultWait)).toBe(true);
    expect(mayBeOnItsWay(at(-3_600_000), 'consent', now, defaultWait)).toBe(false);
  });

  it('does not wait for a consent id that is no UUIDv7 (a random v4, another form, garbage)', () => {
    for (const id of [randomUUID(), accountId(), '00000000-0000-0000-0000-000000000000', 'not-an-id', '']) expect(mayBeOnItsWay(id, 'consent', now, WINDOW)).toBe(false);
  });

  it('takes the window it is given: a longer wait waits for an older consent id', () => {
    expect(mayBeOnItsWay(at(-60_000), 'consent', now, WINDOW)).toBe(false);
    expect(mayBeOnItsWay(at(-60_000), 'consent', now, 600_000)).toBe(true);
  });

  it('waits for an account id of the form accounts are made in, whatever its age; not for another', () => {
    expect(mayBeOnItsWay(accountId(), 'account', now, WINDOW)).toBe(true);
    expect(mayBeOnItsWay(accountId().toUpperCase(), 'account', now, WINDOW)).toBe(true);
    for (const id of [randomUUID(), at(0), at(-86_400_000), 'not-an-id']) expect(mayBeOnItsWay(id, 'account', now, WINDOW)).toBe(false);
  });
});
