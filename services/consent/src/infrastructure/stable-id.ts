import { createHash, hash } from 'node:crypto';

/** SHA-1 of the text in hex: the one-shot `hash` where Node has it (20.12 on), which costs about half of a `Hash` object. */
const sha1Hex: (text: string) => string = typeof hash === 'function' ? (text) => hash('sha1', text, 'hex') : (text) => createHash('sha1').update(text).digest('hex');

/** The variant's two bits (10) over the high nibble's low two: what the hex digit of the ninth byte becomes. */
const VARIANT_DIGITS = '89ab89ab89ab89ab';

/**
 * A GUID derived from its parts (name-based, UUID version 5 layout over SHA-1): the same
 * provider account or transaction always gets the same id, which makes storing it idempotent.
 * The digest's first 16 bytes in hex, its version digit (the seventh byte's high nibble) 5 and its variant bits set,
 * written as text at once rather than set in a buffer that is then written out.
 */
export function stableId(...parts: string[]): string {
  const hex = sha1Hex(parts.join('\u0000'));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${VARIANT_DIGITS[parseInt(hex[16]!, 16)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
