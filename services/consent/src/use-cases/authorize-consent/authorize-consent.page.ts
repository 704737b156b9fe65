import { createHash } from 'node:crypto';
import type { Consent } from '../../domain/consent';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:28rem}
h1{font-size:1.3rem;margin-top:0}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:8px;border:0;cursor:pointer;margin-right:.5rem}
.approve{background:#0a7d3b;color:#fff}.decline{background:#e4e7ec}small{color:#667}
`;
/** The page's one inline style, allowed by its hash: nothing else inline runs or applies. */
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/**
 * The sandbox bank's pages may not be framed (a consent screen is what clickjacking goes after) and load
 * nothing but their own style. No `form-action`: browsers check every redirect after a form post against
 * it, and the app's `redirectUrl` may itself redirect anywhere (http to https, to its login); the form's
 * action is written by the server and `base-uri 'none'` keeps it from being rebased. The opener is kept
 * (`unsafe-none`): an app may open the page in a popup and hear back from its redirect page.
 */
export function pageHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': ["default-src 'none'", `style-src ${STYLE_SOURCE}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; '),
    'Cross-Origin-Opener-Policy': 'unsafe-none',
    'Cache-Control': 'no-store',
  };
}

/** The sandbox bank's consent screen: what a real bank shows after its own login. */
export function renderAuthorizePage(consent: Consent, providerName: string, action: string, state: string): string {
  return layout(
    `${providerName}: grant access`,
    `<h1>${escape(providerName)}</h1>
<p>An app asks to read your accounts and up to 14 months of transactions, until ${escape(consent.dateExpire.toISOString().slice(0, 10))}.</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="consentId" value="${escape(consent.id)}">
<input type="hidden" name="state" value="${escape(state)}">
<button class="approve" name="decision" value="approve" type="submit">Approve</button>
<button class="decline" name="decision" value="decline" type="submit">Decline</button>
</form>
<p><small>Sandbox bank: no real account is involved. Consent ${escape(consent.id)}.</small></p>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
