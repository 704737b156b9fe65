import { z } from 'zod/v4';
import { report, requiredString } from './schema/fields';
import { documentedAs } from './schema/json-schema';

/**
 * Redirect URLs an app registers, as OAuth clients register `redirect_uri`s, and the `redirectUrl`
 * of a consent checked against them. A registration is an https origin with an optional path
 * (http only on a loopback host, for an app under development); a consent's URL is allowed when
 * it has the registration's scheme, host and port and its path is the registered path or below it
 * (on a `/` boundary). Loopback registrations allow any port (RFC 8252 section 7.3). The query is
 * the app's to use: this API has no `state` parameter.
 */

export const MAX_REDIRECT_URL_LENGTH = 2048;
/** Each registration travels in every access token of the app, so it is kept short and few. */
export const MAX_REGISTERED_REDIRECT_URL_LENGTH = 256;
export const MAX_REGISTERED_REDIRECT_URLS = 10;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Control characters and white space: the URL parser would drop some silently; a URL has none. */
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/;

type Parsed = { url: URL } | { error: string };

function parseRedirect(value: string, field: string): Parsed {
  if (UNSAFE_CHARACTERS.test(value)) return { error: `The ${field} field must not contain spaces or control characters.` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: `The ${field} field must be an absolute http or https URL.` };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return { error: `The ${field} field must be an absolute http or https URL.` };
  if (url.username !== '' || url.password !== '') return { error: `The ${field} field must not contain user information (user@host).` };
  if (url.hash !== '' || value.includes('#')) return { error: `The ${field} field must not contain a fragment (#).` };
  return { url };
}

const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

/** A consent's `redirectUrl`: absolute http(s), no user information, fragment or control characters; normalised by the URL parser. */
export function redirectUrl() {
  const schema = requiredString(MAX_REDIRECT_URL_LENGTH).transform((value, ctx) => {
    const parsed = parseRedirect(value, 'redirectUrl');
    return 'url' in parsed ? parsed.url.href : report(ctx, value, () => parsed.error);
  });
  return documentedAs(schema, { type: 'string', format: 'uri', minLength: 1, maxLength: MAX_REDIRECT_URL_LENGTH, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\u0000-\\u0020#@/?]+([/?][^\\u0000-\\u0020#]*)?$' });
}

/** One registered redirect URL: https (http on a loopback host), no query; stored as origin and path. */
const registeredRedirectUrl = requiredString(MAX_REGISTERED_REDIRECT_URL_LENGTH).transform((value, ctx) => {
  const parsed = parseRedirect(value, 'redirectUrls');
  if ('error' in parsed) return report(ctx, value, () => parsed.error);
  const { url } = parsed;
  if (url.protocol === 'http:' && !isLoopback(url)) return report(ctx, value, () => 'A registered redirect URL must use https; http is allowed only on localhost, 127.0.0.1 or [::1].');
  if (url.search !== '' || value.includes('?')) return report(ctx, value, () => 'A registered redirect URL must not contain a query; the app may add one to each consent’s redirectUrl.');
  const normalised = `${url.origin}${url.pathname}`;
  // Checked again as stored: percent-encoding and punycode lengthen it, and every access token of the app carries it.
  if (normalised.length > MAX_REGISTERED_REDIRECT_URL_LENGTH) return report(ctx, value, () => `A registered redirect URL must be at most ${MAX_REGISTERED_REDIRECT_URL_LENGTH} characters once normalised (${normalised.length} here).`);
  return normalised;
});

export const registeredRedirectUrls = documentedAs(
  z
    .array(registeredRedirectUrl, { error: () => `The redirectUrls field must be an array of up to ${MAX_REGISTERED_REDIRECT_URLS} URLs.` })
    .max(MAX_REGISTERED_REDIRECT_URLS, { error: () => `The redirectUrls field must be an array of up to ${MAX_REGISTERED_REDIRECT_URLS} URLs.` })
    .transform((urls) => [...new Set(urls)]),
  {
    type: 'array',
    maxItems: MAX_REGISTERED_REDIRECT_URLS,
    items: { type: 'string', format: 'uri', minLength: 1, maxLength: MAX_REGISTERED_REDIRECT_URL_LENGTH, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\u0000-\\u0020#@/?]+(/[^\\u0000-\\u0020#?]*)?$' },
    description: 'Where the app may send users back after a consent: https origins with an optional path (http only on localhost, 127.0.0.1 or [::1], on any port). A consent’s redirectUrl must be on one of them, at the path or below it.',
  },
);

/** Whether `candidate` (a normalised `redirectUrl`) is on one of the app's registered redirect URLs. */
export function isRegisteredRedirect(candidate: string, registered: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return registered.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    if (url.protocol !== allowed.protocol || url.hostname !== allowed.hostname) return false;
    if (url.port !== allowed.port && !isLoopback(allowed)) return false;
    const base = allowed.pathname;
    return url.pathname === base || url.pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
  });
}
