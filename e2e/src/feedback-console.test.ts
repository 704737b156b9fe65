import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalCategories } from '@obp/contracts';
import { repoRoot } from '@obp/testkit';
import { CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, requestsLeavingOrigin, type BrowserSession } from '@obp/testkit/src/browser';
import { feedbackBody, feedbackItem, feedbackWithStatus, reviewFeedback, submitFeedback } from './feedback-helpers';
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
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(directives.get('trusted-types')).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
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

  /** Chromium logs every answer of 4xx as a failed load: the ones a test provoked are expected, anything else (a CSP violation, a script error) is a fault. */
  const failedLoad = (status: number) => expect.stringMatching(new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`));
  const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

  async function signIn(session: BrowserSession, client: { clientId: string; clientSecret: string }) {
    const { page } = session;
    await page.getByLabel('Client id').fill(client.clientId);
    await page.getByLabel('Client secret').fill(client.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const rowIds = (session: BrowserSession) => session.page.locator('#queue-rows tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
  const summary = (session: BrowserSession, text: string) => session.page.locator('#queue-summary').filter({ hasText: exactly(text) }).waitFor({ timeout });
  const storage = (session: BrowserSession) => session.page.evaluate('JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage }, cookie: document.cookie })') as Promise<string>;

  it('signs in, finds a fresh item by its app, shows it in full as text, accepts it with a note, and the API then shows Accepted', async () => {
    const { page, activity } = browser;
    const origin = new URL(stack.baseUrl).origin;
    const account = `NL${String(Date.now()).slice(-2)}RABO0${String(Date.now()).slice(-9)}`;
    const earlier = await submitFeedback(stack, appToken, feedbackBody({ counterpartAccountNumber: account, targetCategory: 'expenses.groceries.organic' }));
    const hostileName = '<b>Ekoplaza</b> Utrecht';
    const hostileDescription = '<img src=x onerror="window.consoleWasInjected=1"><i>BEA</i> Ekoplaza & Zn';
    const hostileRemark = '<script>window.consoleWasInjected=2</script>Organic shop, not clothing';
    const fresh = await submitFeedback(
      stack,
      appToken,
      feedbackBody({ counterpartAccountNumber: account, counterpartDescription: hostileName, description: hostileDescription, transactionTypeName: '<u>Betaalautomaat</u>', remark: hostileRemark, targetFlags: ['subscription'] }),
    );

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
    await summary(browser, '2 pending items, oldest first');
    const rows = page.locator('#queue-rows tr');
    expect(await rowIds(browser)).toEqual([earlier, fresh]);
    expect(await rows.locator('.correction .category').allTextContents()).toEqual(['expenses › shopping', 'expenses › groceries › organic', 'expenses › shopping', 'expenses › groceries']);
    expect(await rows.locator('.row-link').allTextContents()).toEqual(['Ekoplaza Utrecht', hostileName]);
    expect(await rows.locator('.description').last().textContent()).toBe(hostileDescription);
    expect(new URL(page.url()).hash).toBe(`#/queue?clientId=${app.clientId}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console-queue.png'), fullPage: true });

    await page.locator(`#queue-rows tr[data-id="${fresh}"]`).click();
    const detail = page.locator(`article.detail[data-id="${fresh}"]`);
    await detail.waitFor({ timeout });
    expect(new URL(page.url()).hash).toBe(`#/items/${fresh}`);
    // The app's text is shown as it was written, never interpreted as markup.
    expect(await detail.getByRole('heading', { level: 1 }).textContent()).toBe(hostileName);
    expect(await page.title()).toBe(`${hostileName} · Feedback review`);
    expect(await detail.locator('.description-full').textContent()).toBe(hostileDescription);
    expect(await detail.getByRole('region', { name: 'Remark' }).locator('blockquote').textContent()).toBe(hostileRemark);
    expect(await detail.getByRole('region', { name: 'Transaction' }).getByText('POS · <u>Betaalautomaat</u>', { exact: true }).count()).toBe(1);
    expect(await page.locator('main img, main b, main i, main u, main script').count()).toBe(0);
    const correction = detail.getByRole('region', { name: 'Correction' });
    expect(await correction.locator('.original .category').textContent()).toBe('expenses › shopping');
    expect(await correction.locator('.target .category').textContent()).toBe('expenses › groceries');
    expect(await correction.locator('.target .chip').allTextContents()).toEqual(['+subscription']);
    const related = detail.getByRole('region', { name: 'Other feedback about this counterparty' });
    expect(await related.locator(`a[href="#/items/${earlier}"]`).count()).toBe(1);
    expect(await related.locator('.category').allTextContents()).toEqual(['expenses › groceries › organic']);

    const note = 'Ekoplaza sells groceries <i>only</i>';
    await detail.getByLabel('Note (optional)').fill(note);
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console-item.png'), fullPage: true });
    await detail.getByRole('button', { name: 'Accept' }).click();

    await page.getByRole('status').filter({ hasText: 'Accepted: later e1 analyses of the app follow this correction.' }).waitFor({ timeout });
    const decision = page.locator(`article.detail[data-id="${fresh}"]`).getByRole('region', { name: 'Decision' });
    await decision.filter({ hasText: `Accepted by ${reviewer.clientId}` }).waitFor({ timeout });
    expect(await decision.locator('blockquote').textContent()).toBe(note);
    const history = page.locator(`article.detail[data-id="${fresh}"]`).getByRole('region', { name: 'History' });
    expect(await history.locator('.event-title').allTextContents()).toEqual([`Submitted by ${app.clientId}`, `Accepted by ${reviewer.clientId}`]);
    expect(await history.locator('.note').allTextContents()).toEqual([note]);
    await page.screenshot({ path: join(SCREENSHOTS, 'feedback-console.png'), fullPage: true });

    const item = await feedbackItem(stack, appToken, fresh);
    expect(item).toMatchObject({ status: 'Accepted', reviewNote: note });
    expect(item.history.map(({ event, by, note: entryNote }) => ({ event, by, note: entryNote }))).toEqual([
      { event: 'submitted', by: app.clientId, note: null },
      { event: 'accepted', by: reviewer.clientId, note },
    ]);

    // Back in the queue, the accepted item has left the Pending list.
    await page.getByRole('link', { name: '← Back to the queue' }).click();
    await summary(browser, '1 pending item, oldest first');
    expect(await rowIds(browser)).toEqual([earlier]);

    // The token lives in this tab's session storage and went nowhere but the Authorization header; the secret is kept nowhere.
    const kept = await storage(browser);
    const token = (JSON.parse(JSON.parse(kept).session[SESSION_KEY]) as { token: string }).token;
    expect(token).toEqual(expect.any(String));
    expect(JSON.parse(kept)).toEqual({ session: { [SESSION_KEY]: expect.any(String) }, local: {}, cookie: '' });
    expect(kept).not.toContain(reviewer.clientSecret);
    for (const secret of [token, reviewer.clientSecret, app.clientSecret]) {
      expect(activity.requestUrls.filter((url) => url.includes(secret))).toEqual([]);
      expect(page.url()).not.toContain(secret);
    }
    expect(activity.requestUrls).toContain(`${origin}/connect/token`);
    expect(requestsLeavingOrigin(activity, origin)).toEqual([]);
    expect(await page.evaluate('window.consoleWasInjected')).toBeUndefined();
    expect(activity.pageErrors).toEqual([]);
    expect(activity.consoleErrors).toEqual([failedLoad(401), failedLoad(400)]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to review' }).waitFor({ timeout });
    expect(JSON.parse(await storage(browser))).toEqual({ session: {}, local: {}, cookie: '' });
    expect(await page.locator('#queue-rows tr, #detail *').count()).toBe(0);
  }, 120_000);

  it('filters by status and category, rejects with a note, shows an item decided meanwhile and a retired one as they are', async () => {
    const { page, activity } = browser;
    const categoryApp = await stack.registerClient();
    const categoryToken = await stack.token(categoryApp);
    const reviewerToken = await stack.token(reviewer, 'feedback-review');
    const travel = await submitFeedback(stack, categoryToken, feedbackBody({ originalCategory: 'expenses.shopping', targetCategory: 'expenses.travel.public-transport' }));
    const other = await submitFeedback(stack, categoryToken, feedbackBody({ originalCategory: 'expenses.shopping', targetCategory: 'expenses.groceries' }));

    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${categoryApp.clientId}&category=expenses.travel`);
    await signIn(browser, reviewer);
    await summary(browser, '1 pending item, oldest first');
    expect(await rowIds(browser)).toEqual([travel]);
    expect(await page.getByLabel('Category').inputValue()).toBe('expenses.travel');

    await page.locator(`#queue-rows tr[data-id="${travel}"] a`).click();
    const travelDetail = page.locator(`article.detail[data-id="${travel}"]`);
    await travelDetail.getByLabel('Note (optional)').fill('A shop near the station, not a ticket');
    await travelDetail.getByRole('button', { name: 'Reject' }).click();
    await travelDetail.getByRole('region', { name: 'Decision' }).filter({ hasText: `Rejected by ${reviewer.clientId}` }).waitFor({ timeout });
    expect(await feedbackItem(stack, categoryToken, travel)).toMatchObject({ status: 'Rejected', reviewNote: 'A shop near the station, not a ticket' });

    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${categoryApp.clientId}`);
    await page.getByLabel('Status').selectOption('Rejected');
    await page.getByRole('button', { name: 'Apply' }).click();
    await summary(browser, '1 rejected item');
    expect(await rowIds(browser)).toEqual([travel]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.locator(`#queue-rows tr[data-id="${other}"]`).waitFor({ timeout });
    expect(new URL(page.url()).hash).toBe('#/queue');
    expect(await page.getByLabel('App').inputValue()).toBe('');
    expect(await page.getByLabel('Status').inputValue()).toBe('Pending');

    // Decided by another reviewer while open here: the console says so and shows the decision that stands.
    await page.goto(`${stack.baseUrl}/console#/items/${other}`);
    const otherDetail = page.locator(`article.detail[data-id="${other}"]`);
    await otherDetail.getByRole('button', { name: 'Accept' }).waitFor({ timeout });
    expect((await reviewFeedback(stack, reviewerToken, other, 'Accepted', 'decided elsewhere')).status).toBe(200);
    await otherDetail.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('status').filter({ hasText: /^Not saved: / }).waitFor({ timeout });
    await otherDetail.getByRole('region', { name: 'Decision' }).filter({ hasText: `Accepted by ${reviewer.clientId}` }).waitFor({ timeout });
    expect(await otherDetail.getByRole('region', { name: 'Decision' }).locator('blockquote').textContent()).toBe('decided elsewhere');

    // A newer accepted item about the same transaction retires it: its decision still shows, and that it no longer applies.
    const { transaction } = await feedbackItem(stack, categoryToken, other);
    const newer = await submitFeedback(stack, categoryToken, feedbackBody({ transactionId: transaction.transactionId, accountId: transaction.accountId, targetCategory: 'expenses.groceries.organic' }));
    expect((await reviewFeedback(stack, reviewerToken, newer, 'Accepted')).status).toBe(200);
    await feedbackWithStatus(stack, categoryToken, other, 'Superseded');
    await page.goto(`${stack.baseUrl}/console#/queue`);
    await page.goto(`${stack.baseUrl}/console#/items/${other}`);
    const retired = page.locator(`article.detail[data-id="${other}"]`);
    await retired.locator('.badge', { hasText: exactly('Superseded') }).waitFor({ timeout });
    const retiredDecision = retired.getByRole('region', { name: 'Decision' });
    expect(await retiredDecision.textContent()).toContain(`Accepted by ${reviewer.clientId}`);
    expect(await retiredDecision.textContent()).toContain('its correction no longer applies');
    expect(await retired.getByRole('region', { name: 'History' }).locator('.event-title').allTextContents()).toEqual([`Submitted by ${categoryApp.clientId}`, `Accepted by ${reviewer.clientId}`, `Retired by ${categoryApp.clientId}`]);

    expect(activity.pageErrors).toEqual([]);
    expect(activity.consoleErrors).toEqual([failedLoad(409)]);
  }, 120_000);

  it('pages through a long queue, says so for links to nothing, and sends the reviewer back to sign in when the token is refused', async () => {
    const { page, activity } = browser;
    const busyApp = await stack.registerClient();
    const busyToken = await stack.token(busyApp);
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) ids.push(await submitFeedback(stack, busyToken, feedbackBody({ amount: -(i + 1) })));

    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${busyApp.clientId}`);
    await signIn(browser, reviewer);
    await summary(browser, '27 pending items, oldest first');
    await page.locator('#page-info').filter({ hasText: exactly('Page 1 of 2') }).waitFor({ timeout });
    expect(await rowIds(browser)).toEqual(ids.slice(0, 25));
    expect(await page.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('#page-info').filter({ hasText: exactly('Page 2 of 2') }).waitFor({ timeout });
    expect(await rowIds(browser)).toEqual(ids.slice(25));
    expect(new URL(page.url()).hash).toBe(`#/queue?clientId=${busyApp.clientId}&page=2`);
    expect(await page.getByRole('button', { name: 'Next →' }).isDisabled()).toBe(true);

    await page.getByLabel('Per page').selectOption('50');
    await page.locator('#page-info').filter({ hasText: exactly('Page 1 of 1') }).waitFor({ timeout });
    expect(await rowIds(browser)).toEqual(ids);

    // A page past the end (its items decided meanwhile) shows the last page there is.
    await page.goto(`${stack.baseUrl}/console#/queue?clientId=${busyApp.clientId}&page=9`);
    await page.waitForURL((url) => url.hash === `#/queue?clientId=${busyApp.clientId}`, { timeout });
    await page.locator('#page-info').filter({ hasText: exactly('Page 1 of 1') }).waitFor({ timeout });

    await page.goto(`${stack.baseUrl}/console#/items/%E0%A4%A`);
    await page.locator('#detail-error').filter({ hasText: 'That is not a feedback item’s id.' }).waitFor({ timeout });
    await page.goto(`${stack.baseUrl}/console#/items/${randomUUID()}`);
    await page.locator('#detail-error').filter({ hasText: 'No such feedback item.' }).waitFor({ timeout });

    // A token the platform no longer accepts ends the session instead of showing a broken page.
    await page.goto(`${stack.baseUrl}/console#/queue`);
    await page.locator('#queue-rows tr').first().waitFor({ timeout });
    await page.evaluate(`sessionStorage.setItem('${SESSION_KEY}', JSON.stringify({ ...JSON.parse(sessionStorage.getItem('${SESSION_KEY}')), token: 'no.such.token' }))`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Sign in to review' }).waitFor({ timeout });
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Sign in again.' }).waitFor({ timeout });
    expect(JSON.parse(await storage(browser))).toMatchObject({ session: {} });
    expect(await page.locator('#queue-rows tr').count()).toBe(0);

    expect(activity.pageErrors).toEqual([]);
    expect(activity.consoleErrors).toEqual([failedLoad(404), failedLoad(401)]);
  }, 180_000);
});
