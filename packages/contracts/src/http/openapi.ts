import { z } from 'zod/v4';
import type { $ZodType } from 'zod/v4/core';
import { problemDetailsSchema } from '../schema/common';
import { componentRef, JsonSchemaEmitter, registeredComponents, type JsonSchema } from '../schema/json-schema';
import { methodsByPath, type RequestBodySpec, type ResponseSpec, type RouteContract } from './route';
import { UnreadableRequestAnswers } from './unreadable-requests';

/** A message the platform sends to an app's webhook endpoint: listed under the document's `webhooks`. */
export interface WebhookMessageSpec {
  type: string;
  summary: string;
  schema: z.ZodType;
}

export interface ApiDocumentInfo {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
  tags: Array<{ name: string; description?: string }>;
  securitySchemes: Record<string, unknown>;
}

const problemContent = () => ({ 'application/problem+json': { schema: { $ref: componentRef('ProblemDetails') } } });

/** The app's budget at the edge (draft-ietf-httpapi-ratelimit-headers, the three-field form), on every answer after its token was verified. */
const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'The app’s burst: requests it may send at once (its token bucket’s size).', schema: { type: 'integer', example: 200 } },
  'RateLimit-Remaining': { description: 'Requests the app may still send at once (this edge instance’s view).', schema: { type: 'integer', example: 199 } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'integer', example: 1 } },
};
const rateLimitHeaderRefs = Object.fromEntries(Object.keys(rateLimitHeaders).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
/** Answers given before the rate limit is looked at: the token check's, another method's, and a request the server could not read. */
const beforeRateLimit = new Set(['401', '403', '405', '408', '431']);

/**
 * The OpenAPI 3.1 document of `routes`: each operation with its parameters, body and every
 * status it can answer, including the ones the HTTP kit adds (400 for invalid input, 401/403 for
 * tokens, 405 with Allow, 413/415 for bodies) and the server's own to a request it cannot read (400, 408,
 * 413, 431: on every operation).
 */
export function buildOpenApiDocument(info: ApiDocumentInfo, routes: readonly RouteContract[], webhookMessages: readonly WebhookMessageSpec[] = []) {
  const input = new JsonSchemaEmitter('input');
  const output = new JsonSchemaEmitter('output');
  const allow = methodsByPath(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method] = operation(route, input, output, allow.get(route.path) ?? []);
  }
  const webhooks = Object.fromEntries(webhookMessages.map((message) => [message.type, { post: webhookOperation(message, output) }]));
  const schemas: Record<string, JsonSchema> = { ProblemDetails: output.emitComponent(problemDetailsSchema) };
  for (const schema of registeredComponents()) {
    const id = (schema.meta() as { id?: string } | undefined)?.id;
    if (id && !(id in schemas)) schemas[id] = output.emitComponent(schema);
  }
  Object.assign(schemas, input.ownComponents());
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    security: [{ oauth2: ['customer-api'] }],
    tags: info.tags,
    paths,
    ...(webhookMessages.length > 0 ? { webhooks } : {}),
    components: { securitySchemes: info.securitySchemes, schemas, headers: rateLimitHeaders },
  };
}

