import { isUtf8 } from 'node:buffer';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { fieldName, methodsByPath, validationMessage, z, type $ZodType, type RouteAuth, type RouteContract } from '@obp/contracts';
import { sendProblem, sendValidationProblem } from '../problem';
import { idempotentHandle, type IdempotencyRecords } from './idempotency';
import type { RouteBinding, RouteResult } from './route-handler';
import { routeTableOf } from './route-table';

/** Guards a route by its `auth`: the service kit supplies the token and admin checks. */
export type RouteGuard = (auth: RouteAuth) => RequestHandler[];

type Errors = Record<string, string[]>;

export interface MountOptions {
  /** Where the Idempotency-Keys of idempotent routes are kept; required when a route is one. */
  idempotency?: IdempotencyRecords;
  /** Run after the guard on routes that write events (`writesEvents`): the service kit's admission while its outbox is backed up. */
  admitEventWrites?: RequestHandler;
}

/**
 * Mounts each binding on `app`: its guard, its body parser (only routes with a body parse one),
 * validation of parameters, query, headers and body against the contract's schemas (400 problem naming
 * each field), the handler (behind its Idempotency-Key when the route is idempotent), and the answer it
 * chose. Mount `answerMethodNotAllowed` after all routes.
 */
export function mountRoutes(app: Express, bindings: readonly RouteBinding[], guard: RouteGuard, options: MountOptions = {}): void {
  for (const binding of bindings) {
    const { contract } = binding;
    const handle = contract.idempotent ? idempotentHandle(binding, idempotencyRecords(contract, options)) : binding.handle;
    const route: RequestHandler = async (req, res) => {
      const errors: Errors = unreadableInput(req, contract);
      const params = parseShape(contract.params, pathValues(req), errors);
      const query = parseShape(contract.query, queryValues(req, Object.keys(contract.query)), errors);
      const headers = parseShape(contract.headers, headerValues(req, Object.keys(contract.headers)), errors);
      const body = contract.body ? parseValue(contract.body.schema, bodyValue(req, contract.body.required), errors) : undefined;
      if (Object.keys(errors).length > 0) return sendInvalid(res, contract, errors);
      const result = await handle({ params, query, headers, body, caller: res.locals.auth, req } as never);
      send(req, res, contract, result);
    };
    const admission = contract.writesEvents && options.admitEventWrites ? [options.admitEventWrites] : [];
    routeTableOf(app).add(contract.method, contract.path, [...guard(contract.auth), ...admission, ...bodyParsers(contract), route]);
  }
}

function idempotencyRecords(contract: RouteContract, options: MountOptions): IdempotencyRecords {
  if (!options.idempotency) throw new Error(`${contract.operationId} is idempotent: mount it with a store of Idempotency-Keys`);
  return options.idempotency;
}

/** 405 with `Allow` for the methods a declared path does not serve; mount after its routes. */
export function answerMethodNotAllowed(app: Express, contracts: readonly Pick<RouteContract, 'method' | 'path'>[]): void {
  for (const [path, methods] of methodsByPath(contracts)) {
    routeTableOf(app).addOtherMethods(path, [
      (req, res) => {
        res.set('Allow', methods.join(', '));
        sendProblem(res, 405, { detail: `${req.method} is not supported on ${req.path}.` });
      },
    ]);
  }
}

function parseShape(shape: Record<string, $ZodType>, values: Record<string, unknown>, errors: Errors): Record<string, unknown> {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, parseValue(schema, values[name], errors, [name])]));
}

/** The parsed value; each issue is filed under its field's name (`prefix` is the value's own path). */
function parseValue(schema: $ZodType, value: unknown, errors: Errors, prefix: PropertyKey[] = []): unknown {
  const result = z.safeParse(schema, value, { error: validationMessage });
  if (result.success) return result.data;
  for (const issue of result.error.issues) (errors[fieldName([...prefix, ...issue.path])] ??= []).push(issue.message);
  return undefined;
}

const pathValues = (req: Request): Record<string, unknown> => ({ ...req.params });

const NUL = '\u0000';

/** Requests whose raw body spells a NUL (`\u0000` in JSON, `%00` in a form): only their parsed body is searched for it. */
const bodiesSpellingNul = new WeakSet<object>();

/**
 * Input no field may hold, whatever its schema: the NUL character (C strings and some stores cut or
 * refuse it) in a path parameter, a declared query parameter or anywhere in the body (keys too), and a
 * declared query parameter whose percent-escapes do not decode as UTF-8 (decoding would put U+FFFD in
 * their place silently). Query parameters the route does not declare are ignored, as they always were.
 */
