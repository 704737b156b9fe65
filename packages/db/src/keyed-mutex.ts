/**
 * Runs tasks one at a time per key, in arrival order, within one process (the consent service's
 * refreshes of one consent, so that the bank is not called twice at once). Not a lock on the store: the
 * store's own writes are atomic per document (on FerretDB since our compare-and-set patch). Costs one
 * map entry per key while tasks are queued.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * @param maxWaitMs how long a task may wait for the ones before it on its key; past that it is not run and
   * `run` rejects with `LockWaitTimeoutError`. Unbounded when absent.
   */
  constructor(private readonly maxWaitMs?: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let gaveUp = false;
    const turn = () => (gaveUp ? Promise.reject(new LockWaitTimeoutError(key, this.maxWaitMs ?? 0)) : task());
    const current = (previous ?? Promise.resolve()).then(turn, turn);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    // Forgotten once it ended, not when a waiter gave up: the tasks before it may still be running.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    if (previous && this.maxWaitMs !== undefined) {
      // Given up in the timer itself, so that a turn coming after it never runs the task.
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          gaveUp = true;
          resolve();
        }, this.maxWaitMs);
      });
      await Promise.race([previous, expired]);
      clearTimeout(timer);
      if (gaveUp) throw new LockWaitTimeoutError(key, this.maxWaitMs);
    }
    return current;
  }

  /**
   * Runs `task` holding the lock of every key, taken one after the other in sorted order (two callers
   * locking overlapping sets cannot wait on each other). Not reentrant: `task` must not lock one of them again.
   */
  async runAll<T>(keys: Iterable<string>, task: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const from = (i: number): Promise<T> => (i === sorted.length ? task() : this.run(sorted[i]!, () => from(i + 1)));
    return from(0);
  }
}

/** A task waited longer than its mutex allows for the ones before it on its key, and was not run. */
export class LockWaitTimeoutError extends Error {
  override readonly name = 'LockWaitTimeoutError';

  constructor(key: string, waitedMs: number) {
    super(`waited ${waitedMs} ms for the lock of ${key}, held all along by writes before it`);
  }
}
