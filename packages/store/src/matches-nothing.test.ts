import { matchesNothing } from './matches-nothing';

describe('matchesNothing', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['an empty $in', { _id: { $in: [] } }, true],
    ['an empty $in beside other conditions', { owner: 'app', tag: { $in: [] }, createdAt: { $gte: new Date(0) } }, true],
    ['an empty $in beside other operators of its field', { tag: { $exists: true, $in: [] } }, true],
    ['a $in with values', { tag: { $in: ['a'] } }, false],
    ['no filter', {}, false],
    ['an empty $nin (matches everything)', { tag: { $nin: [] } }, false],
    ['an empty $in inside an $or (another branch may match)', { $or: [{ tag: { $in: [] } }, { owner: 'app' }] }, false],
    ['an equality with null', { deletedAt: null }, false],
    ['an equality with an empty array', { tags: [] }, false],
    ['a date', { at: new Date(0) }, false],
  ])('%s: %s', (_case, filter, expected) => {
    expect(matchesNothing(filter)).toBe(expected);
  });
});
