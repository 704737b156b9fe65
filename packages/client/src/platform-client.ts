import createClient, { type Client, type MaybeOptionalInit, type ParseAsResponse } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, Readable, RequiredKeysOf, ResponseObjectMap, SuccessResponse } from 'openapi-typescript-helpers';
import { ApiError } from './api-error';
import { systemClock, type Clock } from './clock';
import type { paths } from './generated/api';
import { paginate, type PagedResponse } from './paginate';
import { platformFetch } from './platform-fetch';
import { defaultRetryPolicy, type RetryPolicy } from './retries';
import { ClientCredentialsTokenSource, GivenToken, type AccessTokens, type ClientCredentials } from './token-source';

export type PlatformClientOptions = ConnectionOptions & (ClientCredentials | { /** A token the caller gets and renews itself, instead of client credentials. */ accessToken: () => string | Promise<string> });

interface ConnectionOptions {
  /** The edge's address, e.g. `https://api.example.com`. */
  baseUrl: string;
  retry?: Partial<RetryPolicy>;
  /** The fetch that sends every request; by default the global fetch at the time of the call. */
  fetch?: (request: Request) => Promise<Response>;
  /** For tests that step through token expiries and Retry-After waits. */
  clock?: Clock;
}

// openapi-fetch's own shape of a call's arguments (not exported by it).
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** A 2xx answer: the parsed body the document declares for it, and the response (headers such as Location). */
export interface Success<Operation, Init> {
  data: ResponseObjectMap<Operation> extends infer Responses extends Record<string | number, unknown> ? ParseAsResponse<Readable<SuccessResponse<Responses, MediaType>>, Init> : never;
  response: Response;
}

/** A typed call of one HTTP method: the 2xx answer, or an ApiError. */
export type ApiMethod<M extends HttpMethod> = <Path extends PathsWithMethod<paths, M>, Init extends MaybeOptionalInit<paths[Path], M>>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<Success<paths[Path][M], Init>>;

export interface PlatformClient {
  GET: ApiMethod<'get'>;
  POST: ApiMethod<'post'>;
  PUT: ApiMethod<'put'>;
  DELETE: ApiMethod<'delete'>;
  /** Every item of a paged list, page after page: `fetchPage(page)` is the GET of that page. */
  paginate<Item>(fetchPage: (page: number) => Promise<{ data: PagedResponse<Item> }>): AsyncIterable<Item>;
  /** The current access token (renewed when due), for requests outside this client. */
  accessToken(): Promise<string>;
  /** The underlying openapi-fetch client: answers are `{ data, error, response }`, nothing is thrown. */
  raw: Client<paths>;
}

/**
 * A typed client of the platform's API, generated from its OpenAPI document: it gets and renews its
 * own token, retries idempotent calls on 429/503, sends an Idempotency-Key with creating POSTs and
 * throws an ApiError (problem body, traceId) for an answer outside 2xx.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const clock = options.clock ?? systemClock;
  const retry = { ...defaultRetryPolicy, ...options.retry };
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const tokens: AccessTokens = 'accessToken' in options ? new GivenToken(options.accessToken) : new ClientCredentialsTokenSource(`${baseUrl}/connect/token`, options, send, retry, clock);
  const raw = createClient<paths>({ baseUrl, fetch: platformFetch({ baseUrl, tokens, fetch: send, retry, clock }) });
  // Each method is a pair: the declared signature carries the document's types; the implementation returns
  // `unknown` because TypeScript cannot relate openapi-fetch's generic answer to its 2xx branch. That is an
  // unchecked assertion, as a cast would be: what makes it true is that `succeeded` returns only 2xx answers,
  // whose bodies openapi-fetch types from the same document.
  function GET<Path extends PathsWithMethod<paths, 'get'>, Init extends MaybeOptionalInit<paths[Path], 'get'>>(path: Path, ...init: InitParam<Init>): Promise<Success<paths[Path]['get'], Init>>;
  function GET<Path extends PathsWithMethod<paths, 'get'>, Init extends MaybeOptionalInit<paths[Path], 'get'>>(path: Path, ...init: InitParam<Init>): Promise<unknown> {
    return succeeded('GET', path, raw.GET<Path, Init>(path, ...init));
  }
  function POST<Path extends PathsWithMethod<paths, 'post'>, Init extends MaybeOptionalInit<paths[Path], 'post'>>(path: Path, ...init: InitParam<Init>): Promise<Success<paths[Path]['post'], Init>>;
  function POST<Path extends PathsWithMethod<paths, 'post'>, Init extends MaybeOptionalInit<paths[Path], 'post'>>(path: Path, ...init: InitParam<Init>): Promise<unknown> {
    return succeeded('POST', path, raw.POST<Path, Init>(path, ...init));
  }
  function PUT<Path extends PathsWithMethod<paths, 'put'>, Init extends MaybeOptionalInit<paths[Path], 'put'>>(path: Path, ...init: InitParam<Init>): Promise<Success<paths[Path]['put'], Init>>;
  function PUT<Path extends PathsWithMethod<paths, 'put'>, Init extends MaybeOptionalInit<paths[Path], 'put'>>(path: Path, ...init: InitParam<Init>): Promise<unknown> {
    return succeeded('PUT', path, raw.PUT<Path, Init>(path, ...init));
  }
  function DELETE<Path extends PathsWithMethod<paths, 'delete'>, Init extends MaybeOptionalInit<paths[Path], 'delete'>>(path: Path, ...init: InitParam<Init>): Promise<Success<paths[Path]['delete'], Init>>;
  function DELETE<Path extends PathsWithMethod<paths, 'delete'>, Init extends MaybeOptionalInit<paths[Path], 'delete'>>(path: Path, ...init: InitParam<Init>): Promise<unknown> {
    return succeeded('DELETE', path, raw.DELETE<Path, Init>(path, ...init));
  }
  return {
    GET,
    POST,
    PUT,
    DELETE,
    paginate,
    accessToken: () => tokens.accessToken(),
    raw,
  };
}

async function succeeded(method: string, path: string, pending: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<{ data: unknown; response: Response }> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new ApiError(method, response.url || path, response.status, error);
  return { data, response };
}
