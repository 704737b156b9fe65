import type { mongo } from '@obp/db';

/**
 * Whether a filter can match no document without asking the store: a field's condition is `$in` of an empty list.
 * The local store pushes an `$in` down to PostgreSQL only when it lists values, and reads every document of the
 * collection to find that none matches an empty one.
 */
export function matchesNothing(filter: mongo.Document): boolean {
  return Object.entries(filter).some(([key, condition]) => !key.startsWith('$') && typeof condition === 'object' && condition !== null && Array.isArray((condition as { $in?: unknown }).$in) && (condition as { $in: unknown[] }).$in.length === 0);
}
