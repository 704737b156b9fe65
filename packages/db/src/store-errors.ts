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
  // An operation on a connection of the topology `StuckClientGuard` replaced: the retry goes through the new one.
  'MongoServerClosedError',
  'MongoPoolClosedError',
  // No answer within the bounds `connectDatabase` sets (a store that hangs) or no pooled connection free meanwhile.
  'MongoWaitQueueTimeoutError',
  'MongoOperationTimeoutError',
]);

/** FerretDB's code for an error of its backend, whose message then ends with PostgreSQL's (or pgx's) own. */
const FERRETDB_INTERNAL_ERROR = 1;

/**
 * PostgreSQL behind FerretDB down or restarting, as FerretDB reports it: SQLSTATE class 08 (connection
 * exception), 57P01–57P03 (terminated by shutdown or crash, cannot connect now: starting up, in recovery),
 * 53300 (too many connections), pgx's "failed to connect to `…`" (connection refused while the postmaster
 * is gone), or a connection to PostgreSQL cut under a statement (pgx ends the message with Go's "unexpected EOF",
 * or "conn closed", "connection reset by peer", "broken pipe"). Other PostgreSQL errors (a constraint, a bad
 * query) stay what they are: a bug, a 500.
 */
const POSTGRES_UNAVAILABLE =
  /\(SQLSTATE (08[0-9A-Z]{3}|57P0[123]|53300|40001|40P01)\)|failed to connect to `|\] (unexpected EOF|conn closed|.*: connection reset by peer|.*: broken pipe)$/;

function isPostgresUnavailable(error: { code?: unknown; message?: unknown; errmsg?: unknown }): boolean {
  if (error.code !== FERRETDB_INTERNAL_ERROR) return false;
  const message = typeof error.message === 'string' && error.message !== '' ? error.message : error.errmsg;
  return typeof message === 'string' && POSTGRES_UNAVAILABLE.test(message);
}

/** An error of the platform's own that stopped a write, nothing written, because the store answered too slowly to go on safely. */
export interface StoreTooSlow {
  readonly storeTooSlow: true;
}

/**
 * Also through `cause` and through a bulk write's `errorResponse`: the driver throws a network failure of a bulk
 * write as a `MongoBulkWriteError` whose `errorResponse` is the `MongoNetworkError` itself. A `StoreTooSlow` counts too.
 */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth >= 5) return false;
  const at = error as { name?: string; code?: unknown; message?: unknown; cause?: unknown; errorResponse?: unknown; storeTooSlow?: unknown };
  if (STORE_UNAVAILABLE.has(at.name ?? '') || isPostgresUnavailable(at) || at.storeTooSlow === true) return true;
  return (at.errorResponse instanceof Error && isStoreUnavailable(at.errorResponse, depth + 1)) || isStoreUnavailable(at.cause, depth + 1);
}
