import { z } from 'zod/v4';
import { ConsentStatuses } from './consents';
import { defineRoutes, empty, json, locationHeader, problem } from './http/route';
import { dataEnvelope, dateTimeString, guidString, int32, pagedList } from './schema/common';
import { dateTime, INT32_MAX, optionalEnumIgnoringCase, pathGuid, previewValue, queryInt32, report, requestObject, type Describe } from './schema/fields';
import { component, documentedAs } from './schema/json-schema';
import { Scopes } from './scopes';
import { shareSchema } from './shares';

/** Every event type a webhook endpoint can receive; `webhook.ping` only when the app asks for one. */
export const WebhookEventTypes = [
  'share.created',
  'share.updated',
  'share.deleted',
  'consent.status.updated',
  'consent.expiring',
  'transactions.fetched',
  'analysis-job.completed',
  'analysis-job.failed',
  'categorization-feedback.reviewed',
  'webhook.ping',
] as const;
export type WebhookEventType = (typeof WebhookEventTypes)[number];

/** The event types an endpoint subscribes to (a ping is sent on request, whatever the subscription). */
export const SubscribableWebhookEventTypes = WebhookEventTypes.filter((t): t is Exclude<WebhookEventType, 'webhook.ping'> => t !== 'webhook.ping');
export type SubscribableWebhookEventType = (typeof SubscribableWebhookEventTypes)[number];

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
export const DEFAULT_WEBHOOK_PAGE_SIZE = 50;
export const MAX_WEBHOOK_PAGE_SIZE = 500;

// The `data` of each event type.

export const consentStatusUpdatedWebhookData = component(
  'ConsentStatusUpdatedWebhookData',
  z.object({ consentId: guidString(), userId: guidString().nullable(), externalUserId: z.string().nullable(), status: z.enum(ConsentStatuses), dateStatusUpdated: dateTimeString() }),
);

export const consentExpiringWebhookData = component(
  'ConsentExpiringWebhookData',
  z.object({
    consentId: guidString(),
    userId: guidString().nullable(),
    externalUserId: z.string().nullable(),
    providerKey: z.string(),
    status: z.enum(ConsentStatuses),
    validUntil: dateTimeString().meta({ description: 'When the access granted at the bank ends (the consent’s dateExpire).' }),
  }),
  'The user’s access at an XS2A bank ends soon: re-authorise it (POST /consents/{id}/reauthorise) to keep the consent fetching.',
);

export const transactionsFetchedWebhookData = component(
  'TransactionsFetchedWebhookData',
  z.object({
    consentId: guidString(),
    userId: guidString().nullable(),
    externalUserId: z.string().nullable(),
    addedTransactionsCount: int32(),
    dateTransactionsUpdated: dateTimeString(),
  }),
  'The spec’s “Transactions Fetched”: a fetch (after approval or a refresh) has finished.',
);

export const analysisJobCompletedWebhookData = component(
  'AnalysisJobCompletedWebhookData',
  z.object({ analysisJobId: guidString(), reference: z.string().nullable(), status: z.literal('Completed'), completedAt: dateTimeString() }),
);

export const analysisJobFailedWebhookData = component(
  'AnalysisJobFailedWebhookData',
  z.object({
    analysisJobId: guidString(),
    reference: z.string().nullable(),
    status: z.literal('Failed'),
    failure: z.object({ code: z.string(), message: z.string() }),
    completedAt: dateTimeString(),
  }),
);

export const categorizationFeedbackReviewedWebhookData = component(
  'CategorizationFeedbackReviewedWebhookData',
  z.object({
    feedbackId: guidString(),
    transactionId: guidString(),
    status: z.enum(['Accepted', 'Rejected']),
    note: z.string().nullable().meta({ description: 'The reviewer’s note.' }),
    reviewedAt: dateTimeString(),
  }),
);

export const webhookPingData = component('WebhookPingData', z.object({ webhookId: guidString() }));

export const webhookEventDataSchemas = {
  'share.created': shareSchema,
  'share.updated': shareSchema,
  'share.deleted': shareSchema,
  'consent.status.updated': consentStatusUpdatedWebhookData,
  'consent.expiring': consentExpiringWebhookData,
  'transactions.fetched': transactionsFetchedWebhookData,
  'analysis-job.completed': analysisJobCompletedWebhookData,
  'analysis-job.failed': analysisJobFailedWebhookData,
  'categorization-feedback.reviewed': categorizationFeedbackReviewedWebhookData,
  'webhook.ping': webhookPingData,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof webhookEventDataSchemas)[T]>;

