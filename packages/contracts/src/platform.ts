import { z } from 'zod/v4';
import { defineRoutes, file, html, json, problem } from './http/route';
import { component, documentedAs } from './schema/json-schema';
import { registeredRedirectUrls } from './redirect-urls';
import { knownScopes, Scopes } from './scopes';

/** The edge's own routes (tokens, keys, the API document, operators) and every service's health routes. */

/** A form or JSON field read as text; any other value counts as absent (the OAuth errors then say what is missing). */
const tokenField = (description?: string) => documentedAs(z.unknown().optional().transform((v) => (typeof v === 'string' ? v : undefined)), { type: 'string', ...(description ? { description } : {}) });
const asObject = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});

export const tokenRequestBody = z.preprocess(
  asObject,
  z.object({
    grant_type: tokenField('client_credentials'),
    scope: tokenField('Space-separated scopes, e.g. customer-api; default: every scope of the client.'),
    client_id: tokenField('Unless HTTP Basic authentication is used.'),
    client_secret: tokenField('Unless HTTP Basic authentication is used.'),
  }),
);

export const tokenResponseSchema = component(
  'TokenResponse',
  z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int(), scope: z.string() }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 section 5.2. */
export const oauthErrorSchema = component('OAuthError', z.object({ error: z.string(), error_description: z.string().optional() }));

export const jwksSchema = component('JsonWebKeySet', z.object({ keys: z.array(z.object({ kid: z.string(), kty: z.string(), use: z.string(), alg: z.string() }).catchall(z.unknown())) }));

const clientIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/;
const scopesMessage = `The scopes must be a non-empty array of: ${knownScopes.join(', ')}.`;

const rateLimitMessage = 'The rateLimit must be { burst: an integer 1-1000000, perSecond: a number from 0.001 to 100000 }.';

/** A client's token bucket at the edge: `burst` requests at once, refilled at `perSecond`. */
export const rateLimitSchema = component(
  'RateLimit',
  z.strictObject(
    {
      burst: z.number({ error: () => rateLimitMessage }).int({ error: () => rateLimitMessage }).min(1, { error: () => rateLimitMessage }).max(1_000_000, { error: () => rateLimitMessage }),
      perSecond: z.number({ error: () => rateLimitMessage }).min(0.001, { error: () => rateLimitMessage }).max(100_000, { error: () => rateLimitMessage }),
    },
    { error: () => rateLimitMessage },
  ),
  'A token bucket: up to `burst` requests at once, refilled at `perSecond` requests a second.',
);
export type RateLimit = z.infer<typeof rateLimitSchema>;

/** What an operator gives to register an app; every field is optional, and so is the body itself. */
export const registerClientBody = z.object({
  clientId: z
    .string({ error: () => 'The clientId must be 3-100 characters of letters, digits, dot, dash or underscore.' })
    .regex(clientIdPattern, { error: () => 'The clientId must be 3-100 characters of letters, digits, dot, dash or underscore.' })
    .nullish(),
  name: z
    .string({ error: () => 'The name must be a string of 1-200 characters.' })
    .trim()
    .min(1, { error: () => 'The name must be a string of 1-200 characters.' })
    .max(200, { error: () => 'The name must be a string of 1-200 characters.' })
    .nullish(),
  scopes: z
    .array(z.enum(Object.values(Scopes), { error: () => scopesMessage }), { error: () => scopesMessage })
    .min(1, { error: () => scopesMessage })
    .nullish(),
  directProviderFlow: z.boolean({ error: () => 'The directProviderFlow field must be a boolean.' }).nullish(),
  redirectUrls: registeredRedirectUrls.nullish(),
  /** The app's own limit at the edge; without it the edge's default applies. */
  rateLimit: rateLimitSchema.nullish(),
});
export type RegisterClientBody = z.output<typeof registerClientBody>;

export const registeredClientSchema = component(
  'RegisteredClient',
  z.object({ clientId: z.string(), clientSecret: z.string(), name: z.string(), scopes: z.array(z.string()), directProviderFlow: z.boolean(), redirectUrls: z.array(z.string()), rateLimit: rateLimitSchema.nullable() }),
);

