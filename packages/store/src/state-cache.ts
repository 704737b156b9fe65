export interface StateCacheOptions {
  /** Most states kept; the least recently read goes first. */
  maxEntries: number;
  /** A state is read from the store again after this long, whatever else happened. */
  ttlMs: number;
  now?: () => number;
}

interface Entry<S> {
  state: S;
  expiresAt: number;
}

/**
 * Aggregate states kept in process, least recently read evicted first. Reads from the store fill
 * it only when nothing was forgotten while they ran (`mark` before, `fill` after), so a slow read
 * can never put back a state that a write has replaced. States are copied in and out: a
 * caller changing what it got cannot change the cache.
 */
export class StateCache<S> {
  private readonly entries = new Map<string, Entry<S>>();
  private readonly now: () => number;
  /** Advanced by every forget. */
  private epoch = 0;

  constructor(private readonly options: StateCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): S | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(id, entry);
    return structuredClone(entry.state);
  }

  /** Taken before reading from the store; hand it to `fill`. */
  mark(): number {
    return this.epoch;
  }

  /** Keeps what a read found, unless a write or a forget happened since `mark`. */
  fill(id: string, state: S, mark: number): void {
    if (mark === this.epoch) this.set(id, state);
  }

  /** Changed or removed, here or by another process. */
  forget(id: string): void {
    this.epoch++;
    this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  private set(id: string, state: S): void {
    this.entries.delete(id);
    if (this.options.maxEntries <= 0) return;
    this.entries.set(id, { state: structuredClone(state), expiresAt: this.now() + this.options.ttlMs });
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