const webhookSummaries: Record<WebhookEventType, string> = {
  'share.created': 'A share of the app was created',
  'share.updated': 'A share of the app changed (its expiration, or ids removed by an erasure)',
  'share.deleted': 'A share of the app was deleted',
  'consent.status.updated': 'A consent of the app changed status',
  'consent.expiring': 'A consent’s access at its bank ends within the notice period (CONSENT_EXPIRING_NOTICE_DAYS); sent once per bank consent',
  'transactions.fetched': 'Transactions Fetched: a consent’s accounts and transactions were fetched',
  'analysis-job.completed': 'An analysis job of the app completed',
  'analysis-job.failed': 'An analysis job of the app failed',
  'categorization-feedback.reviewed': 'A reviewer accepted or rejected the app’s categorization feedback',
  'webhook.ping': 'A test message the app asked for (POST /webhooks/{id}/ping)',
};

const pascalCase = (type: string) => type.split(/[.-]/).map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

/** The body of a webhook message (Standard Webhooks): `{ type, timestamp, data }`. */
const webhookMessageSchema = <T extends WebhookEventType>(type: T) =>
  component(`${pascalCase(type)}Webhook`, z.object({ type: z.literal(type), timestamp: dateTimeString().meta({ description: 'When the event happened.' }), data: webhookEventDataSchemas[type] }));

/** A webhook message as the receiver gets it: what the API document lists under `webhooks`. */
export interface WebhookMessageContract {
  type: WebhookEventType;
  summary: string;
  schema: z.ZodType;
}

export const webhookMessages: readonly WebhookMessageContract[] = WebhookEventTypes.map((type) => ({ type, summary: webhookSummaries[type], schema: webhookMessageSchema(type) }));

// The endpoints API.

export const webhookEndpointSchema = component(
  'WebhookEndpoint',
  z.object({
    id: guidString(),
    url: z.string().meta({ format: 'uri' }),
    description: z.string().nullable(),
    events: z.array(z.enum(SubscribableWebhookEventTypes)),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['gone', 'failing', 'by-app'])
      .nullable()
      .meta({ description: '`gone`: the endpoint answered 410; `failing`: every attempt failed for 5 days; `by-app`: the app disabled it. Null while enabled.' }),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
  }),
  'Where the app receives webhook messages, and which event types.',
);
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;

export const createdWebhookEndpointSchema = component(
  'CreatedWebhookEndpoint',
  webhookEndpointSchema.extend({ secret: z.string().meta({ description: 'The signing secret, `whsec_` and base64 (Standard Webhooks). Shown only here.' }) }),
);

export const rotatedWebhookSecretSchema = component(
  'RotatedWebhookSecret',
  z.object({
    secret: z.string().meta({ description: 'The new signing secret; shown only here.' }),
    previousSecretExpiresAt: dateTimeString().meta({ description: 'Until then messages carry a signature with the secret this one replaced as well (and with an earlier one whose 24 hours have not ended).' }),
  }),
);

export const WebhookDeliveryTriggers = ['scheduled', 'manual', 'replay'] as const;
export type WebhookDeliveryTrigger = (typeof WebhookDeliveryTriggers)[number];

export const webhookDeliveryAttemptSchema = component(
  'WebhookDeliveryAttempt',
  z.object({
    id: guidString(),
    deliveryId: z.string().meta({ description: 'The message: its `webhook-id`, the same in every attempt.' }),
    eventType: z.enum(WebhookEventTypes),
    trigger: z.enum(WebhookDeliveryTriggers),
    status: z.enum(['succeeded', 'failed']),
    responseStatus: int32().nullable().meta({ description: 'Null when no answer came (timeout, connection error, refused address).' }),
    responseBody: z.string().nullable().meta({ description: 'The start of the answer’s body (at most 1 KiB).' }),
    error: z.string().nullable(),
    durationMs: int32(),
    attemptedAt: dateTimeString(),
    nextAttemptAt: dateTimeString().nullable().meta({ description: 'When the message is tried again; null when it is not.' }),
    request: z
      .object({
        headers: z.record(z.string(), z.string()).meta({ description: 'The headers the attempt sent but `webhook-signature` and `content-length` (the signature was made with the secrets in use then).' }),
        body: z.string().nullable().meta({ description: 'The body sent (the same in every attempt of the message); null once the message is no longer kept.' }),
      })
      .meta({ description: 'What the attempt sent.' }),
  }),
);
export type WebhookDeliveryAttemptDto = z.infer<typeof webhookDeliveryAttemptSchema>;

