/**
 * Headless Chromium (Debian's package) for the browser tests, driven by playwright-core. Not exported
 * from the test kit's index, so that suites without a browser do not load playwright; import it as
 * '@obp/testkit/src/browser'.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './infra';

/** Flags that work as root in a container with no network but loopback. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long installing Chromium with apt-get may take on a fresh machine. */
export const CHROMIUM_INSTALL_TIMEOUT_MS = 10 * 60_000;

let chromiumPath: string | undefined;

/** Installs Chromium on first use (infra/chromium/install.sh) and returns its path. */
export function ensureChromium(): string {
  chromiumPath ??= execFileSync('bash', [join(repoRoot, 'infra/chromium/install.sh')], {
    encoding: 'utf8',
    timeout: CHROMIUM_INSTALL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  return chromiumPath;
}

/** Everything a page did that a test may want to assert on. */
export interface PageActivity {
  /** Every request the page (and its workers) made, as URLs. */
  requestUrls: string[];
  /** Console messages of type error, including Content-Security-Policy violations. */
  consoleErrors: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  activity: PageActivity;
  close(): Promise<void>;
}

/**
 * A fresh browser with one page, recording the page's requests and errors from the start. Playwright
 * gives each launched browser a new temporary profile (user data directory) and removes it on close.
 */
export async function openBrowserPage(viewport = { width: 1440, height: 900 }): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const activity: PageActivity = { requestUrls: [], consoleErrors: [], pageErrors: [] };
    context.on('request', (request) => activity.requestUrls.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') activity.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => activity.pageErrors.push(error.message));
    return { browser, context, page, activity, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** The requests that went anywhere but `origin` (data: and blob: URLs never leave the page). */
export function requestsLeavingOrigin(activity: PageActivity, origin: string): string[] {
  return activity.requestUrls.filter((url) => {
    const { protocol, origin: requestOrigin } = new URL(url);
    return protocol !== 'data:' && protocol !== 'blob:' && requestOrigin !== origin;
  });
}

/** Finds what a rendered API reference (Scalar) shows of an operation. */
export function apiReferenceLocators(page: Page) {
  const operationSection = (summary: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: summary, exact: true }) }).last();
  return {
    operationSection,
    /** A response is a list item whose button shows its status code and description and expands its schema. */
    response: (summary: string, status: string) =>
      operationSection(summary)
        .getByRole('list', { name: 'Responses' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: new RegExp(`^${status}\\b`) }) }),
  };
}