function unreadableInput(req: Request, contract: RouteContract): Errors {
  let errors: Errors | undefined;
  const fail = (field: string, message: string) => ((errors ??= {})[field] ??= []).push(message);
  const nul = (field: string) => fail(field, `The ${field} field must not contain the NUL character.`);
  for (const [name, value] of Object.entries(req.params)) if (typeof value === 'string' && value.includes(NUL)) nul(name);
  const queryString = req.url.includes('%') ? (req.url.split('#')[0]!.split('?')[1] ?? '') : '';
  const declared = new Map(Object.keys(contract.query).map((name) => [name.toLowerCase(), name]));
  if (queryString && declared.size > 0) {
    for (const pair of queryString.split('&')) {
      const [rawName = '', rawValue = ''] = pair.split(/=(.*)/s);
      const name = declared.get((decodeQueryPart(rawName) ?? rawName).toLowerCase());
      if (name === undefined) continue;
      const value = decodeQueryPart(rawValue);
      if (value === null) fail(name, `The ${name} parameter is not valid UTF-8 once percent-decoded.`);
      else if (value.includes(NUL)) nul(name);
    }
  }
  if (contract.body && bodiesSpellingNul.has(req)) for (const path of pathsHoldingNul(req.body)) nul(fieldName(path));
  return errors ?? {};
}

/**
 * A query or form part percent-decoded; null when its escapes are well-formed but not UTF-8. A malformed
 * escape (a `%` not followed by two hex digits) stays as written, as the query parser keeps it.
 */
function decodeQueryPart(part: string): string | null {
  const spaced = part.replace(/\+/g, ' ');
  if (!spaced.includes('%')) return spaced;
  if (/%(?![0-9a-fA-F]{2})/.test(spaced)) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return null;
  }
}

/**
 * The paths of every string in `value` (or key of an object in it) that holds NUL. Walked without
 * recursion and without copying paths (a body may nest thousands deep): a path is spelled only when found.
 */
function pathsHoldingNul(value: unknown): PropertyKey[][] {
  interface Step {
    value: unknown;
    key: PropertyKey | null;
    parent: Step | null;
  }
  const pathOf = (step: Step, last?: PropertyKey): PropertyKey[] => {
    const reversed: PropertyKey[] = last === undefined ? [] : [last];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const found: PropertyKey[][] = [];
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(pathOf(step));
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, key: i, parent: step }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) found.push(pathOf(step, key));
        else pending.push({ value: item, key, parent: step });
      }
    }
  }
  return found.reverse();
}

/** Query parameter names match case-insensitively; a repeated parameter keeps its first value. */
function queryValues(req: Request, names: string[]): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
    if (key === undefined) continue;
    const value = query[key];
    out[name] = Array.isArray(value) ? (value.length > 0 ? String(value[0]) : undefined) : value === undefined ? undefined : String(value);
  }
  return out;
}

/** Header names match case-insensitively (as HTTP says); a header sent twice is read as express joins it. */
function headerValues(req: Request, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, req.get(name)]));
}

/** An optional body that was not sent counts as an empty object; one that was sent (JSON `null` too) is validated as it is. */
function bodyValue(req: Request, required: boolean): unknown {
  const body: unknown = hasBody(req) ? req.body : undefined;
  if (!required && body === undefined) return {};
  return body;
}

const hasBody = (req: Request): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

function sendInvalid(res: Response, contract: RouteContract, errors: Errors): void {
  sendValidationProblem(res, errors, contract.validationDetail ? validationDetail(errors) : undefined);
}

const validationDetail = (errors: Errors): string => `The request is not valid: ${Object.keys(errors).join(', ')}.`;

const jsonTypes = ['application/json', 'application/*+json'];

/** The charset parameter of a Content-Type, lower case; null when none is given. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** Body bytes that are not UTF-8 would be decoded with U+FFFD in their place: refused instead (400). Notes a body that spells a NUL. */
const requireUtf8Json = (req: Request, _res: unknown, bytes: Buffer): void => {
  if (!isUtf8(bytes)) throw new Error('The request body is not valid UTF-8.');
  if (bytes.includes('\\u0000')) bodiesSpellingNul.add(req);
};

/** A form body is ASCII: its percent-escapes must decode as UTF-8. */
const requireUtf8Form = (req: Request, _res: unknown, bytes: Buffer): void => {
  const text = bytes.toString('latin1');
  if (!isUtf8(bytes) || text.split('&').some((pair) => pair.split('=').some((part) => decodeQueryPart(part) === null))) throw new Error('The request body is not valid UTF-8 once percent-decoded.');
  if (/%00/.test(text)) bodiesSpellingNul.add(req);
};

