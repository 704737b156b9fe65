import { contentHash } from './content-hash';

/**
 * The policy of a page the platform serves to a browser (the reviewer console, the app dashboard): it loads only
 * its own script and styles, talks only to this origin, may not be framed, and no string ever becomes markup
 * (Trusted Types with no policy: the browser refuses innerHTML and the like outright). No inline script or style.
 */
export const BROWSER_APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

/**
 * The headers of one of such a page's files: the policy and its companions, and an ETag of the file's bytes, so
 * that `no-cache` revalidates and a browser that has the same bytes gets a 304 for its If-None-Match.
 */
export function browserAppHeaders(body: string | Buffer): Record<string, string> {
  return {
    'Content-Security-Policy': BROWSER_APP_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
    ETag: `"${contentHash(body)}"`,
  };
}
