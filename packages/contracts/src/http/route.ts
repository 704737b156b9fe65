import type { z } from 'zod/v4';
import { idempotencyHeaders, idempotentResponses } from './idempotency';
import type { ResponseSpec } from './responses';

export * from './responses';

/**
 * A route's contract: everything about it except its handler. The serving service binds a
 * handler to each contract of its group; the express router, the 405 answers, the edge's routing
 * table and the OpenAPI document are all derived from these declarations.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** Who may call: a bearer token with a scope, the operator's admin token, or anyone (a page for a browser). */
export type RouteAuth = { scope: string } | 'admin' | 'public';

export interface RequestBodySpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * How the body is encoded; `form` is application/x-www-form-urlencoded; `raw` is a file handed to the handler
   * as its bytes (a Buffer), in one of `mediaTypes`, whatever its charset (the handler decodes it).
   */
  encoding: 'json' | 'form' | 'json-or-form' | 'raw';
  /** The media types a `raw` body may come as (415 for another). */
  mediaTypes?: readonly string[];
  required: boolean;
  /** Largest accepted body, e.g. '64kb'; larger ones get 413. */
  limit: string;
}

export interface RouteContract<
  P extends z.ZodRawShape = z.ZodRawShape,
  Q extends z.ZodRawShape = z.ZodRawShape,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends Record<number, ResponseSpec> = Record<number, ResponseSpec>,
  A extends RouteAuth = RouteAuth,
  H extends z.ZodRawShape = z.ZodRawShape,
  I extends boolean = boolean,
> {
  /** The service that serves the route; the edge forwards it there. */
  service: string;
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form: `/shares/{shareId}`. */
  path: string;
  auth: A;
  tags: string[];
  summary: string;
  description?: string;
  params: P;
  query: Q;
  /** Request headers the route reads, by their canonical name (matched case-insensitively). */
  headers: H;
  body: B extends z.ZodType ? RequestBodySpec<B> : undefined;
  /** What the handler answers; 400, 401, 403, 405, 413 and 415 are added for it where they apply. */
  responses: R;
  /** Consent operations add `detail` to their 400 problem bodies (spec section 7). */
  validationDetail: boolean;
  /**
   * A creating POST that honours `Idempotency-Key` (see `idempotency.ts`): the header, the 422 and
   * the replay header are declared with it, and its handler creates under the id it is given.
   */
  idempotent: I;
  /**
   * The handler writes events to its service's outbox: refused with a 503 (code `outbox_backlog`) while the
   * service holds as many aggregates with unpublished events as its bound (`OUTBOX_BACKLOG_LIMIT`), before anything is read.
   */
  writesEvents: boolean;
}

export interface RouteOptions<P extends z.ZodRawShape, Q extends z.ZodRawShape, B extends z.ZodType | undefined, R extends Record<number, ResponseSpec>, H extends z.ZodRawShape = z.ZodRawShape> {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
  summary: string;
  description?: string;
  tags?: string[];
  params?: P;
  query?: Q;
  headers?: H;
  body?: B extends z.ZodType ? { schema: B; encoding?: RequestBodySpec['encoding']; mediaTypes?: readonly string[]; required?: boolean; limit?: string } : undefined;
  responses: R;
  /** A creating POST: a retry with the same Idempotency-Key creates nothing more (scoped routes only). */
  idempotent?: boolean;
  /** The handler writes events (see `RouteContract.writesEvents`). */
  writesEvents?: boolean;
}

/** The routes of one service, each under its operation id, with what they have in common. */
export function defineRoutes<const T extends Record<string, RouteOptions<z.ZodRawShape, z.ZodRawShape, z.ZodType | undefined, Record<number, ResponseSpec>, z.ZodRawShape>>>(
  group: { service: string; tags: string[]; validationDetail?: boolean; bodyLimit?: string },
  routes: T,
): {
  [K in keyof T]: RouteContract<
    T[K]['params'] extends z.ZodRawShape ? T[K]['params'] : Record<never, never>,
    T[K]['query'] extends z.ZodRawShape ? T[K]['query'] : Record<never, never>,
    T[K]['body'] extends { schema: infer B extends z.ZodType } ? B : undefined,
    T[K]['responses'],
    T[K]['auth'],
    T[K]['headers'] extends z.ZodRawShape ? T[K]['headers'] : Record<never, never>,
    T[K]['idempotent'] extends true ? true : false
  >;
} {
  const out: Record<string, RouteContract> = {};
  for (const [operationId, r] of Object.entries(routes)) {
    const idempotent = r.idempotent ?? false;
    if (idempotent && (r.method !== 'post' || typeof r.auth !== 'object')) throw new Error(`${operationId}: only a POST with a caller's token can be idempotent (keys are the app's)`);
    if (r.body && (r.body.encoding === 'raw') !== (r.body.mediaTypes !== undefined && r.body.mediaTypes.length > 0)) throw new Error(`${operationId}: a raw body names its media types, and only a raw body does`);
    out[operationId] = {
      service: group.service,
      operationId,
      method: r.method,
      path: r.path,
      auth: r.auth,
      tags: r.tags ?? group.tags,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      params: r.params ?? {},
      query: r.query ?? {},
      headers: idempotent ? { ...r.headers, ...idempotencyHeaders } : (r.headers ?? {}),
      body: r.body
        ? {
            schema: r.body.schema,
            encoding: r.body.encoding ?? 'json',
            ...(r.body.mediaTypes ? { mediaTypes: r.body.mediaTypes } : {}),
            required: r.body.required ?? true,
            limit: r.body.limit ?? group.bodyLimit ?? '256kb',
          }
        : undefined,
      responses: idempotent ? idempotentResponses(operationId, r.responses) : r.responses,
      validationDetail: group.validationDetail ?? false,
      idempotent,
      writesEvents: r.writesEvents ?? false,
    } as RouteContract;
  }
  return out as never;
}

/** The express form of an OpenAPI path: `/shares/{shareId}` → `/shares/:shareId`. */
export const expressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** The methods each path serves, in declaration order, for `Allow` headers. */
export function methodsByPath(routes: Iterable<Pick<RouteContract, 'method' | 'path'>>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const r of routes) {
    const methods = byPath.get(r.path) ?? [];
    if (!methods.includes(r.method.toUpperCase())) methods.push(r.method.toUpperCase());
    byPath.set(r.path, methods);
  }
  return byPath;
}
