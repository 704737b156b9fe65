/**
 * A pure function's results kept for the arguments seen last. An account's transactions name the same
 * shops, people and creditors again and again, and what a name says is worked out from the name alone.
 * Bounded: forgotten all at once when full, so a long-running service keeps no more than `capacity` entries.
 */
export function memoised<K, V>(compute: (key: K) => V, capacity = 4096): (key: K) => V {
  const known = new Map<K, V>();
  return (key: K): V => {
    const value = known.get(key);
    if (value !== undefined || known.has(key)) return value as V;
    if (known.size >= capacity) known.clear();
    const computed = compute(key);
    known.set(key, computed);
    return computed;
  };
}
