import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets are `whsec_` and the base64 of the key. */
export const SECRET_PREFIX = 'whsec_';
const KEY_BYTES = 32;

/** A new random signing key, base64. */
export const newSigningKey = (): string => randomBytes(KEY_BYTES).toString('base64');

export const secretOf = (key: string): string => `${SECRET_PREFIX}${key}`;

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the decoded key. */
export function signature(key: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', Buffer.from(key, 'base64')).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per active key, space-separated. */
export function signatureHeader(keys: readonly string[], messageId: string, timestamp: number, body: string): string {
  return keys.map((key) => signature(key, messageId, timestamp, body)).join(' ');
}

/** The Standard Webhooks headers of an attempt started at `at`, but its signature. */
export function messageHeaders(messageId: string, at: Date): { 'webhook-id': string; 'webhook-timestamp': string } {
  return { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)) };
}

/** The three Standard Webhooks headers of one attempt. */
export function signedHeaders(keys: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  const headers = messageHeaders(messageId, at);
  return { ...headers, 'webhook-signature': signatureHeader(keys, messageId, Number(headers['webhook-timestamp']), body) };
}
