import { targetsShardKey } from './query-plans';

describe('targetsShardKey', () => {
  const key = ['accountId', 'month'];

  it('is targeted when the filter pins the key’s first field to a value or a list', () => {
    expect(targetsShardKey({ accountId: 'a' }, key)).toBe(true);
    expect(targetsShardKey({ accountId: 'a', month: { $gte: '2026-01' } }, key)).toBe(true);
    expect(targetsShardKey({ accountId: { $eq: 'a' } }, key)).toBe(true);
    expect(targetsShardKey({ accountId: { $in: ['a', 'b'] }, deletedAt: null }, key)).toBe(true);
    expect(targetsShardKey({ accountId: new Date(0) }, key)).toBe(true);
    expect(targetsShardKey({ accountId: { nested: 'document' } }, key)).toBe(true);
  });

  it('is targeted when every branch of an $or pins it, or one condition of an $and', () => {
    expect(targetsShardKey({ $or: [{ accountId: 'a' }, { accountId: { $in: ['b'] } }] }, key)).toBe(true);
    expect(targetsShardKey({ $and: [{ status: 'x' }, { accountId: 'a' }] }, key)).toBe(true);
  });

  it('goes to every shard otherwise', () => {
    expect(targetsShardKey({}, key)).toBe(false);
    expect(targetsShardKey({ month: '2026-01' }, key)).toBe(false);
    expect(targetsShardKey({ accountId: { $gt: 'a' } }, key)).toBe(false);
    expect(targetsShardKey({ accountId: { $ne: 'a' } }, key)).toBe(false);
    expect(targetsShardKey({ accountId: { $exists: true } }, key)).toBe(false);
    expect(targetsShardKey({ $or: [{ accountId: 'a' }, { month: 'b' }] }, key)).toBe(false);
    expect(targetsShardKey({ $or: [] }, key)).toBe(false);
    expect(targetsShardKey({ accountId: /^a/ }, key)).toBe(false);
    expect(targetsShardKey({ accountId: { $in: ['a', /^b/] } }, key)).toBe(false);
  });

  it('is always targeted without a key', () => {
    expect(targetsShardKey({ anything: { $gt: 1 } }, [])).toBe(true);
  });
});