const unknownEventType: Describe = (_f, v) => `The value '${previewValue(v)}' is not an event type; use one of ${SubscribableWebhookEventTypes.join(', ')}.`;

/** An absolute URL with the http or https scheme (whether http is allowed is the service's to say). */
function webhookUrl() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return report(ctx, value, (f) => `The ${f} field is required.`);
    if (typeof value !== 'string') return report(ctx, value, (f) => `The ${f} field must be a string.`);
    if (value.length > MAX_WEBHOOK_URL_LENGTH) return report(ctx, value, (f) => `The ${f} field must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      return report(ctx, value, (f, v) => `The ${f} field must be an absolute URL; '${previewValue(v)}' is not one.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return report(ctx, value, (f) => `The ${f} field must use the https (or, outside production, http) scheme, not ${url.protocol.slice(0, -1)}.`);
    if (url.username || url.password) return report(ctx, value, (f) => `The ${f} field must not carry credentials.`);
    return url.toString();
  });
  return documentedAs(schema, { type: 'string', format: 'uri', minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\u0000]*$' });
}

/** A non-empty list of subscribable event types; duplicates collapse; an unknown type is filed under `events[i]`. */
function eventTypeList() {
  const eventType = z.unknown().transform((value, ctx) =>
    typeof value === 'string' && (SubscribableWebhookEventTypes as readonly string[]).includes(value) ? (value as SubscribableWebhookEventType) : report(ctx, value, unknownEventType),
  );
  const schema = z
    .array(eventType, { error: () => 'The events field must be an array of event types.' })
    .min(1, { error: () => 'The events field must name at least one event type.' })
    .max(SubscribableWebhookEventTypes.length * 4, { error: () => 'The events field names too many event types.' })
    .transform((types) => [...new Set(types)]);
  return documentedAs(schema, { type: 'array', minItems: 1, items: { type: 'string', enum: [...SubscribableWebhookEventTypes] } });
}

function optionalDescription() {
  const schema = z
    .unknown()
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined || value === null) return value;
      if (typeof value !== 'string') return report(ctx, value, (f) => `The ${f} field must be a string or null.`);
      if (value.length > MAX_WEBHOOK_DESCRIPTION_LENGTH) return report(ctx, value, (f) => `The ${f} field must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters.`);
      return value;
    });
  return documentedAs(schema, { type: ['string', 'null'], maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH });
}

function optionalBoolean(fallback?: boolean) {
  const schema = z
    .unknown()
    .optional()
    .transform((value, ctx): boolean | undefined => {
      if (value === undefined || value === null) return fallback;
      return typeof value === 'boolean' ? value : report(ctx, value, (f) => `The ${f} field must be true or false.`);
    });
  return documentedAs(schema, { type: ['boolean', 'null'], ...(fallback === undefined ? {} : { default: fallback }) });
}

export const createWebhookBody = requestObject({ url: webhookUrl(), events: eventTypeList(), description: optionalDescription() });
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

/** Fields left out stay as they are. */
export const updateWebhookBody = requestObject({
  url: webhookUrl().optional(),
  events: eventTypeList().optional(),
  description: optionalDescription(),
  enabled: optionalBoolean().meta({ description: 'true re-enables an endpoint that was disabled (410, or failing for 5 days).' }),
});
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

export const replayWebhookBody = requestObject({
  since: dateTime().meta({ description: 'Messages created at or after this instant are sent again.' }),
  onlyFailed: optionalBoolean(false).meta({ description: 'Only messages whose delivery failed for good.' }),
});
export type ReplayWebhookBody = z.output<typeof replayWebhookBody>;

