import { GroupCommit } from './group-commit';

/** A flush that records its lots and ends when the test lets it. */
function recordingFlush() {
  const lots: number[][] = [];
  const release: Array<() => void> = [];
  const flush = (items: number[]) => {
    lots.push(items);
    return new Promise<string[]>((resolve) => release.push(() => resolve(items.map((i) => `done ${i}`))));
  };
  return { lots, release, flush };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('flushes what is submitted in one turn together, and what comes during a flush in the next one', async () => {
    const { lots, release, flush } = recordingFlush();
    const group = new GroupCommit(flush, { maxBatch: 100, maxParallel: 1 });
    const first = [1, 2, 3].map((i) => group.submit(i));
    await settle();
    expect(lots).toEqual([[1, 2, 3]]);

    const second = [4, 5].map((i) => group.submit(i));
    await settle();
    expect(lots).toEqual([[1, 2, 3]]);
    release.shift()!();
    expect(await Promise.all(first)).toEqual(['done 1', 'done 2', 'done 3']);
    await settle();
    expect(lots).toEqual([[1, 2, 3], [4, 5]]);
    release.shift()!();
    expect(await Promise.all(second)).toEqual(['done 4', 'done 5']);
  });

  it('keeps lots within maxBatch and runs up to maxParallel flushes at once', async () => {
    const { lots, release, flush } = recordingFlush();
    const group = new GroupCommit(flush, { maxBatch: 2, maxParallel: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => group.submit(i));
    await settle();
    expect(lots).toEqual([
      [1, 2],
      [3, 4],
    ]);
    release.shift()!();
    await settle();
    expect(lots).toEqual([[1, 2], [3, 4], [5]]);
    release.shift()!();
    release.shift()!();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((i) => `done ${i}`));
  });

  it('fails every item of a failed flush, and flushes later items afresh', async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(
      async (items) => {
        if (calls++ === 0) throw new Error('store down');
        return items.map((i) => i * 10);
      },
      { maxBatch: 10, maxParallel: 1 },
    );
    const failed = [1, 2].map((i) => group.submit(i));
    await expect(Promise.all(failed.map((p) => p.catch((error: Error) => error.message)))).resolves.toEqual(['store down', 'store down']);
    expect(await group.submit(3)).toBe(30);
  });

  it('fails the items of a flush that answers a result short', async () => {
    const group = new GroupCommit<number, number>(async (items) => items.slice(1), { maxBatch: 10, maxParallel: 1 });
    await expect(Promise.all([group.submit(1), group.submit(2)])).rejects.toThrow('a flush of 2 answered 1 results');
  });
});
