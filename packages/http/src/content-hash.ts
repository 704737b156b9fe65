import { createHash } from 'node:crypto';

/** 16 hex digits of a body's SHA-256: a static file's ETag (quoted) or the version in its name. */
export const contentHash = (body: string | Buffer): string => createHash('sha256').update(body).digest('hex').slice(0, 16);
