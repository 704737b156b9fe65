import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalCategories } from '@obp/contracts';
import { repoRoot } from '@obp/testkit';
import { CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, requestsLeavingOrigin, type BrowserSession } from '@obp/testkit/src/browser';
import { feedbackBody, feedbackItem, submitFeedback } from './feedback-helpers';
import { startStack, type Stack, type TestClient } from './harness';

const SCREENSHOTS = join(repoRoot, '.cache/screenshots');
const timeout = 20_000;
/** Where the console keeps its session (sessionStorage: this tab only). */
const SESSION_KEY = 'obp.feedback-console.session';

let stack: Stack;
let app: TestClient;
let appToken: string;
let reviewer: TestClient;

beforeAll(() => {
  ensureChromium();
}, CHROMIUM_INSTALL_TIMEOUT_MS);

beforeAll(async () => {
  stack = await startStack();
  app = await stack.registerClient();
  appToken = await stack.token(app);
  reviewer = await stack.registerClient(['feedback-review']);
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await stack?.stop();
});

describe('the console page', () => {
  it('is served through the edge with a policy that allows only its own script, styles and origin, and forbids framing', async () => {
    const page = await fetch(`${stack.baseUrl}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy') ?? '';
    const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);

    for (const [path, type] of [
      ['/console/console.js', /^text\/javascript/],
      ['/console/console.css', /^text\/css/],
    ] as const) {
      const asset = await fetch(`${stack.baseUrl}${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(type);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('reviewing in the browser', () => {
  let browser: BrowserSession;
  beforeEach(async () => {
    browser = await openBrowserPage();
  });
  afterEach(async () => {
    await browser.close();
  });

  /** Failed sign-ins are logged by Chromium as failed loads; anything else (a CSP violation, a script error) is a fault. */
  const faults = (session: BrowserSession) => [...session.activity.consoleErrors.filter((message) => !/^Failed to load resource: the server responded with a status of (400|401)/.test(message)), ...session.activity.pageErrors];

  async function signIn(session: BrowserSession, client: { clientId: string; clientSecret: string }) {
    const { page } = session;
    await page.getByLabel('Client id').fill(client.clientId);
    await page.getByLabel('Client secret').fill(client.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in, finds a fresh item by its app, shows it in full as text, accepts it with a note, and the API then shows Accepted', async () => {
    const { page, activity } = browser;
    const origin = new URL(stack.baseUrl).origin;
    const account = `NL${String(Date.now()).slice(-2)}RABO0${String(Date.now()).slice(-9)}`;
    const earlier = await submitFeedback(stack, appToken, feedbackBody({ counterpartAccountNumber: account, targetCategory: 'expenses.groceries.organic' }));
    const hostileDescription = '<img src=x onerror="window.consoleWasInjected=1"><b>Ekoplaza</b> & Zn';
    const hostileRemark = '<script>window.consoleWasInjected=2</script>Organic shop, not clothing';
    const fresh = await submitFeedback(stack, appToken, feedbackBody({ counterpartAccountNumber: account, description: hostileDescription, remark: hostileRemark, targetFlags: ['subscription'] }));

    await page.goto(`${stack.baseUrl}/console`);
    await page.getByRole('heading', { name: 'Sign in to review' }).waitFor({ timeout });

    await signIn(browser, { clientId: reviewer.clientId, clientSecret: 'not-the-secret' });
    await page.getByRole('alert').filter({ hasText: 'The client id or secret is wrong.' }).waitFor({ timeout });
    await signIn(browser, app);
    await page.getByRole('alert').filter({ hasText: 'lacks the feedback-review scope' }).waitFor({ timeout });

    await signIn(browser, reviewer);
    await page.getByRole('heading', { name: 'Review queue' }).waitFor({ timeout });
    await page.locator('#session-client').filter({ hasText: reviewer.clientId }).waitFor({ timeout });

    await page.locator('#categories option').first().waitFor({ state: 'attached', timeout });
    expect(await page.locator('#categories option').evaluateAll((options) => options.map((option) => option.getAttribute('value')))).toEqual(canonicalCategories);
    await page.getByLabel('App').fill(app.clientId);
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.locator('#queue-rows tr');
    await page.locator('#queue-summary').filter({ hasText: '2 pending items, oldest first' }).waitFor({ timeout });
    expect(await rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-id')))).toEqual([earlier, fresh]);
    expect(await rows.locator('.correction').allTextContents()).toEqual(['expenses › shopping→expenses › groceries › organic', 'expenses › shopping→expenses › groceries']);
    expect(new URL(page.url()).hash).toBe(`#/queue?clientId=${app.clientId}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console-queue.png'), fullPage: true });

    await page.locator(`#queue-rows tr[data-id="${fresh}"]`).click();
    const detail = page.locator(`article.detail[data-id="${fresh}"]`);
    await detail.waitFor({ timeout });
    expect(new URL(page.url()).hash).toBe(`#/items/${fresh}`);
    await detail.getByRole('heading', { level: 1, name: 'Ekoplaza Utrecht' }).waitFor({ timeout });
    // The app's text is shown as it was written, never interpreted as markup.
    expect(await detail.locator('.description-full').textContent()).toBe(hostileDescription);
    expect(await detail.getByRole('region', { name: 'Remark' }).locator('blockquote').textContent()).toBe(hostileRemark);
    expect(await detail.locator('img, b, script').count()).toBe(0);
    expect(await page.evaluate('window.consoleWasInjected')).toBeUndefined();
    const correction = detail.getByRole('region', { name: 'Correction' });
    expect(await correction.locator('.original .category').textContent()).toBe('expenses › shopping');
    expect(await correction.locator('.target .category').textContent()).toBe('expenses › groceries');
    expect(await correction.locator('.target .chip').allTextContents()).toEqual(['subscription']);
    const related = detail.getByRole('region', { name: 'Other feedback about this counterparty' });
    expect(await related.locator(`a[href="#/items/${earlier}"]`).count()).toBe(1);
    expect(await related.locator('.category').first().textContent()).toBe('expenses › groceries › organic');

    const note = 'Ekoplaza sells groceries <i>only</i>';
    await detail.getByLabel('Note (optional)').fill(note);
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console-item.png'), fullPage: true });
    await detail.getByRole('button', { name: 'Accept' }).click();

    const decision = page.locator(`article.detail[data-id="${fresh}"]`).getByRole('region', { name: 'Decision' });
    await decision.filter({ hasText: `Accepted by ${reviewer.clientId}` }).waitFor({ timeout });
    expect(await decision.locator('blockquote').textContent()).toBe(note);
    const history = page.locator(`article.detail[data-id="${fresh}"]`).getByRole('region', { name: 'History' });
    expect(await history.locator('.event-title').allTextContents()).toEqual([`Submitted by ${app.clientId}`, `Accepted by ${reviewer.clientId}`]);
    await page.getByRole('status').filter({ hasText: 'Accepted' }).waitFor({ timeout });
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console.png'), fullPage: true });

    const item = await feedbackItem(stack, appToken, fresh);
    expect(item).toMatchObject({ status: 'Accepted', reviewNote: note });
    expect(item.history.map(({ event, by, note: entryNote }) => ({ event, by, note: entryNote }))).toEqual([
      { event: 'submitted', by: app.clientId, note: null },
      { event: 'accepted', by: reviewer.clientId, note },
    ]);

    // Back in the queue, the accepted item has left the Pending list.
    await page.getByRole('link', { name: '← Back to the queue' }).click();
    await page.locator('#queue-summary').filter({ hasText: '1 pending item, oldest first' }).waitFor({ timeout });
    expect(await rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-id')))).toEqual([earlier]);

    // The token lives in this tab's session storage and went nowhere but the Authorization header.
    const token = (await page.evaluate(`JSON.parse(sessionStorage.getItem('${SESSION_KEY}') || '{}').token`)) as string | undefined;
    expect(token).toEqual(expect.any(String));
    expect(activity.requestUrls.filter((url) => url.includes(token!))).toEqual([]);
    expect(page.url()).not.toContain(token!);
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(activity.requestUrls).toContain(`${origin}/connect/token`);
    expect(requestsLeavingOrigin(activity, origin)).toEqual([]);
    expect(faults(browser)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to review' }).waitFor({ timeout });
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
  }, 120_000);

  it('filters by status and category, rejects with a note, and sends the reviewer back to sign in when the token is refused', async () => {
    const { page } = browser;
    const categoryApp = await stack.registerClient();
    const categoryToken = await stack.token(categoryApp);
    const travel = await submitFeedback(stack, categoryToken, feedbackBody({ originalCategory: 'expenses.shopping', targetCategory: 'expenses.travel.public-transport' }));
    const other = await submitFeedback(stack, categoryToken, feedbackBody({ originalCategory: 'expenses.shopping', targetCategory: 'expenses.groceries' }));

    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${categoryApp.clientId}&category=expenses.travel`);
    await signIn(browser, reviewer);
    await page.locator('#queue-summary').filter({ hasText: '1 pending item' }).waitFor({ timeout });
    expect(await page.locator('#queue-rows tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual([travel]);
    expect(await page.getByLabel('Category').inputValue()).toBe('expenses.travel');

    await page.locator(`#queue-rows tr[data-id="${travel}"] a`).click();
    const detail = page.locator(`article.detail[data-id="${travel}"]`);
    await detail.getByLabel('Note (optional)').fill('A shop near the station, not a ticket');
    await detail.getByRole('button', { name: 'Reject' }).click();
    await page.locator(`article.detail[data-id="${travel}"]`).getByRole('region', { name: 'Decision' }).filter({ hasText: `Rejected by ${reviewer.clientId}` }).waitFor({ timeout });
    expect(await feedbackItem(stack, categoryToken, travel)).toMatchObject({ status: 'Rejected', reviewNote: 'A shop near the station, not a ticket' });

    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${categoryApp.clientId}`);
    await page.getByLabel('Status').selectOption('Rejected');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#queue-summary').filter({ hasText: '1 rejected item' }).waitFor({ timeout });
    expect(await page.locator('#queue-rows tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual([travel]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.locator(`#queue-rows tr[data-id="${other}"]`).waitFor({ timeout });

    // A token the platform no longer accepts ends the session instead of showing a broken page.
    await page.evaluate(`sessionStorage.setItem('${SESSION_KEY}', JSON.stringify({ ...JSON.parse(sessionStorage.getItem('${SESSION_KEY}')), token: 'no.such.token' }))`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Sign in to review' }).waitFor({ timeout });
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Sign in again.' }).waitFor({ timeout });
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    expect(faults(browser)).toEqual([]);
  }, 120_000);
});
