import type { EventEnvelope } from './envelope';

/** A share as returned by the API (spec 2.1). */
export interface ShareDto {
  id: string;
  clientId: string;
  reference: string | null;
  expirationDateUtc: string;
  consentIds: string[] | null;
  accountIds: string[] | null;
  analysisIds: string[] | null;
}

export const ShareEventTypes = {
  created: 'share.created',
  updated: 'share.updated',
  deleted: 'share.deleted',
} as const;

export type ShareEventType = (typeof ShareEventTypes)[keyof typeof ShareEventTypes];

/**
 * Share events carry the whole share (state transfer), so a consumer can keep a projection of
 * grants from the topic alone. `ownerClientId` on the envelope is the app that granted access;
 * `data.clientId` is the app it granted access to.
 */
export type ShareEvent = EventEnvelope<ShareDto & { createdAt: string }, ShareEventType>;
