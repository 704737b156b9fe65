/** `canonicalCategoryOf`, remembered: the categoriser asks it about the same few hundred categories millions of times. */
import { canonicalCategoryOf, type CanonicalCategory } from '@obp/contracts';

const remembered = new Map<string, CanonicalCategory | null>();
const MAX_REMEMBERED = 10_000;

export function canonicalOf(category: string): CanonicalCategory | null {
  let canonical = remembered.get(category);
  if (canonical === undefined) {
    canonical = canonicalCategoryOf(category);
    if (remembered.size < MAX_REMEMBERED) remembered.set(category, canonical);
  }
  return canonical;
}
