import { createHash } from 'node:crypto';
import { stableId } from './stable-id';

describe('stableId', () => {
  it('is a version-5-layout GUID, the same for the same parts and different otherwise', () => {
    const id = stableId('consent', 'transaction', 'acc-1', 'tx-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableId('consent', 'transaction', 'acc-1', 'tx-1')).toBe(id);
    expect(stableId('consent', 'transaction', 'acc-1', 'tx-2')).not.toBe(id);
    // Parts are separated, so shifting a boundary changes the id.
    expect(stableId('ab', 'c')).not.toBe(stableId('a', 'bc'));
  });

  it('is the id stored transactions already have: the first 16 bytes of the SHA-1 with the version and variant bits set', () => {
    const asBefore = (...parts: string[]) => {
      const digest = createHash('sha1').update(parts.join('\u0000')).digest();
      digest[6] = (digest[6]! & 0x0f) | 0x50;
      digest[8] = (digest[8]! & 0x3f) | 0x80;
      const hex = digest.toString('hex', 0, 16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    for (let n = 0; n < 200; n++) {
      const parts = ['c-1', 'transaction', `iban:NL${n}`, `ref:${n * 7919}`];
      expect(stableId(...parts)).toBe(asBefore(...parts));
    }
  });
});
