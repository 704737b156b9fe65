import { readFileSync } from 'node:fs';
import type { feedbackRoutes } from '@obp/contracts';
import { contentHash, type RouteHandler } from '@obp/http';
import { assetPath } from '../../assets';

/**
 * The console's page loads only its own script and styles, talks only to this origin, and may not be
 * framed: no inline script or style, no other origin, no plugins, no form posts elsewhere.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  // No string ever becomes markup: the browser refuses innerHTML and the like outright.
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const securityHeaders = {
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

type ConsoleRoutes = typeof feedbackRoutes;

/** The reviewer console: a static page, its script and its styles, read once at start. */
export function consoleHandlers(): { getConsole: RouteHandler<ConsoleRoutes['getConsole']>; getConsoleScript: RouteHandler<ConsoleRoutes['getConsoleScript']>; getConsoleStyles: RouteHandler<ConsoleRoutes['getConsoleStyles']> } {
  const page = readFileSync(assetPath('console', 'console.html'), 'utf8');
  const script = readFileSync(assetPath('console', 'console.js'));
  const styles = readFileSync(assetPath('console', 'console.css'));
  // `no-cache` revalidates: a browser that has the same bytes gets a 304 for its If-None-Match.
  const headersFor = (body: string | Buffer) => ({ ...securityHeaders, ETag: `"${contentHash(body)}"` });
  const pageHeaders = headersFor(page);
  const scriptHeaders = headersFor(script);
  const stylesHeaders = headersFor(styles);
  return {
    getConsole: () => ({ status: 200, html: page, headers: pageHeaders }),
    getConsoleScript: () => ({ status: 200, file: script, contentType: 'text/javascript; charset=utf-8', headers: scriptHeaders }),
    getConsoleStyles: () => ({ status: 200, file: styles, contentType: 'text/css; charset=utf-8', headers: stylesHeaders }),
  };
}
