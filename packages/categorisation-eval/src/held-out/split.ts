/**
 * The held-out set's dev/test split (README.md, "Dev and test halves"). The unit is the template, not the item: the
 * items drawn from one template (one shop behind a processor, one terminal abroad, one insurer) are near copies,
 * so a half holds all of a template's items or none. The rule was fixed before any failure was read: within each
 * generator (the part of the key before the first colon: `processor-terminal`, `processor-online`, `paylogic`,
 * `foreign-card`, …) its templates are ordered by the SHA-256 of their key, and the first half of them (rounded
 * down) is `dev`, the rest `test`. A generator with one template (bank charges, ATMs) is all `test`.
 */
import { createHash } from 'node:crypto';

export const heldOutHalves = ['dev', 'test'] as const;
export type HeldOutHalf = (typeof heldOutHalves)[number];

/**
 * The halves whose failures may be read. The test half measured the fifth round once and was spent: since the sixth
 * round it is dev too, and the fresh processor-fronted set (`../fresh-processor-fronted/`) is the test set.
 */
export const readableHalves: readonly HeldOutHalf[] = ['dev', 'test'];

function generatorOf(templateKey: string): string {
  const colon = templateKey.indexOf(':');
  return colon < 0 ? templateKey : templateKey.slice(0, colon);
}

function hashOf(templateKey: string): string {
  return createHash('sha256').update(`held-out-half:${templateKey}`).digest('hex');
}

/** The half of each of `templateKeys` (duplicates allowed). */
export function splitTemplates(templateKeys: Iterable<string>): Map<string, HeldOutHalf> {
  const byGenerator = new Map<string, Set<string>>();
  for (const key of templateKeys) {
    const generator = generatorOf(key);
    const keys = byGenerator.get(generator) ?? new Set<string>();
    keys.add(key);
    byGenerator.set(generator, keys);
  }
  const halves = new Map<string, HeldOutHalf>();
  for (const keys of byGenerator.values()) {
    const ordered = [...keys].map((key) => [hashOf(key), key] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const devCount = Math.floor(ordered.length / 2);
    ordered.forEach(([, key], rank) => halves.set(key, rank < devCount ? 'dev' : 'test'));
  }
  return halves;
}
