/**
 * The OpenAPI 3.1 document the edge serves at /openapi.json. It describes every route the edge
 * routes; e2e tests check each documented operation exists and each routed path is documented.
 */
import { consentPaths, consentSchemas } from './openapi-consents';
import { sequencingPaths, sequencingSchemas } from './openapi-sequencing';

const guid = { type: 'string', format: 'uuid' } as const;
const nullableGuids = { type: ['array', 'null'], items: guid } as const;

const problem = {
  type: 'object',
  required: ['status'],
  properties: {
    type: { type: ['string', 'null'], format: 'uri-reference' },
    title: { type: ['string', 'null'] },
    status: { type: 'integer', format: 'int32' },
    traceId: { type: ['string', 'null'] },
    errors: { type: ['object', 'null'], additionalProperties: { type: 'array', items: { type: 'string' } } },
    detail: { type: 'string' },
  },
};

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
});
const notFound = {
  description: 'Share not found (or not owned by the caller): a plain string.',
  content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'string' } } },
};
const authErrors = {
  '401': problemResponse('Missing, expired or invalid access token (with WWW-Authenticate: Bearer).'),
  '403': problemResponse('The access token lacks the customer-api scope.'),
};
const shareIdParam = { name: 'shareId', in: 'path', required: true, schema: guid };

