import { randomBytes } from 'node:crypto';

/**
 * UUIDv7 (RFC 9562, 5.7): the first 48 bits are the Unix time in milliseconds, then the version (7), 12
 * random bits, the variant (10) and 62 random bits. A valid UUID wherever one is expected, it also tells
 * when it was made, and ids made in different milliseconds sort (as text) by their time.
 */
export function uuidv7(now: number | Date = Date.now()): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 2 ** 48) throw new RangeError(`a UUIDv7 holds a time from 1970 on within 48 bits of milliseconds, not ${ms}`);
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** When a UUIDv7 was made; null for anything else (another version, another variant, not a UUID). */
export function uuidv7Time(id: string): Date | null {
  if (!UUID_V7.test(id)) return null;
  return new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}
