import type { Request } from 'express';
import type { $ZodType, EmptyResponse, FileResponse, HtmlResponse, JsonResponse, ProblemResponse, RedirectResponse, RequestBodySpec, RouteContract, TextResponse, z } from '@obp/contracts';

/** The app calling, from its verified access token. */
export interface Caller {
  clientId: string;
  scopes: string[];
  tokenId: string | undefined;
  /** The app may create consents itself (the direct provider flow). */
  directProviderFlow: boolean;
  /** Where the app's consents may send users back (registered with the client). */
  redirectUrls: string[];
}

/** What a problem answer adds to the standard fields. */
export interface ProblemExtras {
  title?: string;
  detail?: string;
  errors?: Record<string, string[]> | null;
  /** A stable reason where one status has several (`rate_limited`). */
  code?: string;
}

type Headers = Record<string, string | undefined>;

type Parsed<Shape> = { [K in keyof Shape]: Shape[K] extends $ZodType ? z.output<Shape[K]> : never };

/** What a handler gets: the parsed, typed parameters, query, headers and body, and the calling app. */
export interface RouteInput<C extends RouteContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  headers: Parsed<C['headers']>;
  body: C['body'] extends RequestBodySpec<infer B> ? z.output<B> : undefined;
  caller: C['auth'] extends { scope: string } ? Caller : C['auth'] extends 'admin' | 'public' ? undefined : Caller | undefined;
  /**
   * An idempotent route's handler creates what it creates under this id: the one its Idempotency-Key
   * was first claimed with (so a retry creates under the same id: once), or a fresh one.
   */
  newId: C['idempotent'] extends false ? undefined : string;
  req: Request;
}

type ResultFor<S extends number, R> = R extends JsonResponse<infer Schema>
  ? { status: S; body: z.input<Schema>; headers?: Headers }
  : R extends ProblemResponse
    ? { status: S; problem: ProblemExtras; headers?: Headers }
    : R extends EmptyResponse
      ? { status: S; headers?: Headers }
      : R extends TextResponse
        ? { status: S; text: string }
        : R extends HtmlResponse
          ? { status: S; html: string; headers?: Headers }
          : R extends RedirectResponse
            ? { status: S; location: string }
            : R extends FileResponse
              ? { status: S; file: Buffer; contentType: string; headers?: Headers }
              : never;

/** A 400 problem naming the invalid fields, for rules the schemas cannot check alone. */
export interface ValidationFailure {
  status: 400;
  problem: { errors: Record<string, string[]>; detail?: string };
}

/** What a handler answers: one of the responses its contract declares. */
export type RouteResult<C extends RouteContract> =
  | { [S in keyof C['responses'] & number]: ResultFor<S, C['responses'][S]> }[keyof C['responses'] & number]
  | ValidationFailure;

export type RouteHandler<C extends RouteContract> = (input: RouteInput<C>) => Promise<RouteResult<C>> | RouteResult<C>;

/** A contract with the handler that serves it. */
export interface RouteBinding {
  contract: RouteContract;
  handle: (input: RouteInput<RouteContract>) => Promise<RouteResult<RouteContract>> | RouteResult<RouteContract>;
}

/** Binds a handler to every route of a group; a route without a handler is a type error. */
export function bindRoutes<G extends Record<string, RouteContract>>(group: G, handlers: { [K in keyof G]: RouteHandler<G[K]> }): RouteBinding[] {
  return Object.keys(group).map((key) => ({ contract: group[key]!, handle: handlers[key] as RouteBinding['handle'] }));
}

export const validationFailure = (errors: Record<string, string[]>): ValidationFailure => ({ status: 400, problem: { errors } });
