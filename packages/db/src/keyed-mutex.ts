/**
 * Runs tasks one at a time per key, in arrival order, within one process (the consent service's
 * refreshes of one consent, so that the bank is not called twice at once). Not a lock on the store: the
 * store's own writes are atomic per document (on FerretDB since our compare-and-set patch). Costs one
 * map entry per key while tasks are queued.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const current = (previous ?? Promise.resolve()).then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return current;
  }
}
