/**
 * The driver's errors for a store it cannot reach (down, restarting, failing over), by name, so that
 * callers need no driver: a request that met one is a 503 the client may retry, not a 500, and an event
 * handler that met one is retried until the store is back, never dead-lettered.
 */
const STORE_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

export function isStoreUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if (STORE_UNAVAILABLE.has((at as { name?: string }).name ?? '')) return true;
  }
  return false;
}
