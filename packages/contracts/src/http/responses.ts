import type { z } from 'zod/v4';

/** What a route may answer: each kind of response a contract declares, and the helpers that declare them. */
export type ResponseHeaders = Record<string, { description: string; schema?: Record<string, unknown> }>;

export interface JsonResponse<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  description: string;
  schema: S;
  headers?: ResponseHeaders;
  /** A content type other than application/json, e.g. application/problem+json. */
  contentType?: string;
}
/** A problem body (RFC 9457, spec section 7); the handler gives `detail` or `errors`. */
export interface ProblemResponse {
  kind: 'problem';
  description: string;
  headers?: ResponseHeaders;
}
export interface EmptyResponse {
  kind: 'empty';
  description: string;
  headers?: ResponseHeaders;
}
/** A plain string: text/plain, or a JSON string when the request accepts application/json (spec 4.1 rule 4). */
export interface TextResponse {
  kind: 'text';
  description: string;
}
export interface HtmlResponse {
  kind: 'html';
  description: string;
}
export interface RedirectResponse {
  kind: 'redirect';
  description: string;
}

/** A body of one content type, sent as it is: a file of the service's own package (a script of the API reference), the metrics' text. */
export interface FileResponse {
  kind: 'file';
  description: string;
  contentType: string;
}

export type ResponseSpec = JsonResponse | ProblemResponse | EmptyResponse | TextResponse | HtmlResponse | RedirectResponse | FileResponse;

export const json = <S extends z.ZodType>(description: string, schema: S, headers?: ResponseHeaders): JsonResponse<S> => ({ kind: 'json', description, schema, ...(headers ? { headers } : {}) });
export const problem = (description: string, headers?: ResponseHeaders): ProblemResponse => ({ kind: 'problem', description, ...(headers ? { headers } : {}) });
export const empty = (description: string, headers?: ResponseHeaders): EmptyResponse => ({ kind: 'empty', description, ...(headers ? { headers } : {}) });
export const text = (description: string): TextResponse => ({ kind: 'text', description });
export const html = (description: string): HtmlResponse => ({ kind: 'html', description });
export const redirect = (description: string): RedirectResponse => ({ kind: 'redirect', description });
export const file = (description: string, contentType: string): FileResponse => ({ kind: 'file', description, contentType });

export const locationHeader = (description = 'Where the resource can be read.'): ResponseHeaders => ({ Location: { description, schema: { type: 'string' } } });