const customer = { scope: Scopes.customerApi };
const webhookId = { id: pathGuid() };
const notFound = problem('No such endpoint of the calling app.');
const disabled = problem('The endpoint is disabled; enable it first (PUT with enabled: true).');
const paging = {
  page: queryInt32({ default: 1, min: 1, max: INT32_MAX }),
  pageSize: queryInt32({ default: DEFAULT_WEBHOOK_PAGE_SIZE, min: 1, max: MAX_WEBHOOK_PAGE_SIZE }),
};
const queuedSchema = component('QueuedWebhookDeliveries', dataEnvelope(z.object({ deliveryIds: z.array(z.string()) })));

export const webhookRoutes = defineRoutes(
  { service: 'webhooks', tags: ['Webhooks'], bodyLimit: '16kb' },
  {
    listWebhooks: {
      method: 'get',
      path: '/webhooks',
      auth: customer,
      summary: 'List the calling app’s webhook endpoints, oldest first',
      query: paging,
      responses: { 200: json('A page of endpoints', component('WebhookEndpointPagedList', pagedList(webhookEndpointSchema))) },
    },
    createWebhook: {
      method: 'post',
      path: '/webhooks',
      auth: customer,
      summary: 'Register a webhook endpoint; the answer shows its signing secret, once',
      description: 'Messages follow the Standard Webhooks specification: headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of `id.timestamp.body` keyed with the base64-decoded part of the secret after `whsec_`). In production only https URLs of public addresses are accepted.',
      body: { schema: createWebhookBody },
      idempotent: true,
      responses: { 201: json('Created', dataEnvelope(createdWebhookEndpointSchema), locationHeader()) },
    },
    getWebhook: {
      method: 'get',
      path: '/webhooks/{id}',
      auth: customer,
      summary: 'Get a webhook endpoint',
      params: webhookId,
      responses: { 200: json('The endpoint', dataEnvelope(webhookEndpointSchema)), 404: notFound },
    },
    updateWebhook: {
      method: 'put',
      path: '/webhooks/{id}',
      auth: customer,
      summary: 'Change an endpoint’s URL, event types, description, or enable or disable it',
      params: webhookId,
      body: { schema: updateWebhookBody },
      responses: { 200: json('The endpoint as changed', dataEnvelope(webhookEndpointSchema)), 404: notFound },
    },
    deleteWebhook: {
      method: 'delete',
      path: '/webhooks/{id}',
      auth: customer,
      summary: 'Delete an endpoint with its messages and attempt log',
      params: webhookId,
      responses: { 204: empty('Deleted'), 404: notFound },
    },
    rotateWebhookSecret: {
      method: 'post',
      path: '/webhooks/{id}/rotate-secret',
      auth: customer,
      summary: 'Replace the signing secret; the ones it replaces keep signing beside it for 24 hours each (three secrets at most)',
      params: webhookId,
      responses: { 200: json('The new secret', dataEnvelope(rotatedWebhookSecretSchema)), 404: notFound },
    },
    pingWebhook: {
      method: 'post',
      path: '/webhooks/{id}/ping',
      auth: customer,
      summary: 'Send a signed webhook.ping message to the endpoint',
      params: webhookId,
      responses: { 202: json('Queued', queuedSchema), 404: notFound, 409: disabled },
    },
    listWebhookDeliveries: {
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      auth: customer,
      summary: 'The attempt log: every delivery attempt to the endpoint, newest first',
      params: webhookId,
      query: {
        ...paging,
        status: optionalEnumIgnoringCase(['succeeded', 'failed']).meta({ description: 'Only attempts with this outcome.' }),
        eventType: optionalEnumIgnoringCase(WebhookEventTypes).meta({ description: 'Only attempts of messages of this event type.' }),
      },
      responses: { 200: json('A page of attempts', component('WebhookDeliveryAttemptPagedList', pagedList(webhookDeliveryAttemptSchema))), 404: notFound },
    },
    redeliverWebhookDelivery: {
      method: 'post',
      path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      auth: customer,
      summary: 'Send a message again (the same webhook-id), whatever became of it',
      params: { ...webhookId, deliveryId: z.string().max(100) },
      responses: { 202: json('Queued', queuedSchema), 404: problem('No such endpoint of the calling app, or no such message of it.'), 409: disabled },
    },
    replayWebhookDeliveries: {
      method: 'post',
      path: '/webhooks/{id}/replay',
      auth: customer,
      summary: 'Send again every message created since an instant (or only those that failed)',
      params: webhookId,
      body: { schema: replayWebhookBody },
      responses: { 202: json('Queued', queuedSchema), 404: notFound, 409: disabled },
    },
  },
);
