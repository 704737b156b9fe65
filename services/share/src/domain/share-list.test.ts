import { blockOf, blockRead, countDelta, countedOf, LIST_BLOCK_SIZE, matchingCounts, pageSegments, pickPage, sumDeltas, totalOf, writtenExpired } from './share-list';

/** Every subset of `n` elements, as bit masks. */
const masks = (n: number) => Array.from({ length: 2 ** n }, (_, mask) => mask);
const bit = (mask: number, i: number) => (mask & (1 << i)) !== 0;

describe('share list: positions and counts', () => {
  it('places positions in blocks, those before the lists (below 0) too', () => {
    expect([0, LIST_BLOCK_SIZE - 1, LIST_BLOCK_SIZE, -1, -LIST_BLOCK_SIZE, -LIST_BLOCK_SIZE - 1].map(blockOf)).toEqual([0, 0, 1, -1, -1, -2]);
  });

  it('counts a positioned share live, and unexpired until moved; an unpositioned one not at all', () => {
    expect(countedOf({ listPosition: 3, listExpired: false })).toEqual({ block: 0, live: 1, unexpired: 1 });
    expect(countedOf({ listPosition: 501, listExpired: true })).toEqual({ block: 1, live: 1, unexpired: 0 });
    expect(countedOf({ listPosition: null, listExpired: false })).toBeNull();
    expect(countedOf({})).toBeNull();
  });

  it('writes a share already moved when it has expired by its writer’s now', () => {
    const now = new Date('2026-11-29T15:30:00Z');
    expect(writtenExpired(now, now)).toBe(true);
    expect(writtenExpired(new Date(now.getTime() + 1), now)).toBe(false);
  });

  it('turns every change of a share into the $inc of its counts, nothing when nothing changes', () => {
    const unexpired = { block: 2, live: 1, unexpired: 1 };
    const moved = { block: 2, live: 1, unexpired: 0 };
    expect(countDelta(null, unexpired)).toEqual({ 'live.2': 1, 'unexpired.2': 1 });
    expect(countDelta(null, moved)).toEqual({ 'live.2': 1 });
    expect(countDelta(unexpired, null)).toEqual({ 'live.2': -1, 'unexpired.2': -1 });
    expect(countDelta(moved, null)).toEqual({ 'live.2': -1 });
    expect(countDelta(unexpired, moved)).toEqual({ 'unexpired.2': -1 });
    expect(countDelta(moved, unexpired)).toEqual({ 'unexpired.2': 1 });
    expect(countDelta(moved, moved)).toBeNull();
    expect(countDelta(null, null)).toBeNull();
    expect(sumDeltas(countDelta(unexpired, moved), countDelta(unexpired, moved))).toEqual({ 'unexpired.2': -2 });
    expect(sumDeltas(countDelta(unexpired, moved), countDelta(moved, unexpired))).toBeNull();
    expect(sumDeltas(null, null)).toBeNull();
  });

  it('counts matching shares per block: all, expired (moved, and due ones not yet moved), not expired', () => {
    const counts = { live: { '-1': 4, '0': 10, '1': 3 }, unexpired: { '0': 6, '1': 3 } };
    const due = new Map([[0, 2]]);
    expect(Object.fromEntries(matchingCounts(counts, null, due))).toEqual({ '-1': 4, '0': 10, '1': 3 });
    expect(Object.fromEntries(matchingCounts(counts, true, due))).toEqual({ '-1': 4, '0': 6, '1': 0 });
    expect(Object.fromEntries(matchingCounts(counts, false, due))).toEqual({ '-1': 0, '0': 4, '1': 3 });
  });
});

describe('share list: pages', () => {
  it('finds the blocks of every page of every layout of counts (brute force), never below 0 in total', () => {
    const layouts = [
      [3, 0, 2],
      [0, 0, 0],
      [5],
      [1, 1, 1, 1],
      [2, -1, 4],
      [0, 7, 0, 1],
    ];
    for (const layout of layouts) {
      const matching = new Map(layout.map((count, i) => [i - 1, count]));
      // The shares in order, each named by its block and index in it.
      const all = layout.flatMap((count, i) => Array.from({ length: Math.max(0, count) }, (_, n) => `${i - 1}:${n}`));
      expect(totalOf(matching)).toBe(all.length);
      for (let skip = 0; skip <= all.length + 1; skip++) {
        for (let limit = 1; limit <= all.length + 1; limit++) {
          const read = pageSegments(matching, skip, limit).flatMap((s) => Array.from({ length: s.limit }, (_, n) => `${s.block}:${s.skip + n}`));
          expect(read).toEqual(all.slice(skip, skip + limit));
        }
      }
    }
  });

  /**
   * A block of `n` shares; `kind(i)`: 'row' a share of the kind read, 'excluded' one of that kind that does not
   * match, 'included' a matching share of the other kind, 'other' a share of the other kind that does not match.
   */
  function check(n: number, kind: (i: number) => 'row' | 'excluded' | 'included' | 'other'): void {
    const shares = Array.from({ length: n }, (_, i) => ({ listPosition: 100 + i * 3, kind: kind(i) }));
    const readable = shares.filter((s) => s.kind === 'row' || s.kind === 'excluded');
    const matching = shares.filter((s) => s.kind === 'row' || s.kind === 'included');
    const include = shares.filter((s) => s.kind === 'included');
    const exclude = shares.filter((s) => s.kind === 'excluded').map((s) => s.listPosition);
    for (let skip = 0; skip <= matching.length; skip++) {
      for (let limit = 1; limit <= matching.length + 1; limit++) {
        const { from, count } = blockRead(skip, limit, include.length, exclude.length);
        const rows = readable.slice(from, from + count);
        expect(pickPage(rows, from, skip, limit, include, exclude).map((s) => s.listPosition)).toEqual(matching.slice(skip, skip + limit).map((s) => s.listPosition));
      }
    }
  }

  it('picks a page of unexpired shares out of every block holding due expired ones (every layout up to 8 shares)', () => {
    for (let n = 0; n <= 8; n++) for (const mask of masks(n)) check(n, (i) => (bit(mask, i) ? 'excluded' : 'row'));
  });

  it('picks a page of expired shares from every block, the due expired ones merged in (every layout up to 8 shares)', () => {
    for (let n = 0; n <= 8; n++) {
      for (const mask of masks(n)) {
        // Unmoved shares not yet expired ('other') lie among them too; 3^n layouts are too many: every other one.
        check(n, (i) => (bit(mask, i) ? 'included' : 'row'));
        check(n, (i) => (bit(mask, i) ? 'included' : i % 2 === 0 ? 'row' : 'other'));
      }
    }
  });
});