/** JSON bodies: 415 for another content type or a charset other than UTF-8, 413 past the limit, 400 for malformed JSON or bytes that are not UTF-8. */
function bodyParsers(contract: RouteContract): RequestHandler[] {
  const body = contract.body;
  if (!body) return [];
  if (body.encoding === 'raw') return rawBodyParsers(body.mediaTypes ?? [], body.limit, contract);
  const parsers: RequestHandler[] = [];
  if (body.encoding !== 'json') parsers.push(express.urlencoded({ extended: false, limit: body.limit, verify: requireUtf8Form }));
  if (body.encoding !== 'form') parsers.push(express.json({ limit: body.limit, strict: false, type: jsonTypes, verify: requireUtf8Json }));
  const requireJson: RequestHandler = (req, res, next) => {
    if (body.encoding === 'json' && hasBody(req) && !req.is(jsonTypes)) {
      sendProblem(res, 415, { detail: `Content-Type must be application/json, got '${req.get('content-type') ?? 'none'}'.` });
      return;
    }
    const charset = hasBody(req) ? charsetOf(req.get('content-type')) : null;
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      sendProblem(res, 415, { detail: `The request body must be UTF-8; charset '${charset}' is not supported.` });
      return;
    }
    next();
  };
  return [requireJson, ...parsers.map((parser) => answeringBodyErrors(parser, contract))];
}

/** A file handed over as its bytes: 415 for a media type the route does not take (any charset: the handler decodes), 413 past the limit. */
function rawBodyParsers(mediaTypes: readonly string[], limit: string, contract: RouteContract): RequestHandler[] {
  const requireMediaType: RequestHandler = (req, res, next) => {
    if (hasBody(req) && !req.is([...mediaTypes])) {
      sendProblem(res, 415, { detail: `Content-Type must be one of ${mediaTypes.join(', ')}, got '${req.get('content-type') ?? 'none'}'.` });
      return;
    }
    next();
  };
  return [requireMediaType, answeringBodyErrors(express.raw({ type: () => true, limit }), contract)];
}

function answeringBodyErrors(parser: RequestHandler, contract: RouteContract): RequestHandler {
  return (req, res, next) => {
    parser(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const type = (error as { type?: string }).type;
      if (type === 'entity.parse.failed') {
        const errors = { $: [`The request body is not valid JSON: ${(error as Error).message}`] };
        return sendInvalid(res, contract, errors);
      }
      if (type === 'entity.verify.failed') return sendInvalid(res, contract, { $: [(error as Error).message] });
      if (type === 'entity.too.large') return sendProblem(res, 413, { detail: `The request body is larger than ${(error as { limit?: number }).limit} bytes.` });
      if (type === 'encoding.unsupported' || type === 'charset.unsupported') return sendProblem(res, 415, { detail: (error as Error).message });
      next(error);
    });
  };
}

function send(req: Request, res: Response, contract: RouteContract, result: RouteResult<RouteContract>): void {
  const headers = 'headers' in result && result.headers ? result.headers : {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.set(name, value);
  if ('problem' in result) {
    const extras = result.problem;
    const withDetail = result.status === 400 && contract.validationDetail && extras.errors && extras.detail === undefined ? { ...extras, detail: validationDetail(extras.errors) } : extras;
    return sendProblem(res, result.status, withDetail);
  }
  if ('body' in result) return void res.status(result.status).json(result.body);
  if ('text' in result) return sendPlainString(req, res, result.status, result.text);
  if ('html' in result) return void res.status(result.status).type('html').send(result.html);
  if ('location' in result) return void res.status(result.status).location(result.location).end();
  // express answers 304 by itself when the request's If-None-Match matches the ETag the handler set (app.ts).
  if ('file' in result) return void res.status(result.status).type(result.contentType).send(result.file);
  res.status(result.status).end();
}

/**
 * A plain string body (spec 4.1 rule 4): a client that asks for JSON gets it as a JSON string
 * (what ASP.NET returns for `NotFound(string)`); any other gets text/plain.
 */
function sendPlainString(req: Request, res: Response, status: number, message: string): void {
  const wantsJson = req.accepts(['text/plain', 'application/json']) === 'application/json' && /json/i.test(req.get('accept') ?? '');
  if (wantsJson) res.status(status).json(message);
  else res.status(status).type('text/plain').send(message);
}
