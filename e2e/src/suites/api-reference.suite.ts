import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { repoRoot } from '@obp/testkit';
import { apiReferenceLocators, CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, requestsLeavingOrigin, type BrowserSession } from '@obp/testkit/src/browser';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

interface OpenApiOperation {
  summary?: string;
  responses?: Record<string, { description?: string }>;
}

interface OpenApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * The names of the page's headings and the texts of its elements, whitespace collapsed, as a user reads them: a
 * heading's name is its aria-label or its text, as in the accessibility tree; hidden elements are left out.
 */
async function shownOn(page: Page): Promise<{ headings: string[]; texts: string[] }> {
  return page.evaluate(`(() => {
    const norm = (text) => (text || '').replace(/\\s+/g, ' ').trim();
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const elements = Array.from(document.body.querySelectorAll('*')).filter(visible);
    const headings = elements.filter((el) => /^H[1-6]$/.test(el.tagName) || el.getAttribute('role') === 'heading').map((el) => norm(el.getAttribute('aria-label') || el.textContent));
    return { headings, texts: elements.map((el) => norm(el.textContent)) };
  })()`);
}

describe('the API reference page', () => {
  let stack: Stack;
  let browser: BrowserSession;
  let apiDocument: OpenApiDocument;

  beforeAll(() => {
    ensureChromium();
  }, CHROMIUM_INSTALL_TIMEOUT_MS);

  beforeAll(async () => {
    stack = await sharedStack();
    apiDocument = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    browser = await openBrowserPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the API reference at /docs, rendered from /openapi.json without leaving the machine', async () => {
    const { page, activity } = browser;
    const timeout = 30_000;
    const origin = new URL(stack.baseUrl).origin;
    const operations = Object.entries(apiDocument.paths).flatMap(([path, pathItem]) =>
      Object.entries(pathItem)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, operation]) => ({ path, method, ...operation })),
    );
    const operation = (method: string, path: string) => {
      const found = operations.find((candidate) => candidate.method === method && candidate.path === path);
      if (!found?.summary) throw new Error(`the document has no ${method.toUpperCase()} ${path} with a summary`);
      return { ...found, summary: found.summary };
    };
    const { response } = apiReferenceLocators(page);
    // As shown: rendered from Markdown, so without the backticks and asterisks of code and emphasis.
    const responseDescription = (found: OpenApiOperation, status: string) => (found.responses?.[status]?.description ?? '').replace(/[`*]/g, '');

    await page.goto(`${stack.baseUrl}/docs`);

    await page.getByRole('heading', { level: 1, name: apiDocument.info.title }).waitFor({ timeout });
    expect(await page.title()).toBe(apiDocument.info.title);

    const createShare = operation('post', '/shares');
    const getShare = operation('get', '/shares/{shareId}');
    // Every operation's summary and every schema's name is a heading, and every path is shown: read from the page in
    // one pass each look (a query per name costs the browser seconds of CPU on a page this large).
    const summaries = operations.flatMap(({ summary }) => (summary ? [summary] : []));
    const schemaNames = Object.keys(apiDocument.components.schemas);
    const missing = async () => {
      const { headings, texts } = await shownOn(page);
      const shown = new Set(texts);
      return [
        ...summaries.filter((summary) => !headings.includes(summary)).map((summary) => `heading: ${summary}`),
        ...Object.keys(apiDocument.paths).filter((path) => !shown.has(path)).map((path) => `path: ${path}`),
        ...schemaNames.filter((name) => !headings.some((heading) => new RegExp(`(^|\\W)${name}$`).test(heading))).map((name) => `schema heading: ${name}`),
      ];
    };
    let notShown = await missing();
    for (const deadline = Date.now() + timeout; notShown.length > 0 && Date.now() < deadline; notShown = await missing()) await sleep(250);
    expect(notShown).toEqual([]);

    expect(createShare.responses).toHaveProperty('400');
    await response(createShare.summary, '400').filter({ hasText: responseDescription(createShare, '400') }).waitFor({ timeout });
    expect(getShare.responses).toHaveProperty('404');
    await response(getShare.summary, '404').filter({ hasText: responseDescription(getShare, '404') }).waitFor({ timeout });

    expect(schemaNames).toEqual(expect.arrayContaining(['Share', 'ProblemDetails']));

    await page.evaluate('window.scrollTo(0, 0)');
    mkdirSync(join(repoRoot, '.cache/screenshots'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, '.cache/screenshots/api-reference.png'), fullPage: true });

    expect(activity.requestUrls).toContain(`${origin}/openapi.json`);
    expect(requestsLeavingOrigin(activity, origin)).toEqual([]);
    expect(activity.consoleErrors).toEqual([]);
    expect(activity.pageErrors).toEqual([]);
  }, 180_000);
});
