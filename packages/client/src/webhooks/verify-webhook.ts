import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { webhooks } from '../generated/api';
import { webhookEventTypes } from '../generated/operations';

export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The message of one event type, as the API document's `webhooks` declares it. */
export type WebhookEventOf<T extends keyof webhooks> = webhooks[T]['post']['requestBody']['content']['application/json'];
/** Any message a webhook endpoint receives: `{ type, timestamp, data }`, narrowed by `type`. */
export type WebhookEvent = { [T in keyof webhooks]: WebhookEventOf<T> }[keyof webhooks];

/** The request headers, as node (`req.headers`) or fetch (`Headers`) has them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const signatureHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * A delivery whose signature verified but whose `type` this client does not know: the platform
 * has an event type newer than the client. It is genuine, so acknowledge it (webhookReceiver
 * answers 204) and regenerate the client to read it.
 */
export class UnknownWebhookEventError extends Error {
  constructor(readonly event: { type: string; timestamp: unknown; data: unknown }) {
    super(`A verified webhook of a type this client does not know: ${event.type}`);
    this.name = 'UnknownWebhookEventError';
  }
}

/**
 * The event of a delivery, once its Standard Webhooks signature verifies with the endpoint's
 * `whsec_` secret and its timestamp is within 5 minutes. `body` must be the raw body, byte for
 * byte: a body parsed and serialised again does not verify. Throws WebhookVerificationError,
 * or UnknownWebhookEventError for a verified message of a type the client does not know.
 */
export function verifyWebhook(secret: string, body: string | Buffer, headers: WebhookHeaders): WebhookEvent {
  const message = new Webhook(secret).verify(body, signatureHeadersOf(headers));
  if (isWebhookEvent(message)) return message;
  if (typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string') {
    throw new UnknownWebhookEventError({ type: message.type, timestamp: 'timestamp' in message ? message.timestamp : undefined, data: 'data' in message ? message.data : undefined });
  }
  throw new WebhookVerificationError('The message is not a webhook event');
}

function signatureHeadersOf(headers: WebhookHeaders): Record<string, string> {
  const value = (name: string) => {
    const found = headers instanceof Headers ? headers.get(name) : headers[name];
    return Array.isArray(found) ? found.join(' ') : (found ?? '');
  };
  return Object.fromEntries(signatureHeaders.map((name) => [name, value(name)]));
}

function isWebhookEvent(message: unknown): message is WebhookEvent {
  if (typeof message !== 'object' || message === null || !('type' in message) || !('data' in message)) return false;
  return webhookEventTypes.some((type) => type === message.type) && typeof message.data === 'object' && message.data !== null;
}

export { WebhookVerificationError };
