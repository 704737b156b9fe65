import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, previewValue } from '@obp/contracts';
import { uuidv7 } from '@obp/core';
import type { RouteBinding, RouteInput, RouteResult } from './route-handler';

/** An Idempotency-Key as one app sent it: keys are the app's own. */
export interface AppKey {
  clientId: string;
  key: string;
}

/** The request a key was first used for: which route, which parameters and body, and the id it creates under. */
export interface KeyedRequest {
  operationId: string;
  /** `fingerprintOf` the parsed body and parameters. */
  fingerprint: string;
  resourceId: string;
}

/** The first successful answer to a key, replayed as it was. */
export interface StoredAnswer {
  status: number;
  /** The JSON body as sent; null for an answer without one. */
  body: string | null;
  headers: Record<string, string>;
}

/** The request holding a key, and its answer once it gave one. */
export type KeyHolder = KeyedRequest & { answer: StoredAnswer | null };

/** Where a service keeps its Idempotency-Keys (the service kit's `IdempotencyKeys`, in the service's store). */
export interface IdempotencyRecords {
  /** Takes the key for `request`; when a request took it before (within 24 hours), names that one. Exactly one of concurrent claims wins. */
  claim(key: AppKey, request: KeyedRequest, now: Date): Promise<{ won: true } | { won: false; holder: KeyHolder }>;
  /** Keeps the answer of the key's request for its retries. */
  answered(key: AppKey, resourceId: string, answer: StoredAnswer): Promise<void>;
  /** Frees the key of a request that was refused (created nothing): its retry is decided again. */
  release(key: AppKey, resourceId: string): Promise<void>;
}

/**
 * The fingerprint of a request: its parsed body (so the letter case and order of property names do not count) or a
 * file's bytes, and its parsed path and query parameters (a file sent to another consent, or with another `?format=`,
 * is another request). A route without parameters is fingerprinted by its body alone, as keys kept before were.
 */
export function fingerprintOf(body: unknown, target: { params?: unknown; query?: unknown } = {}): string {
  const hash = createHash('sha256');
  const parameters = JSON.stringify({ params: target.params ?? {}, query: target.query ?? {} });
  if (parameters !== '{"params":{},"query":{}}') hash.update(`${parameters.length}:${parameters}`);
  return hash.update(Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null)).digest('hex');
}

type Handle = RouteBinding['handle'];
type Result = RouteResult<RouteBinding['contract']>;

/**
 * The handler of an idempotent route (a creating POST) behind its Idempotency-Key, Stripe's way. The id a
 * resource is made under is a UUIDv7, which tells when it was made: a service that has not seen an id yet
 * can tell one made a moment ago (its events may be on the way) from one that names nothing.
 * - no key: the handler runs with a fresh id;
 * - a new key: it is claimed (a unique insert) with the id the handler then creates under; a success
 *   is stored with the key; a refusal (4xx) frees the key, so its retry is validated again; a failure
 *   (5xx, a thrown error, a crash) leaves the key claimed without an answer;
 * - a key with a stored answer, and the same route, parameters and body: that answer again, with `Idempotent-Replayed: true`;
 * - a key claimed without an answer (its request is still running, or stopped half-way): the handler runs
 *   again under the claimed id. Creation under a given id happens once (a unique `_id`), so the first
 *   request and its retries create one resource between them and all answer with it;
 * - a key used before with another route, path or query parameters, or body: 422 naming the header.
 */
export function idempotentHandle(binding: RouteBinding, records: IdempotencyRecords): Handle {
  const { contract, handle } = binding;
  return async (input: RouteInput<RouteBinding['contract']>): Promise<Result> => {
    const key = input.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return handle({ ...input, newId: uuidv7() });
    if (!input.caller) throw new Error(`${contract.operationId}: an idempotent route needs the caller's token`);
    const appKey: AppKey = { clientId: input.caller.clientId, key };
    const request: KeyedRequest = { operationId: contract.operationId, fingerprint: fingerprintOf(input.body, input), resourceId: uuidv7() };
    const claim = await records.claim(appKey, request, new Date());
    if (!claim.won) {
      const { holder } = claim;
      if (holder.operationId !== request.operationId || holder.fingerprint !== request.fingerprint) return keyReused(key);
      if (holder.answer) return replayed(answerOf(holder.answer));
    }
    const resourceId = claim.won ? request.resourceId : claim.holder.resourceId;
    const result = await handle({ ...input, newId: resourceId });
    if (result.status >= 200 && result.status < 300) {
      await records.answered(appKey, resourceId, stored(result));
      return claim.won ? result : replayed(result);
    }
    // Only the request that claimed the key frees it: a retry refused meanwhile may race the first one's success.
    if (result.status < 500 && claim.won) await records.release(appKey, resourceId);
    return result;
  };
}

function keyReused(key: string): Result {
  const message = `The ${IDEMPOTENCY_KEY_HEADER} '${previewValue(key)}' was used with a different request; send a new key with a new request.`;
  return { status: 422, problem: { detail: message, errors: { [IDEMPOTENCY_KEY_HEADER]: [message] } } };
}

const headersOf = (result: Result): Record<string, string> => {
  const headers = 'headers' in result && result.headers ? result.headers : {};
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
};

function stored(result: Result): StoredAnswer {
  return { status: result.status, body: 'body' in result ? JSON.stringify(result.body) : null, headers: headersOf(result) };
}

const answerOf = (answer: StoredAnswer): Result =>
  answer.body === null ? { status: answer.status, headers: answer.headers } : { status: answer.status, body: JSON.parse(answer.body) as unknown, headers: answer.headers };

const replayed = (result: Result): Result => ({ ...result, headers: { ...headersOf(result), [IDEMPOTENT_REPLAYED_HEADER]: 'true' } });
