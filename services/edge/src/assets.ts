import { join } from 'node:path';

/**
 * A file kept beside this service's code (under src/, not TypeScript), by its path relative to src/.
 * Resolved from this module, which sits at src/: built, it is dist/edge/main.js, beside which
 * `npm run build` copies those files at the same relative paths.
 */
export const assetPath = (...segments: string[]): string => join(__dirname, ...segments);
