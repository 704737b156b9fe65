import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@obp/testkit';
import { CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, type BrowserSession } from '@obp/testkit/src/browser';
import { createConsent, waitForStatus } from '../consent-helpers';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

describe('security headers of every page', () => {
  /** The directives of a Content-Security-Policy header, by name. */
  const directives = (policy: string | null) => new Map((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name!, values]));

  let stack: Stack;
  let token: string;
  const servers: http.Server[] = [];

  /** A stand-in for a page of the app, on a port of its own. */
  async function listen(handle: http.RequestListener): Promise<{ server: http.Server; port: number }> {
    const server = http.createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  beforeAll(() => {
    ensureChromium();
  }, CHROMIUM_INSTALL_TIMEOUT_MS);

  beforeAll(async () => {
    stack = await sharedStack();
    token = await stack.token(await stack.registerClient());
  });

  afterAll(async () => {
    for (const server of servers) server.close();
  });

  /** What every answer carries (helmet's headers, as the edge and each service set them). */
  function expectBaseHeaders(res: Response, what: string): void {
    const headers = Object.fromEntries(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'x-powered-by', 'strict-transport-security'].map((name) => [name, res.headers.get(name)]));
    // No HSTS from here: it belongs to whatever terminates TLS in front of the edge.
    expect({ what, ...headers }).toEqual({ what, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'x-powered-by': null, 'strict-transport-security': null });
  }

  describe('security headers', () => {
    it('every HTML page may not be framed, sniffed or leak its address, and runs nothing it did not name', async () => {
      const { consentUrl } = await createConsent(stack, token);
      const pages = [
        ['the sandbox consent page', consentUrl],
        ['an unknown consent link', `${stack.baseUrl}/sandbox/sandbox-retail/authorize?consentId=00000000-0000-4000-8000-000000000000&state=x`],
        ['the API reference', `${stack.baseUrl}/docs`],
        ['the reviewer console', `${stack.baseUrl}/console`],
        ['the app dashboard', `${stack.baseUrl}/dashboard`],
      ] as const;
      for (const [what, url] of pages) {
        const res = await fetch(url);
        expect({ what, type: res.headers.get('content-type') }).toEqual({ what, type: expect.stringMatching(/^text\/html/) });
        expectBaseHeaders(res, what);
        const policy = directives(res.headers.get('content-security-policy'));
        expect({ what, frameAncestors: policy.get('frame-ancestors'), baseUri: policy.get('base-uri'), defaultSrc: policy.get('default-src') }).toEqual({ what, frameAncestors: ["'none'"], baseUri: ["'none'"], defaultSrc: ["'none'"] });
        // Styles may be inline where a page's renderer needs them (the API reference); scripts never.
        expect({ what, scriptSrc: (policy.get('script-src') ?? []).filter((source) => source.startsWith("'unsafe")) }).toEqual({ what, scriptSrc: [] });
      }
    });

    it('API answers (JSON, problems, 401s and 405s, the token endpoint) carry the same headers and a policy that allows nothing', async () => {
      const answers = [
        ['a JSON answer', await stack.api(token, '/shares')],
        ['a problem', await stack.api(token, '/shares/not-a-guid')],
        ['a method not allowed', await fetch(`${stack.baseUrl}/openapi.json`, { method: 'DELETE' })],
        ['no token', await fetch(`${stack.baseUrl}/shares`)],
        ['the token endpoint', await fetch(`${stack.baseUrl}/connect/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) })],
        ['the API document', await fetch(`${stack.baseUrl}/openapi.json`)],
      ] as const;
      for (const [what, res] of answers) {
        expectBaseHeaders(res, what);
        expect({ what, opener: res.headers.get('cross-origin-opener-policy'), resource: res.headers.get('cross-origin-resource-policy') }).toEqual({ what, opener: 'same-origin', resource: 'same-origin' });
        const policy = directives(res.headers.get('content-security-policy'));
        expect({ what, defaultSrc: policy.get('default-src'), frameAncestors: policy.get('frame-ancestors') }).toEqual({ what, defaultSrc: ["'none'"], frameAncestors: ["'none'"] });
      }
    });

    describe('in the browser', () => {
      let browser: BrowserSession;
      beforeAll(async () => {
        browser = await openBrowserPage({ width: 800, height: 700 });
      });
      afterAll(async () => {
        await browser?.close();
      });

      it('the sandbox consent page is styled and approves under its policy, and the browser follows its answer to the app, and on wherever the app sends it', async () => {
        const { page, activity } = browser;
        // The app: its redirect page sends the browser on (302) to another host of its own, which shows the result.
        const landing = await listen((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Back in the app</title>'));
        const landingOrigin = `http://localhost:${landing.port}`;
        const app = await listen((req, res) => res.writeHead(302, { location: `${landingOrigin}/done${req.url!.slice(req.url!.indexOf('?'))}` }).end());
        servers.push(landing.server, app.server);
        const { consentId, consentUrl } = await createConsent(stack, token, { redirectUrl: `http://127.0.0.1:${app.port}/consent-done` });
        const opener = (await fetch(consentUrl)).headers.get('cross-origin-opener-policy');
        // An app may open the page in a popup and hear back from its redirect page.
        expect(opener).toBe('unsafe-none');

        await page.goto(consentUrl);
        const approve = page.getByRole('button', { name: 'Approve' });
        // The inline style applies (its hash is in the policy): the Approve button is green.
        expect(await page.evaluate("getComputedStyle(document.querySelector('button.approve')).backgroundColor")).toBe('rgb(10, 125, 59)');
        await approve.click();
        await page.waitForURL((url) => url.origin === landingOrigin, { timeout: 20_000 });
        expect(new URL(page.url()).searchParams.get('consentId')).toBe(consentId);
        expect(await page.title()).toBe('Back in the app');
        await waitForStatus(stack, token, consentId, 'Updated');
        expect(activity.consoleErrors).toEqual([]);
        expect(activity.pageErrors).toEqual([]);
      }, 60_000);

      it('no page can frame the consent page, not even one of its own origin', async () => {
        const { page, activity } = browser;
        const { consentUrl } = await createConsent(stack, token);
        // A framing page at the sandbox's own origin (the browser gives it a stand-in): the policy refuses every ancestor.
        const framing = `${new URL(consentUrl).origin}/framing-test-page`;
        await page.route(framing, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><iframe id="victim" src="${consentUrl}"></iframe>` }));
        await page.goto(framing);
        // The page was asked for, and the browser put its error page in the frame instead.
        expect(activity.requestUrls).toContain(consentUrl);
        const victim = await waitFor(() => page.frames().find((frame) => frame !== page.mainFrame() && frame.url() !== 'about:blank'), { what: 'the frame to settle', timeoutMs: 20_000 });
        expect(victim.url()).toBe('chrome-error://chromewebdata/');
        expect(await page.frameLocator('#victim').getByRole('button', { name: 'Approve' }).count()).toBe(0);
      }, 60_000);
    });
  });
});
