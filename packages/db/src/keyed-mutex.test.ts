import { KeyedMutex } from './keyed-mutex';

describe('KeyedMutex', () => {
  it('runs tasks of one key one at a time, in order, and other keys in parallel', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([mutex.run('a', task('a1', 30)), mutex.run('a', task('a2', 1)), mutex.run('b', task('b1', 1))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('keeps going after a failing task', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run('k', async () => 'next')).resolves.toBe('next');
  });

  it('runAll runs its task holding every key of its set: no task holding one of them runs meanwhile, and overlapping sets taken at once all end', async () => {
    const mutex = new KeyedMutex();
    const holding = new Set<string>();
    const overlaps: string[] = [];
    const task = (keys: string[]) => async () => {
      for (const key of keys) if (holding.has(key)) overlaps.push(key);
      for (const key of keys) holding.add(key);
      await new Promise((r) => setTimeout(r, 5));
      for (const key of keys) holding.delete(key);
      return keys.join('');
    };
    // The same keys in other orders, at once: taken in sorted order, so none holds a key another waits for while it waits for one the other holds.
    const results = await Promise.all([
      mutex.runAll(['b', 'a', 'c'], task(['a', 'b', 'c'])),
      mutex.run('c', task(['c'])),
      mutex.runAll(['c', 'b'], task(['b', 'c'])),
      mutex.runAll(['c', 'a', 'b'], task(['a', 'b', 'c'])),
      mutex.run('a', task(['a'])),
    ]);
    expect(results).toEqual(['abc', 'c', 'bc', 'abc', 'a']);
    expect(overlaps).toEqual([]);
  });
});
