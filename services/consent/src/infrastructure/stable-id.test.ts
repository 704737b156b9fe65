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
});
