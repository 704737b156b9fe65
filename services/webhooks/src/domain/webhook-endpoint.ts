import type { SubscribableWebhookEventType, WebhookEndpointDto } from '@obp/contracts';
import { newSigningKey } from './signature';

export type DisabledReason = 'gone' | 'failing' | 'by-app';

/** A signing key; a rotated-out one keeps signing until `expiresAt`. */
export interface SigningKey {
  key: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Where an app receives messages about its own resources, and which. */
export interface WebhookEndpoint {
  id: string;
  ownerClientId: string;
  url: string;
  description: string | null;
  events: SubscribableWebhookEventType[];
  enabled: boolean;
  disabledReason: DisabledReason | null;
  /** Newest first. */
  keys: SigningKey[];
  /** Since when every attempt failed; null after a success. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function newEndpoint(args: { id: string; ownerClientId: string; url: string; description: string | null; events: SubscribableWebhookEventType[] }, now: Date): WebhookEndpoint {
  return { ...args, enabled: true, disabledReason: null, keys: [{ key: newSigningKey(), createdAt: now, expiresAt: null }], failingSince: null, createdAt: now, updatedAt: now };
}

/** The keys that sign a message sent at `now`, newest first. */
export const signingKeys = (endpoint: Pick<WebhookEndpoint, 'keys'>, now: Date): string[] =>
  endpoint.keys.filter((k) => k.expiresAt === null || k.expiresAt.getTime() > now.getTime()).map((k) => k.key);

/** At most this many keys sign a message: the current one and the newest rotated-out ones in their grace period. */
export const MAX_SIGNING_KEYS = 3;

/**
 * A new key; the current one keeps signing for `graceMs`, and rotated-out ones whose grace has not
 * ended keep theirs (a receiver may not have switched yet), up to `MAX_SIGNING_KEYS` in all.
 */
export function rotateKey(endpoint: WebhookEndpoint, now: Date, graceMs: number): WebhookEndpoint {
  const expiresAt = new Date(now.getTime() + graceMs);
  const signing = new Set(signingKeys(endpoint, now));
  const previous = endpoint.keys.filter((k) => signing.has(k.key)).map((k) => (k.expiresAt === null ? { ...k, expiresAt } : k));
  return { ...endpoint, keys: [{ key: newSigningKey(), createdAt: now, expiresAt: null }, ...previous].slice(0, MAX_SIGNING_KEYS), updatedAt: now };
}

/** Whether an endpoint gets a message about an event that occurred at `occurredAt`. */
export const wantsEvent = (endpoint: WebhookEndpoint, type: SubscribableWebhookEventType, occurredAt: Date): boolean =>
  endpoint.enabled && endpoint.events.includes(type) && endpoint.createdAt.getTime() <= occurredAt.getTime();

export function disable(endpoint: WebhookEndpoint, reason: DisabledReason, now: Date): WebhookEndpoint {
  return { ...endpoint, enabled: false, disabledReason: reason, updatedAt: now };
}

/** Enabled again: the failure streak starts over. */
export function enable(endpoint: WebhookEndpoint, now: Date): WebhookEndpoint {
  return { ...endpoint, enabled: true, disabledReason: null, failingSince: null, updatedAt: now };
}

/** What an attempt's outcome does to its endpoint: null when nothing changes. */
export function afterAttempt(endpoint: WebhookEndpoint, outcome: 'succeeded' | 'failed' | 'gone', now: Date, disableAfterMs: number): WebhookEndpoint | null {
  if (!endpoint.enabled) return null;
  if (outcome === 'gone') return disable(endpoint, 'gone', now);
  if (outcome === 'succeeded') return endpoint.failingSince === null ? null : { ...endpoint, failingSince: null };
  if (endpoint.failingSince === null) return { ...endpoint, failingSince: now };
  return now.getTime() - endpoint.failingSince.getTime() >= disableAfterMs ? disable(endpoint, 'failing', now) : null;
}

export function toEndpointDto(endpoint: WebhookEndpoint): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}