export const edgeRoutes = defineRoutes(
  { service: 'edge', tags: ['Authentication'], bodyLimit: '16kb' },
  {
    issueToken: {
      method: 'post',
      path: '/connect/token',
      auth: 'public',
      summary: 'Issue an access token (OAuth 2.0 client credentials)',
      body: { schema: tokenRequestBody, encoding: 'json-or-form' },
      responses: {
        200: json('Token issued', tokenResponseSchema),
        400: json('invalid_request, unsupported_grant_type or invalid_scope', oauthErrorSchema),
        401: json('invalid_client (with WWW-Authenticate: Basic when HTTP Basic was used)', oauthErrorSchema),
        429: problem('Too many token requests from this address, or for this client_id (code `rate_limited`): try again after Retry-After seconds', {
          'Retry-After': { description: 'Seconds to wait before trying again (at least 1).', schema: { type: 'integer' } },
        }),
      },
    },
    getJwks: {
      method: 'get',
      path: '/.well-known/jwks.json',
      auth: 'public',
      summary: 'Public keys that verify access tokens (RS256, by kid)',
      responses: { 200: json('JSON Web Key Set', jwksSchema) },
    },
    getOpenApiDocument: {
      method: 'get',
      path: '/openapi.json',
      auth: 'public',
      tags: ['Operations'],
      summary: 'This document',
      responses: { 200: json('OpenAPI 3.1', z.object({ openapi: z.string() }).catchall(z.unknown())) },
    },
    registerClient: {
      method: 'post',
      path: '/admin/clients',
      auth: 'admin',
      tags: ['Operations'],
      summary: 'Register an OAuth client (admin token)',
      body: { schema: registerClientBody, required: false },
      responses: {
        201: json('Registered; the secret is shown only in this response', registeredClientSchema),
        401: problem('Missing or wrong admin token'),
        409: problem('Client id taken'),
      },
    },
  },
);

/** The API reference at /docs, rendered in the browser from /openapi.json. */
export const apiReferenceRoutes = defineRoutes(
  { service: 'edge', tags: ['Operations'] },
  {
    getApiReference: {
      method: 'get',
      path: '/docs',
      auth: 'public',
      tags: ['Operations'],
      summary: 'Human-readable API reference',
      responses: { 200: html('HTML') },
    },
    getApiReferenceAsset: {
      method: 'get',
      path: '/docs/assets/{fileName}',
      auth: 'public',
      tags: ['Operations'],
      summary: 'A script of the API reference (its renderer, served from the edge’s own package)',
      params: { fileName: z.string() },
      responses: { 200: file('The script, cached for a year (its name changes with its content)', 'text/javascript'), 404: problem('No such script') },
    },
  },
);

export const healthStatusSchema = component(
  'HealthStatus',
  z.object({ status: z.enum(['ok', 'failing', 'starting', 'shutting-down']), checks: z.record(z.string(), z.enum(['ok', 'failing'])).optional() }),
);

/** Served by the edge and by every service. */
export const healthRoutes = defineRoutes(
  { service: 'every-service', tags: ['Operations'] },
  {
    getLiveness: {
      method: 'get',
      path: '/health/live',
      auth: 'public',
      summary: 'Liveness: the process runs',
      responses: { 200: json('Alive', healthStatusSchema) },
    },
    getReadiness: {
      method: 'get',
      path: '/health/ready',
      auth: 'public',
      summary: 'Readiness: every dependency is up, every consumer has joined its group, and the service is not draining',
      responses: { 200: json('Ready', healthStatusSchema), 503: json('Not ready (starting, failing or shutting down)', healthStatusSchema) },
    },
  },
);

export { Scopes };

/**
 * Served by the edge and by every service on its own port, unauthenticated like health (keep it off
 * the public ingress): the process's metrics in the Prometheus text format, each named in docs/metrics.md.
 */
export const metricsRoutes = defineRoutes(
  { service: 'every-service', tags: ['Operations'] },
  {
    getMetrics: {
      method: 'get',
      path: '/metrics',
      auth: 'public',
      summary: 'Metrics of the process that answers, in the Prometheus text exposition format (version 0.0.4)',
      responses: { 200: file('Prometheus text: request durations per route, consumer lag, outbox backlog, job queues and outcomes', 'text/plain') },
    },
  },
);