export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Open-banking data platform API',
      version: '1.0.0',
      description:
        'Shares, consents, analysis jobs, sequencing, categorization feedback and webhooks. Obtain a token with the OAuth 2.0 client credentials flow at /connect/token (scope customer-api) and send it as a bearer token.',
    },
    servers: [{ url: serverUrl }],
    security: [{ oauth2: ['customer-api'] }],
    tags: [{ name: 'Shares' }, { name: 'Consents' }, { name: 'Sequencing' }, { name: 'Sandbox bank' }, { name: 'Authentication' }, { name: 'Operations' }],
    paths: {
      '/connect/token': {
        post: {
          tags: ['Authentication'],
          summary: 'Issue an access token (OAuth 2.0 client credentials)',
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['grant_type'],
                  properties: {
                    grant_type: { type: 'string', enum: ['client_credentials'] },
                    scope: { type: 'string', example: 'customer-api' },
                    client_id: { type: 'string', description: 'Unless HTTP Basic authentication is used.' },
                    client_secret: { type: 'string', description: 'Unless HTTP Basic authentication is used.' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Token issued',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenResponse' } } },
            },
            '400': { description: 'invalid_request, unsupported_grant_type or invalid_scope', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
            '401': { description: 'invalid_client', content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } },
          },
        },
      },
      '/.well-known/jwks.json': {
        get: {
          tags: ['Authentication'],
          summary: 'Public keys that verify access tokens (RS256, by kid)',
          security: [],
          responses: { '200': { description: 'JSON Web Key Set', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/shares': {
        get: {
          tags: ['Shares'],
          summary: 'List the calling app’s shares, oldest first',
          parameters: [
            { name: 'isExpired', in: 'query', schema: { type: ['boolean', 'null'] }, description: 'true: only expired shares; false: only unexpired ones; absent: all.' },
            { name: 'page', in: 'query', schema: { type: 'integer', format: 'int32', default: 1, minimum: 1 } },
            { name: 'pageSize', in: 'query', schema: { type: 'integer', format: 'int32', default: 50, minimum: 1, maximum: 500 } },
          ],
          responses: {
            '200': { description: 'A page of shares', content: { 'application/json': { schema: { $ref: '#/components/schemas/SharePagedList' } } } },
            '400': problemResponse('Validation problem'),
            ...authErrors,
          },
        },
        post: {
          tags: ['Shares'],
          summary: 'Create a share',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateShare' } } } },
          responses: {
            '200': { description: 'Created; data is the new share id', content: { 'application/json': { schema: { $ref: '#/components/schemas/IdentifierEnvelope' } } } },
            '400': problemResponse('Validation problem'),
            '413': problemResponse('Body too large'),
            '415': problemResponse('Body is not JSON'),
            ...authErrors,
          },
        },
      },
      '/shares/{shareId}': {
        get: {
          tags: ['Shares'],
          summary: 'Get a share',
          parameters: [shareIdParam],
          responses: {
            '200': { description: 'The share', content: { 'application/json': { schema: { $ref: '#/components/schemas/ShareEnvelope' } } } },
            '400': problemResponse('Validation problem'),
            '404': notFound,
            ...authErrors,
          },
        },
        put: {
          tags: ['Shares'],
          summary: 'Update a share’s expiration',
          parameters: [shareIdParam],
          requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/UpdateShare' } } } },
          responses: { '204': { description: 'Updated' }, '400': problemResponse('Validation problem'), '404': notFound, ...authErrors },
        },
        delete: {
          tags: ['Shares'],
          summary: 'Delete a share',
          parameters: [shareIdParam],
          responses: { '204': { description: 'Deleted' }, '400': problemResponse('Validation problem'), '404': notFound, ...authErrors },
        },
      },
      ...consentPaths,
      ...sequencingPaths,
      '/admin/clients': {
        post: {
          tags: ['Operations'],
          summary: 'Register an OAuth client (admin token)',
          security: [{ adminToken: [] }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    clientId: { type: 'string' },
                    name: { type: 'string' },
                    scopes: { type: 'array', items: { type: 'string', enum: ['customer-api', 'feedback-review'] } },
                    directProviderFlow: { type: 'boolean' },
                  },
                },
              },
            },
          },
          responses: {
            '201': { description: 'Registered; the secret is shown only in this response', content: { 'application/json': { schema: { type: 'object' } } } },
            '400': problemResponse('Validation problem'),
            '401': problemResponse('Missing or wrong admin token'),
            '409': problemResponse('Client id taken'),
          },
        },
      },
      '/health/live': { get: { tags: ['Operations'], summary: 'Liveness', security: [], responses: { '200': { description: 'Alive' } } } },
      '/health/ready': { get: { tags: ['Operations'], summary: 'Readiness', security: [], responses: { '200': { description: 'Ready' }, '503': { description: 'Not ready' } } } },
      '/openapi.json': { get: { tags: ['Operations'], summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1' } } } },
      '/docs': { get: { tags: ['Operations'], summary: 'Human-readable API reference', security: [], responses: { '200': { description: 'HTML' } } } },
    },
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/connect/token', scopes: { 'customer-api': 'The customer API', 'feedback-review': 'Review categorization feedback' } } },
        },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The operator’s ADMIN_TOKEN' },
      },
      schemas: {
        ProblemDetails: problem,
        OAuthError: { type: 'object', required: ['error'], properties: { error: { type: 'string' }, error_description: { type: 'string' } } },
        TokenResponse: {
          type: 'object',
          required: ['access_token', 'token_type', 'expires_in', 'scope'],
          properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer' }, scope: { type: 'string' } },
        },
        Share: {
          type: 'object',
          required: ['id', 'clientId', 'expirationDateUtc', 'consentIds', 'accountIds', 'analysisIds'],
          properties: {
            id: guid,
            clientId: { type: 'string' },
            reference: { type: ['string', 'null'] },
            expirationDateUtc: { type: 'string', format: 'date-time' },
            consentIds: nullableGuids,
            accountIds: nullableGuids,
            analysisIds: nullableGuids,
          },
        },
        CreateShare: {
          type: 'object',
          required: ['clientId'],
          properties: {
            clientId: { type: 'string', maxLength: 200 },
            reference: { type: ['string', 'null'], maxLength: 256 },
            expirationDateUtc: { type: ['string', 'null'], format: 'date-time', description: 'Default: one day from the time of the request.' },
            consentIds: nullableGuids,
            accountIds: nullableGuids,
            analysisIds: nullableGuids,
          },
        },
        UpdateShare: {
          type: 'object',
          properties: { expirationDateUtc: { type: ['string', 'null'], format: 'date-time', description: 'Default: one day from now.' } },
        },
        IdentifierEnvelope: { type: 'object', required: ['data'], properties: { data: guid } },
        ShareEnvelope: { type: 'object', required: ['data'], properties: { data: { oneOf: [{ $ref: '#/components/schemas/Share' }, { type: 'null' }] } } },
        Pagination: {
          type: 'object',
          required: ['page', 'size', 'totalCount', 'totalPages'],
          properties: {
            page: { type: 'integer', format: 'int32' },
            size: { type: 'integer', format: 'int32' },
            totalCount: { type: 'integer', format: 'int32' },
            totalPages: { type: 'integer', format: 'int32' },
          },
        },
        ...consentSchemas,
        ...sequencingSchemas,
        SharePagedList: {
          type: 'object',
          required: ['_pagination'],
          properties: { data: { type: ['array', 'null'], items: { $ref: '#/components/schemas/Share' } }, _pagination: { $ref: '#/components/schemas/Pagination' } },
        },
      },
    },
  };
}
