/**
 * Runs tasks one at a time per key, in arrival order. FerretDB 1.x, the local store, does not isolate
 * concurrent updates of one document on either of its backends (PostgreSQL, the default, and SQLite):
 * it reads, modifies and writes inside the server, so concurrent `$inc`s and version-checked updates are
 * lost (docs/decisions.md). Every write a service makes to a document therefore goes through the lock
 * of that document, which serialises the writes of one process only. MongoDB needs none of this, and
 * the lock costs one map entry per key.
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

/**
 * How long a write waits for the writes before it on the same document. Those end within the store's bound
 * (`STORE_TIMEOUTS`) each, so a longer wait means a queue of them on a store that does not answer: the write gives up
 * with an error `isStoreUnavailable` counts (a 503 with Retry-After, an event handled again later) rather than
 * add its own bound to theirs and answer after the edge stopped waiting.
 */
export const DOCUMENT_LOCK_WAIT_MS = 10_000;

const locks = new WeakMap<object, KeyedMutex>();

/** The document locks of one database connection, shared by its repositories and outbox relay. */
export function documentLocks(connection: object): KeyedMutex {
  let lock = locks.get(connection);
  if (!lock) {
    lock = new KeyedMutex(DOCUMENT_LOCK_WAIT_MS);
    locks.set(connection, lock);
  }
  return lock;
}
