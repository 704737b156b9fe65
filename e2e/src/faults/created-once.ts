/** A resource as a client was told it was made (`key`: what the client sent that names it, e.g. a reference), or as a list read it back. */
export interface Made {
  key: string;
  id: string;
}

export interface CreatedOnceAudit {
  /** Told creates of which the list holds none. */
  lost: number;
  /** Told creates the list holds more than once, or under another id than the client was told, and listed ones no client was told of. */
  doubled: number;
  /** A line per wrong key (for the log). */
  wrong: string[];
}

/**
 * What a list read back after the faults holds against what the clients were told they created: every told
 * create exactly once, under the id its client was told, and nothing else. A create applied twice (a retry
 * that was not replayed from its Idempotency-Key) shows as a second resource with the same key.
 */
export function createdOnce(what: string, listed: readonly Made[], told: readonly Made[]): CreatedOnceAudit {
  const byKey = new Map<string, string[]>();
  for (const { key, id } of listed) byKey.set(key, [...(byKey.get(key) ?? []), id]);
  const audit: CreatedOnceAudit = { lost: 0, doubled: 0, wrong: [] };
  for (const { key, id } of told) {
    const ids = byKey.get(key) ?? [];
    if (ids.length === 0) audit.lost++;
    else if (ids.length > 1 || ids[0] !== id) audit.doubled++;
    else continue;
    audit.wrong.push(`${what} ${key}: told ${id}, listed ${JSON.stringify(ids)}`);
  }
  const toldKeys = new Set(told.map((t) => t.key));
  for (const [key, ids] of byKey) {
    if (toldKeys.has(key)) continue;
    audit.doubled += ids.length;
    audit.wrong.push(`${what} ${key}: listed ${JSON.stringify(ids)}, no client was told of it`);
  }
  return audit;
}
