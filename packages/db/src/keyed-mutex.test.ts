import { KeyedMutex } from './keyed-mutex';
import { isStoreUnavailable } from './store-errors';

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

describe('KeyedMutex with a bound on the wait', () => {
  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it('gives up a task whose turn does not come within the bound, never runs it, and keeps the order for the tasks after it', async () => {
    const mutex = new KeyedMutex(50);
    const first = held();
    const log: string[] = [];
    const holding = mutex.run('k', async () => {
      log.push('first start');
      await first.done;
      log.push('first end');
    });
    const waiting = mutex.run('k', async () => void log.push('second ran'));
    await expect(waiting).rejects.toMatchObject({ name: 'LockWaitTimeoutError' });
    expect(isStoreUnavailable(await waiting.catch((error: unknown) => error))).toBe(true);

    // Queued after the one that gave up: still waits for the first to end, not for the one that left.
    const third = mutex.run('k', async () => void log.push('third ran'));
    first.release();
    await holding;
    await expect(third).resolves.toBeUndefined();
    expect(log).toEqual(['first start', 'first end', 'third ran']);
  });

  it('keeps the key locked while the holder runs after every waiter gave up', async () => {
    const mutex = new KeyedMutex(20);
    const first = held();
    let running = 0;
    let overlapped = false;
    const task = (done?: Promise<void>) => async () => {
      running++;
      if (running > 1) overlapped = true;
      await (done ?? Promise.resolve());
      running--;
    };
    const holding = mutex.run('k', task(first.done));
    await expect(mutex.run('k', task())).rejects.toMatchObject({ name: 'LockWaitTimeoutError' });
    // Nobody waits now, and the holder still runs: a new task waits for it (and gives up), it does not run beside it.
    await expect(mutex.run('k', task())).rejects.toMatchObject({ name: 'LockWaitTimeoutError' });
    first.release();
    await holding;
    await expect(mutex.run('k', task())).resolves.toBeUndefined();
    expect(overlapped).toBe(false);
  });

  it('runs a task whose turn comes within the bound', async () => {
    const mutex = new KeyedMutex(1_000);
    const results = await Promise.all([mutex.run('k', async () => new Promise((r) => setTimeout(() => r('a'), 20))), mutex.run('k', async () => 'b')]);
    expect(results).toEqual(['a', 'b']);
  });
});
