import { ConsentStatuses, SyncModes } from './consents';

/** OpenAPI paths and schemas of consents, accounts, transactions, providers and the sandbox bank. */
const guid = { type: 'string', format: 'uuid' } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('ProblemDetails') } } });
const authErrors = {
  '401': problem('Missing, expired or invalid access token (with WWW-Authenticate: Bearer).'),
  '403': problem('The access token lacks the customer-api scope.'),
};
const idParam = (description: string) => ({ name: 'id', in: 'path', required: true, schema: guid, description });
const notFound = problem('Not found, erased, or neither owned by nor shared with the caller.');
const dataOf = (schema: object) => ({ type: 'object', required: ['data'], properties: { data: schema } });

export const consentPaths = {
  '/providers': {
    get: {
      tags: ['Consents'],
      summary: 'List the providers (banks) a consent can be created for',
      responses: { '200': { description: 'Providers', content: json(dataOf({ type: 'array', items: ref('Provider') })) }, ...authErrors },
    },
  },
  '/consents': {
    get: {
      tags: ['Consents'],
      summary: 'List the calling app’s consents, oldest first',
      parameters: [
        { name: 'ConsentId', in: 'query', schema: { type: ['string', 'null'], format: 'uuid' } },
        { name: 'UserId', in: 'query', schema: { type: ['string', 'null'], format: 'uuid' } },
        { name: 'ExternalUserId', in: 'query', schema: { type: ['string', 'null'] } },
      ],
      responses: { '200': { description: 'Consents', content: json(dataOf({ type: 'array', items: ref('Consent') })) }, '400': problem('Validation problem'), ...authErrors },
    },
    post: {
      tags: ['Consents'],
      summary: 'Create a consent (apps registered for the direct provider flow only)',
      description: 'Send the user to consentUrl; after approving or declining there, the user is redirected to redirectUrl with consentId and status appended.',
      requestBody: { required: true, content: json(ref('CreateConsent')) },
      responses: {
        '201': { description: 'Created', content: json(ref('CreatedConsent')) },
        '400': problem('Validation problem (with detail)'),
        '401': authErrors['401'],
        '403': problem('The app is not registered for the direct provider flow, or the token lacks the customer-api scope.'),
        '413': problem('Body too large'),
        '415': problem('Body is not JSON'),
      },
    },
  },
  '/consents/{id}': {
    get: {
      tags: ['Consents'],
      summary: 'Get a consent (owner, or an app holding an unexpired share naming it)',
      parameters: [idParam('Consent id')],
      responses: { '200': { description: 'The consent', content: json(dataOf(ref('Consent'))) }, '400': problem('Validation problem'), '404': notFound, ...authErrors },
    },
    delete: {
      tags: ['Consents'],
      summary: 'Erase a consent, its accounts, transactions and everything derived from it, in every service',
      parameters: [idParam('Consent id')],
      responses: { '204': { description: 'Erased' }, '400': problem('Validation problem'), '404': notFound, ...authErrors },
    },
  },
  '/consents/{id}/refresh': {
    post: {
      tags: ['Consents'],
      summary: 'Refresh accounts and transactions in the background (6 per consent per rolling day)',
      description: 'Completion is announced by the transactions.fetched event (webhook).',
      parameters: [idParam('Consent id')],
      responses: {
        '202': { description: 'Refresh queued' },
        '400': problem('Validation problem'),
        '404': notFound,
        '409': problem('The consent is not in a state that can be refreshed (Initialized, Rejected, TimedOut, Invalidated)'),
        '429': {
          description: 'Refresh limit reached; Retry-After gives the seconds until the next allowed refresh and detail the instant',
          headers: { 'Retry-After': { schema: { type: 'integer' } } },
          content: { 'application/problem+json': { schema: ref('ProblemDetails') } },
        },
        ...authErrors,
      },
    },
  },
  '/consents/{id}/accounts': {
    get: {
      tags: ['Consents'],
      summary: 'The consent’s accounts',
      parameters: [idParam('Consent id')],
      responses: { '200': { description: 'Accounts', content: json(dataOf({ type: 'array', items: ref('Account') })) }, '400': problem('Validation problem'), '404': notFound, ...authErrors },
    },
  },
  '/accounts/{id}/transactions': {
    get: {
      tags: ['Consents'],
      summary: 'An account’s transactions, newest booking first (owner, or a share naming the account or its consent)',
      parameters: [
        idParam('Account id'),
        { name: 'page', in: 'query', schema: { type: 'integer', format: 'int32', default: 1, minimum: 1 } },
        { name: 'pageSize', in: 'query', schema: { type: 'integer', format: 'int32', default: 50, minimum: 1, maximum: 500 } },
        { name: 'dateFrom', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Booked on or after (inclusive).' },
        { name: 'dateTo', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Booked on or before (inclusive).' },
      ],
      responses: {
        '200': {
          description: 'A page of transactions',
          content: json({ type: 'object', required: ['_pagination'], properties: { data: { type: ['array', 'null'], items: ref('Transaction') }, _pagination: ref('Pagination') } }),
        },
        '400': problem('Validation problem'),
        '404': notFound,
        ...authErrors,
      },
    },
  },
  '/sandbox/{providerKey}/authorize': {
    get: {
      tags: ['Sandbox bank'],
      summary: 'The sandbox bank’s consent page (the consentUrl), for the end user’s browser',
      security: [],
      parameters: [
        { name: 'providerKey', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'consentId', in: 'query', required: true, schema: guid },
        { name: 'state', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: { '200': { description: 'HTML page with Approve and Decline' }, '303': { description: 'Already decided: back to redirectUrl' }, '404': { description: 'Unknown link (HTML)' } },
    },
    post: {
      tags: ['Sandbox bank'],
      summary: 'The user’s decision; redirects to redirectUrl?consentId=…&status=Authenticated|Rejected',
      security: [],
      parameters: [{ name: 'providerKey', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', required: ['consentId', 'state', 'decision'], properties: { consentId: guid, state: { type: 'string' }, decision: { type: 'string', enum: ['approve', 'decline'] } } },
          },
        },
      },
      responses: { '303': { description: 'Redirect to the app' }, '400': { description: 'No decision (HTML)' }, '404': { description: 'Unknown link (HTML)' } },
    },
  },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const consentSchemas = {
  Provider: {
    type: 'object',
    required: ['key', 'name', 'countryCodes'],
    properties: { key: { type: 'string' }, name: { type: 'string' }, countryCodes: { type: 'array', items: { type: 'string' } }, description: { type: 'string' } },
  },
  CreateConsent: {
    type: 'object',
    required: ['providerKey', 'redirectUrl'],
    properties: {
      providerKey: { type: 'string' },
      countryCode: { type: ['string', 'null'], pattern: '^[A-Za-z]{2}$', default: 'NL' },
      userId: { type: ['string', 'null'], format: 'uuid' },
      externalUserId: { type: ['string', 'null'], maxLength: 256 },
      redirectUrl: { type: 'string', format: 'uri', maxLength: 2048 },
      syncMode: { type: ['string', 'null'], enum: [...SyncModes, null], description: 'Manual: only refreshes fetch. Daily: also fetched again once the data is a day old.' },
    },
  },
  CreatedConsent: { type: 'object', required: ['consentId', 'consentUrl'], properties: { consentId: guid, consentUrl: { type: 'string', format: 'uri' } } },
  Consent: {
    type: 'object',
    required: ['id', 'status', 'dateStatusUpdated', 'dateRequested', 'dateExpire', 'dateTransactionsUpdated', 'providerKey', 'errors'],
    properties: {
      id: guid,
      status: { type: 'string', enum: [...ConsentStatuses] },
      dateStatusUpdated: { type: 'string', format: 'date-time' },
      dateRequested: { type: 'string', format: 'date-time' },
      dateExpire: { type: 'string', format: 'date-time' },
      dateTransactionsUpdated: { type: ['string', 'null'], format: 'date-time' },
      providerKey: { type: 'string' },
      countryCode: { type: 'string' },
      userId: { type: ['string', 'null'], format: 'uuid' },
      externalUserId: nullableString,
      syncMode: { type: ['string', 'null'], enum: [...SyncModes, null] },
      redirectUrl: { type: 'string' },
      errors: {
        type: 'array',
        items: { type: 'object', required: ['date', 'type', 'message', 'code'], properties: { date: { type: 'string', format: 'date-time' }, type: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } } },
      },
    },
  },
  Account: {
    type: 'object',
    required: ['id', 'consentId', 'iban', 'name', 'type', 'currency', 'ownerName'],
    properties: { id: guid, consentId: guid, iban: { type: 'string' }, name: { type: 'string' }, type: { type: 'string' }, currency: { type: 'string' }, ownerName: { type: 'string' } },
  },
  Transaction: {
    type: 'object',
    required: ['id', 'accountId', 'amount', 'currency', 'bookingDate'],
    properties: {
      id: guid,
      accountId: guid,
      amount: { type: 'number', description: 'Signed: negative is money out.' },
      currency: { type: 'string' },
      bookingDate: { type: 'string', format: 'date-time' },
      valueDate: { type: ['string', 'null'], format: 'date-time' },
      description: nullableString,
      counterpartName: nullableString,
      counterpartAccountNumber: nullableString,
      transactionType: nullableString,
      transactionTypeName: nullableString,
      reasonCode: nullableString,
      purposeCode: nullableString,
    },
  },
} as const;
