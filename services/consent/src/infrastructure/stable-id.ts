import { createHash, hash } from 'node:crypto';

/** SHA-1 of the text: the one-shot `hash` where Node has it (20.12 on), which costs about half of a `Hash` object. */
const sha1: (text: string) => Buffer = typeof hash === 'function' ? (text) => hash('sha1', text, 'buffer') : (text) => createHash('sha1').update(text).digest();

/**
 * A GUID derived from its parts (name-based, UUID version 5 layout over SHA-1): the same
 * provider account or transaction always gets the same id, which makes storing it idempotent.
 */
export function stableId(...parts: string[]): string {
  const digest = sha1(parts.join('\u0000'));
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
