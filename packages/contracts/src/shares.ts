import { z } from 'zod/v4';
import { defineEvents } from './events/event-catalogue';
import { namesHiddenProblem } from './http/names-hidden';
import { defineRoutes, empty, json, locationHeader, text } from './http/route';
import { dataEnvelope, dateTimeString, guidString, pagedList } from './schema/common';
import { guidList, optionalDateTime, optionalString, pathGuid, queryBoolean, queryInt32, requestObject, requiredString, INT32_MAX } from './schema/fields';
import { component } from './schema/json-schema';
import { Scopes } from './scopes';
import { Topics } from './topics';

export const MAX_IDS_PER_LIST = 1000;
export const MAX_CLIENT_ID_LENGTH = 200;
export const MAX_REFERENCE_LENGTH = 256;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const nullableGuids = () => z.array(guidString()).nullable();

/** A share as returned by the API (spec 2.1). */
export const shareSchema = component(
  'Share',
  z.object({
    id: guidString(),
    clientId: z.string(),
    reference: z.string().nullable(),
    expirationDateUtc: dateTimeString(),
    consentIds: nullableGuids(),
    accountIds: nullableGuids(),
    analysisIds: nullableGuids(),
  }),
  'A grant from the owning app to `clientId`, over chosen consents, accounts and analyses, until `expirationDateUtc`.',
);
export type ShareDto = z.infer<typeof shareSchema>;

/** Create-share body (spec 2.2). */
export const createShareBody = requestObject({
  clientId: requiredString(MAX_CLIENT_ID_LENGTH),
  reference: optionalString(MAX_REFERENCE_LENGTH),
  expirationDateUtc: optionalDateTime('Default: one day from the time of the request.'),
  consentIds: guidList(MAX_IDS_PER_LIST),
  accountIds: guidList(MAX_IDS_PER_LIST),
  analysisIds: guidList(MAX_IDS_PER_LIST),
});
export type CreateShareBody = z.output<typeof createShareBody>;

/** Update-share body (spec 2.3); an absent body means the default expiration. */
export const updateShareBody = requestObject({ expirationDateUtc: optionalDateTime('Default: one day from now.') });

const shareId = { shareId: pathGuid() };
const notFound = text('Share not found (or not owned by the caller): a plain string.');

export const shareRoutes = defineRoutes(
  { service: 'share', tags: ['Shares'] },
  {
    listShares: {
      method: 'get',
      path: '/shares',
      auth: { scope: Scopes.customerApi },
      summary: 'List the calling app’s shares, oldest first',
      query: {
        isExpired: queryBoolean().meta({ description: 'true: only expired shares; false: only unexpired ones; absent: all.' }),
        page: queryInt32({ default: 1, min: 1, max: INT32_MAX }),
        pageSize: queryInt32({ default: DEFAULT_PAGE_SIZE, min: 1, max: MAX_PAGE_SIZE }),
      },
      responses: { 200: json('A page of shares', component('SharePagedList', pagedList(shareSchema))) },
    },
    createShare: {
      method: 'post',
      path: '/shares',
      auth: { scope: Scopes.customerApi },
      summary: 'Create a share',
      body: { schema: createShareBody },
      idempotent: true,
      writesEvents: true,
      responses: {
        200: json('Created; data is the new share id', component('IdentifierEnvelope', dataEnvelope(guidString())), locationHeader()),
        422: namesHiddenProblem('`consentIds` or `accountIds` names a consent or account'),
      },
    },
    getShare: {
      method: 'get',
      path: '/shares/{shareId}',
      auth: { scope: Scopes.customerApi },
      summary: 'Get a share',
      params: shareId,
      responses: { 200: json('The share', component('ShareEnvelope', dataEnvelope(shareSchema.nullable()))), 404: notFound },
    },
    updateShare: {
      method: 'put',
      path: '/shares/{shareId}',
      auth: { scope: Scopes.customerApi },
      summary: 'Update a share’s expiration',
      params: shareId,
      body: { schema: updateShareBody, required: false },
      writesEvents: true,
      responses: { 204: empty('Updated'), 404: notFound, 409: problemConflict() },
    },
    deleteShare: {
      method: 'delete',
      path: '/shares/{shareId}',
      auth: { scope: Scopes.customerApi },
      summary: 'Delete a share',
      params: shareId,
      writesEvents: true,
      responses: { 204: empty('Deleted'), 404: notFound, 409: problemConflict() },
    },
  },
);

function problemConflict() {
  return { kind: 'problem', description: 'The share is being changed concurrently; try again.' } as const;
}

/**
 * Share events carry the whole share (state transfer), so a consumer can keep a projection of
 * grants from the topic alone. `ownerClientId` on the envelope is the app that granted access;
 * `data.clientId` is the app it granted access to.
 */
export const shareEventDataSchema = component('ShareEventData', shareSchema.extend({ createdAt: dateTimeString() }));
export type ShareEventData = z.infer<typeof shareEventDataSchema>;

export const shareEvents = defineEvents(Topics.shareEvents, {
  'share.created': shareEventDataSchema,
  'share.updated': shareEventDataSchema,
  'share.deleted': shareEventDataSchema,
});

export const ShareEventTypes = {
  created: 'share.created',
  updated: 'share.updated',
  deleted: 'share.deleted',
} as const;
export type ShareEventType = (typeof ShareEventTypes)[keyof typeof ShareEventTypes];