function operation(route: RouteContract, input: JsonSchemaEmitter, output: JsonSchemaEmitter, allowed: string[]) {
  const parameters = [
    ...Object.entries(route.params).map(([name, schema]) => ({ name, in: 'path', required: true, schema: input.emit(schema) })),
    ...Object.entries(route.query).map(([name, schema]) => ({ name, in: 'query', required: !isOptional(schema), schema: input.emit(schema) })),
    ...Object.entries(route.headers).map(([name, schema]) => ({ name, in: 'header', required: !isOptional(schema), schema: input.emit(schema) })),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) responses[status] = response(spec, output);
  const validated = parameters.length > 0 || route.body !== undefined;
  const validationProblem = route.validationDetail ? 'Validation problem: `errors` names each invalid field, `detail` sums it up' : 'Validation problem: `errors` names each invalid field';
  if (validated && !responses['400']) responses['400'] = { description: validationProblem, content: problemContent() };
  else if (validated) {
    // The route answers some 400s itself (an OAuth error, a page); input the schemas reject is still a problem body.
    const own = responses['400'] as { description: string; content?: Record<string, unknown> };
    responses['400'] = { ...own, description: `${own.description}; or a ${validationProblem[0]!.toLowerCase()}${validationProblem.slice(1)}`, content: { ...own.content, ...problemContent() } };
  }
  if (typeof route.auth === 'object') {
    responses['401'] ??= { description: 'Missing, expired or invalid access token (with WWW-Authenticate: Bearer).', content: problemContent() };
    responses['403'] ??= { description: `The access token lacks the ${route.auth.scope} scope.`, content: problemContent() };
  }
  responses['405'] = {
    description: `Another method than ${allowed.join(', ')} on this path.`,
    headers: { Allow: { description: 'The methods this path serves.', schema: { type: 'string', example: allowed.join(', ') } } },
    content: problemContent(),
  };
  if (route.body) {
    responses['413'] = { description: `The body is larger than ${route.body.limit}.`, content: problemContent() };
    responses['415'] = { description: unsupportedBody(route.body), content: problemContent() };
  }
  if (Object.values(route.responses).some((response) => response.kind === 'json' || response.kind === 'problem' || response.kind === 'empty')) {
    // A route's own 503 (readiness) stays as it declared it.
    responses['503'] ??= {
      description: route.writesEvents
        ? 'The service cannot reach its store just now (it is restarting or failing over), or it already holds as many events not yet published as its bound allows (code `outbox_backlog`: its events are published slower than they are written; nothing was written): try again after Retry-After seconds.'
        : 'The service cannot reach its store just now (it is restarting or failing over): try again after Retry-After seconds.',
      headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', example: 5 } } },
      content: problemContent(),
    };
  }
  if (forwardedByEdge(route)) {
    responses['502'] = { description: `The ${route.service} service is unavailable (the edge answers).`, content: problemContent() };
    responses['504'] = { description: `The ${route.service} service did not answer in time (the edge answers).`, content: problemContent() };
  }
  unreadableRequests(responses);
  if (forwardedByEdge(route) && typeof route.auth === 'object') rateLimited(responses);
  return {
    operationId: route.operationId,
    'x-service': route.service,
    tags: route.tags,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.auth === 'public' ? [] : route.auth === 'admin' ? [{ adminToken: [] }] : [{ oauth2: [route.auth.scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route.body, input) } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

type DocumentedResponse = { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };

/**
 * What the server answers any request it cannot read, whatever its route (431 for headers over 16 KB,
 * 400, 408, 413): every operation lists them; a status the route answers itself keeps its meaning beside it.
 */
function unreadableRequests(responses: Record<string, unknown>): void {
  for (const answer of Object.values(UnreadableRequestAnswers)) {
    const status = String(answer.status);
    const unreadable = `${answer.detail.slice(0, -1)} (the server answers before any route, code \`${answer.code}\`).`;
    const own = responses[status] as DocumentedResponse | undefined;
    responses[status] = own
      ? { ...own, description: `${own.description.replace(/\.$/, '')}; or ${unreadable[0]!.toLowerCase()}${unreadable.slice(1)}`, content: { ...own.content, ...problemContent() } }
      : { description: unreadable, content: problemContent() };
  }
}

/**
 * The edge limits each app's API requests (a token bucket per client): a 429 problem with Retry-After (a
 * route's own 429 keeps its meaning beside it), and the RateLimit headers on every answer after the token check.
 */
function rateLimited(responses: Record<string, unknown>): void {
  const limited = 'The app’s rate limit is spent (the edge answers, code `rate_limited`): try again after Retry-After seconds.';
  const own = responses['429'] as DocumentedResponse | undefined;
  responses['429'] = {
    description: own ? `${own.description}; or ${limited[0]!.toLowerCase()}${limited.slice(1)}` : limited,
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again (at least 1).', schema: { type: 'integer', example: 1 } }, ...own?.headers },
    content: problemContent(),
  };
  for (const [status, response] of Object.entries(responses)) {
    if (beforeRateLimit.has(status)) continue;
    const answer = response as DocumentedResponse;
    responses[status] = { ...answer, headers: { ...answer.headers, ...rateLimitHeaderRefs } };
  }
}

const webhookHeaders = [
  { name: 'webhook-id', description: 'The message’s id: the same in every attempt and redelivery (use it to drop duplicates).' },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed.' },
  { name: 'webhook-signature', description: 'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per active secret (two while a rotated secret is in its grace period).' },
];

/** A message to an app's endpoint (OpenAPI 3.1 `webhooks`): signed Standard Webhooks headers, the body, and what each answer means. */
function webhookOperation(message: WebhookMessageSpec, output: JsonSchemaEmitter) {
  return {
    operationId: `webhook_${message.type.replace(/[.-]/g, '_')}`,
    tags: ['Webhooks'],
    summary: message.summary,
    parameters: webhookHeaders.map((h) => ({ ...h, in: 'header', required: true, schema: { type: 'string' } })),
    requestBody: { required: true, content: { 'application/json': { schema: output.emit(message.schema) } } },
    responses: {
      '2XX': { description: 'Received; no further attempts.' },
      '410': { description: 'Gone: the endpoint is disabled and gets no more messages until re-enabled.' },
      '429': { description: 'Too many requests: tried again after Retry-After (also on 503); any other answer, a timeout (15 s) or a connection error is retried on the schedule.' },
    },
  };
}

/** Routes the edge forwards to another service (its own and every service's health routes it serves itself). */
const forwardedByEdge = (route: RouteContract): boolean => route.service !== 'edge' && route.service !== 'every-service';

function unsupportedBody(body: RequestBodySpec): string {
  if (body.encoding === 'raw') return `The body is not one of ${body.mediaTypes!.join(', ')}.`;
  return body.encoding === 'json' ? 'The body is not JSON, or not in a charset it can be read in.' : 'The body is not in a charset it can be read in.';
}

function requestBody({ schema, encoding, mediaTypes, required }: RequestBodySpec, input: JsonSchemaEmitter) {
  if (encoding === 'raw') {
    // The file as it is sent: text in its media type (a statement is XML, MT940 or CSV), not a JSON value. (Schemathesis
    // sends `format: binary` bodies empty, whatever their minLength.)
    const file = { type: 'string', ...(required ? { minLength: 1 } : {}), ...(schema.description ? { description: schema.description } : {}) };
    return { required, content: Object.fromEntries(mediaTypes!.map((type) => [type, { schema: file }])) };
  }
  const json = input.emit(schema);
  const content: Record<string, unknown> = {};
  if (encoding !== 'form') content['application/json'] = { schema: json };
  if (encoding !== 'json') content['application/x-www-form-urlencoded'] = { schema: json };
  return { required, content };
}

function response(spec: ResponseSpec, output: JsonSchemaEmitter) {
  const headers = 'headers' in spec && spec.headers ? { headers: spec.headers } : {};
  switch (spec.kind) {
    case 'json':
      return { description: spec.description, ...headers, content: { [spec.contentType ?? 'application/json']: { schema: output.emit(spec.schema) } } };
    case 'problem':
      return { description: spec.description, ...headers, content: problemContent() };
    case 'empty':
      return { description: spec.description, ...headers };
    case 'text':
      return { description: spec.description, content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'string' } } } };
    case 'html':
      return { description: spec.description, content: { 'text/html': { schema: { type: 'string' } } } };
    case 'file':
      return { description: spec.description, content: { [spec.contentType]: { schema: { type: 'string' } } } };
    case 'redirect':
      return { description: spec.description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } };
  }
}

function isOptional(schema: $ZodType): boolean {
  return z.safeParse(schema, undefined).success;
}

