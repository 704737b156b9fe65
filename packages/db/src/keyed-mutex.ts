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

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
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

const locks = new WeakMap<object, KeyedMutex>();

/** The document locks of one database connection, shared by its repositories and outbox relay. */
export function documentLocks(connection: object): KeyedMutex {
  let lock = locks.get(connection);
  if (!lock) {
    lock = new KeyedMutex();
    locks.set(connection, lock);
  }
  return lock;
}
