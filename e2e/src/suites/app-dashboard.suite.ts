/**
 * The app dashboard (/dashboard) in headless Chromium against the shared stack: each section, markup in the app's
 * own fields shown as text, another app's ids showing nothing, the token kept only in sessionStorage and sent only
 * in the Authorization header, nothing fetched from another origin, axe-core's checks at 1280 and 390 px.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot, waitFor } from '@obp/testkit';
import { CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, requestsLeavingOrigin, type BrowserSession } from '@obp/testkit/src/browser';
import { createJob, finishedJob, jobBody } from '../analysis-helpers';
import { connectedConsent } from '../consent-helpers';
import { feedbackBody, reviewFeedback, submitFeedback } from '../feedback-helpers';
import type { Stack, TestClient } from '../harness';
import { RecordingReceiver } from '../recording-receiver';
import { sharedStack } from '../shared-stack';

/** Where the pictures go; `DASHBOARD_SCREENSHOT_DIR=docs/dashboard` refreshes those of docs/dashboard.md. */
const SCREENSHOTS = resolve(repoRoot, process.env.DASHBOARD_SCREENSHOT_DIR ?? '.cache/screenshots/dashboard');
const SESSION_KEY = 'obp.dashboard.session';
const timeout = 20_000;
/** A reference may hold no markup characters (the API refuses them): quotes and an ampersand stand in. */
const JOB_REFERENCE = 'Q4 review & "budget"';
const hostile = (label: string) => `<img src=x onerror="window.dashboardWasInjected='${label}'"><b>${label}</b>`;

describe('the app dashboard', () => {
  let stack: Stack;
  let app: TestClient;
  let token: string;
  let other: TestClient;
  let otherToken: string;
  const receiver = new RecordingReceiver();
  let consentId: string;
  let jobId: string;
  let otherWebhookId: string;
  let otherConsentId: string;
  let otherJobId: string;
  let otherAccountId: string;
  let oldestFeedbackId: string;
  let pagedWebhookId: string;
  let browser: BrowserSession;

  beforeAll(() => {
    ensureChromium();
  }, CHROMIUM_INSTALL_TIMEOUT_MS);

  beforeAll(async () => {
    stack = await sharedStack();
    await receiver.start();
    app = await stack.registerClient();
    token = await stack.token(app);
    other = await stack.registerClient();
    otherToken = await stack.token(other);
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The other app's consent, job and account, real ones, made while this app's are.
    const otherApp = (async () => {
      otherConsentId = (await connectedConsent(stack, otherToken)).consentId;
      otherJobId = await createJob(stack, otherToken, jobBody([otherConsentId]));
      const accounts = (await (await stack.api(otherToken, `/consents/${otherConsentId}/accounts`)).json()) as { data: Array<{ id: string }> };
      otherAccountId = accounts.data[0]!.id;
      const otherHook = await stack.api(otherToken, '/webhooks', { method: 'POST', json: { url: receiver.url('/other'), events: ['share.created'] } });
      otherWebhookId = ((await otherHook.json()) as { data: { id: string } }).data.id;
    })();
    // More deliveries than a page of the log (25): pings to an endpoint of their own.
    const pagedHook = await stack.api(token, '/webhooks', { method: 'POST', json: { url: receiver.url('/paged'), events: ['share.created'] } });
    pagedWebhookId = ((await pagedHook.json()) as { data: { id: string } }).data.id;
    await Promise.all(Array.from({ length: 26 }, () => stack.api(token, `/webhooks/${pagedWebhookId}/ping`, { method: 'POST' })));
    ({ consentId } = await connectedConsent(stack, token, { externalUserId: hostile('user') }));
    jobId = await createJob(stack, token, jobBody([consentId], { Reference: JOB_REFERENCE }));
    await finishedJob(stack, token, jobId);
    const reviewer = await stack.token(await stack.registerClient(['feedback-review']), 'feedback-review');
    // More feedback than a page (25): the oldest first, the hostile one newest.
    oldestFeedbackId = await submitFeedback(stack, token, feedbackBody({ counterpartDescription: 'The oldest correction' }));
    await Promise.all(Array.from({ length: 24 }, () => submitFeedback(stack, token)));
    const feedbackId = await submitFeedback(stack, token, feedbackBody({ counterpartDescription: hostile('counterparty'), description: hostile('description') }));
    await reviewFeedback(stack, reviewer, feedbackId, 'Rejected', hostile('note'));
    await otherApp;
    const pagedAttempts = async () => ((await (await stack.api(token, `/webhooks/${pagedWebhookId}/deliveries?pageSize=1`)).json()) as { _pagination: { totalCount: number } })._pagination.totalCount;
    await waitFor(async () => (await pagedAttempts()) >= 26, { what: '26 ping attempts logged', timeoutMs: 30_000 });
    for (const path of [`/analysis-jobs/${otherJobId}`, `/accounts/${otherAccountId}/transactions`]) expect((await stack.api(otherToken, path)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await receiver.stop();
  });

  const failedLoad = (status: number) => expect.stringMatching(new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`));
  const storage = () => browser.page.evaluate('JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage }, cookie: document.cookie })') as Promise<string>;
  /** A picture of the view, once axe-core finds nothing in it. */
  const shot = async (name: string) => {
    expect({ view: name, violations: await accessibilityViolations() }).toEqual({ view: name, violations: [] });
    await browser.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  /** Tabs until the element matching `selector` has the focus. */
  async function tabTo(selector: string, most = 80) {
    for (let n = 0; n < most; n++) {
      await browser.page.keyboard.press('Tab');
      if (await browser.page.evaluate(`Boolean(document.activeElement && document.activeElement.matches(${JSON.stringify(selector)}))`)) return;
    }
    throw new Error(`${most} presses of Tab never reached ${selector}`);
  }
  const focused = () => browser.page.evaluate('document.activeElement && (document.activeElement.id || document.activeElement.textContent)') as Promise<string | null>;
  const heading = (name: string) => browser.page.getByRole('heading', { level: 1, name }).waitFor({ timeout });

  async function accessibilityViolations(): Promise<string[]> {
    const { page } = browser;
    const result = (await page.evaluate("axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] })")) as { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** A browser whose pages get axe-core before their own scripts (put there by the browser, outside the page's policy). */
  async function openBrowser(viewport: { width: number; height: number }) {
    const session = await openBrowserPage(viewport);
    await session.context.addInitScript({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
    return session;
  }

  async function signIn(client: TestClient) {
    const { page } = browser;
    await page.getByLabel('Client id').fill(client.clientId);
    await page.getByLabel('Client secret').fill(client.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in with the app’s credentials, shows each section, and keeps the token where it belongs', async () => {
    browser = await openBrowser({ width: 1280, height: 900 });
    const { page, activity } = browser;
    const origin = new URL(stack.baseUrl).origin;
    // Request URLs carry no #fragment: the address bar's every value is recorded too.
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));

    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in to your app’s dashboard' }).waitFor({ timeout });
    await signIn({ clientId: app.clientId, clientSecret: 'not-the-secret' });
    await page.getByRole('alert').filter({ hasText: 'The client id or secret is wrong.' }).waitFor({ timeout });
    expect(await accessibilityViolations()).toEqual([]);
    await shot('sign-in');
    await signIn(app);
    await heading('Webhooks');

    // Webhooks: create with event types from the catalogue; the secret shows once.
    await page.getByLabel('URL').fill(receiver.url('/hook'));
    await page.getByLabel('Description (optional)').fill(hostile('endpoint'));
    expect(await page.locator('#new-webhook input[name=events]').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('value')))).toContain('consent.status.updated');
    await page.getByRole('checkbox', { name: /consent\.status\.updated/ }).check();
    await page.getByRole('checkbox', { name: /analysis-job\.completed/ }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = page.getByRole('region', { name: 'Signing secret' });
    await secret.waitFor({ timeout });
    expect(await secret.locator('.secret-value').textContent()).toMatch(/^whsec_/);
    const row = page.locator('#webhook-rows tbody tr').filter({ hasText: receiver.url('/hook') });
    expect(await row.locator('.description').textContent()).toBe(hostile('endpoint'));
    await shot('webhooks');

    // The endpoint: ping, the delivery log, a failing answer filtered, redelivery, rotation, disable and enable.
    await row.getByRole('link').click();
    await page.getByRole('button', { name: 'Send a ping' }).click();
    await page.getByRole('status').filter({ hasText: 'Ping queued' }).waitFor({ timeout });
    await waitFor(async () => receiver.on('/hook').length >= 1, { timeoutMs: timeout });
    receiver.answerOn('/hook', 500);
    await page.getByRole('button', { name: 'Send a ping' }).click();
    await waitFor(async () => receiver.on('/hook').length >= 2, { timeoutMs: timeout });
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#attempts li').first().waitFor({ timeout });
    expect(await page.locator('#attempts .response-code').allTextContents()).toEqual(['HTTP 500']);
    expect(new URL(page.url()).hash).toMatch(/\?status=failed$/);
    await page.locator('#attempts summary').first().click();
    const sent = receiver.on('/hook')[1]!;
    expect(await page.locator('#attempts .request-body').first().textContent()).toBe(JSON.stringify(JSON.parse(sent.body), null, 2));
    expect(await page.locator('#attempts .request-headers').first().textContent()).toContain(`webhook-id: ${String(sent.headers['webhook-id'])}`);
    await shot('webhook-deliveries');
    receiver.answerOn('/hook', 204);
    await page.locator('#attempts').getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('status').filter({ hasText: 'Message queued again.' }).waitFor({ timeout });
    await waitFor(async () => receiver.on('/hook').length >= 3, { timeoutMs: timeout });
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').filter({ hasText: 'keeps signing beside it for 24 hours' }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Rotate', exact: true }).click();
    await page.getByRole('region', { name: 'New signing secret' }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor({ timeout });
    expect(await page.getByRole('button', { name: 'Send a ping' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor({ timeout });

    // Replay what was sent since before the endpoint existed: both pings (the failed one was redelivered, so none failed for good).
    const received = receiver.on('/hook').length;
    await page.getByLabel('Since').fill(new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
    await page.getByLabel('Only messages whose delivery failed').check();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '0 messages queued again.' }).waitFor({ timeout });
    await page.getByLabel('Only messages whose delivery failed').uncheck();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '2 messages queued again.' }).waitFor({ timeout });
    await waitFor(async () => receiver.on('/hook').length >= received + 2, { timeoutMs: timeout });

    // Edit: the description and event types saved; then a second endpoint deleted after its confirmation.
    await page.getByLabel('Description (optional)').fill('Orders <i>service</i>');
    await page.getByRole('checkbox', { name: /analysis-job\.completed/ }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout });
    const edited = ((await (await stack.api(token, `/webhooks/${new URL(page.url()).hash.split('/')[2]!.split('?')[0]}`)).json()) as { data: { description: string; events: string[] } }).data;
    expect(edited).toMatchObject({ description: 'Orders <i>service</i>', events: ['consent.status.updated'] });
    const doomed = await stack.api(token, '/webhooks', { method: 'POST', json: { url: receiver.url('/doomed'), events: ['share.created'] } });
    const doomedId = ((await doomed.json()) as { data: { id: string } }).data.id;
    await page.goto(`${stack.baseUrl}/dashboard#/webhooks/${doomedId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').filter({ hasText: 'its delivery log' }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await heading('Webhooks');
    expect(await page.locator(`#webhook-rows tr[data-id="${doomedId}"]`).count()).toBe(0);
    expect((await stack.api(token, `/webhooks/${doomedId}`)).status).toBe(404);

    // A log longer than a page: the newest 25 attempts, then the older ones.
    await page.goto(`${stack.baseUrl}/dashboard#/webhooks/${pagedWebhookId}`);
    await page.locator('#log-summary', { hasText: '26 attempts, newest first' }).waitFor({ timeout });
    const attemptIds = () => page.locator('#attempts li').evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));
    const newest = await attemptIds();
    expect(newest).toHaveLength(25);
    await page.getByRole('button', { name: 'Older →' }).click();
    await page.locator('.page-info', { hasText: 'Page 2 of 2' }).waitFor({ timeout });
    const older = await attemptIds();
    expect(older).toHaveLength(1);
    expect(newest).not.toContain(older[0]);

    // Consents: the list, the consent with its history, the account's transactions with categories from the analysis.
    await page.getByRole('link', { name: 'Consents' }).click();
    await heading('Consents');
    await page.locator(`#consent-rows tr[data-id="${consentId}"]`).waitFor({ timeout });
    expect(await page.locator('#consent-rows tbody tr').count()).toBe(1);
    await shot('consents');
    await page.locator(`#consent-rows tr[data-id="${consentId}"] a`).click();
    await page.getByRole('region', { name: 'Status history' }).waitFor({ timeout });
    // Every change of the consent's status, in order, from the consent's own record.
    expect(await page.locator('#status-history li.status .event-title').allTextContents()).toEqual(['Authenticated', 'Updating', 'Updated']);
    expect(await page.locator('.facts').textContent()).toContain(hostile('user'));
    await page.getByRole('button', { name: 'Erase' }).click();
    await page.getByRole('dialog').filter({ hasText: 'analysis results computed from it' }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#refresh-note').filter({ hasText: '6 refreshes of 6 left in the last 24 hours.' }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('status').filter({ hasText: 'Refresh queued' }).waitFor({ timeout });
    await page.locator('#refresh-note').filter({ hasText: '5 refreshes of 6 left in the last 24 hours.' }).waitFor({ timeout });
    await shot('consent');
    await page.locator('#accounts a').first().click();
    await heading('Transactions');
    await page.locator('#transaction-rows tbody tr').first().waitFor({ timeout });
    expect((await page.locator('#transaction-rows .category').allTextContents()).filter((text) => text !== '—').length).toBeGreaterThan(0);
    await shot('transactions');

    // Analysis: the list, the result as charts, a figure's transactions.
    await page.getByRole('link', { name: 'Analysis' }).click();
    await heading('Analysis jobs');
    expect(await page.locator(`#analysis-rows tr[data-id="${jobId}"] a`).textContent()).toBe(JOB_REFERENCE);
    await page.locator(`#analysis-rows tr[data-id="${jobId}"] a`).click();
    await page.locator('#monthly canvas').waitFor({ timeout });
    await page.locator('#recurring').waitFor({ timeout });
    await page.locator('#monthly summary').click();
    await page.locator('#monthly .figure-links button').last().click();
    await page.locator('#behind-rows tbody tr').first().waitFor({ timeout });
    await shot('analysis');
    // The raw result, as the API gives it, saved from the page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
    expect(download.suggestedFilename()).toBe(`analysis-${jobId}.json`);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as unknown;
    expect(saved).toEqual(await (await stack.api(token, `/analysis-jobs/${jobId}/result`)).json());
    expect(await accessibilityViolations()).toEqual([]);

    // Starting a job on a chosen consent, followed until it completes.
    await page.getByRole('link', { name: '← All analysis jobs' }).click();
    await page.getByRole('checkbox', { name: /sandbox/ }).first().check();
    await page.getByLabel('Reference').fill('from the dashboard');
    await page.getByRole('button', { name: 'Start analysis' }).click();
    await heading('from the dashboard');
    await page.locator('#job-status .badge', { hasText: 'Completed' }).waitFor({ timeout: 60_000 });
    await page.locator('#categories canvas').waitFor({ timeout });

    // Feedback: the app's corrections with the reviewer's decision, as text.
    await page.getByRole('link', { name: 'Feedback' }).click();
    await heading('Feedback');
    const feedback = page.locator('#feedback-rows tbody tr').first();
    expect(await feedback.locator('.counterpart').textContent()).toBe(hostile('counterparty'));
    expect(await feedback.locator('.note').textContent()).toBe(hostile('note'));
    expect(await feedback.locator('.badge').textContent()).toBe('Rejected');
    await shot('feedback');
    // 26 corrections: the newest 25 first, the oldest on the next page.
    expect(await page.locator('#feedback-rows tbody tr').count()).toBe(25);
    expect(await page.locator('#feedback-summary').textContent()).toBe('26 corrections, newest first');
    await page.getByRole('button', { name: 'Older →' }).click();
    await page.locator('.page-info', { hasText: 'Page 2 of 2' }).waitFor({ timeout });
    expect(await page.locator('#feedback-rows tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual([oldestFeedbackId]);

    // Settings: the redirect URLs, checked as the admin registration checks them; the rate limit and its use.
    await page.getByRole('link', { name: 'Settings' }).click();
    await heading('Settings');
    expect(await page.locator('#redirects-removal').textContent()).toContain('Only tokens issued after the change lose it.');
    await page.locator('#rate-usage').filter({ hasText: /left; full again in/ }).waitFor({ timeout });
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.locator('#redirect-urls input').last().fill('http://example.com/plain');
    await page.getByRole('button', { name: 'Save redirect URLs' }).click();
    await page.getByRole('alert').filter({ hasText: 'must use https' }).waitFor({ timeout });
    await page.locator('#redirect-urls input').last().fill('https://dashboard.example.test/back');
    await page.getByRole('button', { name: 'Save redirect URLs' }).click();
    await page.getByRole('status').filter({ hasText: 'Redirect URLs saved.' }).waitFor({ timeout });
    const me = (await (await stack.api(token, '/apps/me')).json()) as { data: { redirectUrls: string[] } };
    expect(me.data.redirectUrls).toContain('https://dashboard.example.test/back');
    await shot('settings');

    // Nothing the app wrote ran as markup; the token went only into the Authorization header.
    expect(await page.locator('main img, main b').count()).toBe(0);
    expect(await page.evaluate('window.dashboardWasInjected')).toBeUndefined();
    const kept = JSON.parse(await storage()) as { session: Record<string, string> };
    const sessionToken = (JSON.parse(kept.session[SESSION_KEY]!) as { token: string }).token;
    expect(kept).toEqual({ session: { [SESSION_KEY]: expect.any(String) }, local: {}, cookie: '' });
    for (const value of [sessionToken, app.clientSecret]) expect(activity.requestUrls.filter((url) => url.includes(value))).toEqual([]);
    expect(JSON.stringify(kept)).not.toContain(app.clientSecret);
    expect(requestsLeavingOrigin(activity, origin)).toEqual([]);
    expect(activity.pageErrors).toEqual([]);
    expect(activity.consoleErrors.filter((message) => !/status of (400|401)\b/.test(message))).toEqual([]);
    expect(activity.consoleErrors).toEqual(expect.arrayContaining([failedLoad(401), failedLoad(400)]));

    // Another app's ids in the address show nothing of it.
    activity.consoleErrors.length = 0;
    await page.goto(`${stack.baseUrl}/dashboard#/webhooks/${otherWebhookId}`);
    await page.locator('#view .error').filter({ hasText: 'Not found: nothing of your app has this id.' }).waitFor({ timeout });
    await page.goto(`${stack.baseUrl}/dashboard#/consents/${otherConsentId}`);
    await page.locator('#view .error').filter({ hasText: 'Not found: nothing of your app has this id.' }).waitFor({ timeout });
    for (const view of [`analysis/${otherJobId}`, `accounts/${otherAccountId}?consent=${otherConsentId}`]) {
      await page.goto(`${stack.baseUrl}/dashboard#/${view}`);
      await page.locator('#view .error').filter({ hasText: 'Not found: nothing of your app has this id.' }).waitFor({ timeout });
      expect(await page.locator('#view .facts, #view table, #view canvas').count()).toBe(0);
    }
    expect(activity.consoleErrors).toEqual([failedLoad(404), failedLoad(404), failedLoad(404), failedLoad(404)]);
    // The token and the secret were in no address the page had either.
    expect(addresses.length).toBeGreaterThan(10);
    for (const value of [sessionToken, app.clientSecret]) expect(addresses.filter((url) => url.includes(value))).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to your app’s dashboard' }).waitFor({ timeout });
    expect(JSON.parse(await storage())).toEqual({ session: {}, local: {}, cookie: '' });
  }, 240_000);

  it('limits /apps/me as every API route is limited, and reading the usage takes nothing more', async () => {
    const limited = await stack.token(await stack.registerClient(['customer-api'], { rateLimit: { burst: 3, perSecond: 0.001 } }));
    const answers: Response[] = [];
    for (const method of ['GET', 'GET', 'PUT', 'GET']) answers.push(await stack.api(limited, '/apps/me', method === 'PUT' ? { method, json: { redirectUrls: ['https://limited.example.test'] } } : {}));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const usages = await Promise.all(answers.slice(0, 3).map(async (answer) => ((await answer.json()) as { data: { usage: { remaining: number } } }).data.usage.remaining));
    expect(usages).toEqual([2, 1, 0]);
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('RateLimit-Remaining'))).toEqual(['2', '1', '0']);
    expect(answers[3]!.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
    expect(((await answers[3]!.json()) as { code: string }).code).toBe('rate_limited');
  });

  it('works at 390 px wide and with the keyboard, and ends an expired session with a message', async () => {
    await browser?.close();
    browser = await openBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/dashboard#/analysis/${jobId}`);
    await page.getByLabel('Client id').focus();
    await page.keyboard.type(app.clientId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(app.clientSecret);
    await page.keyboard.press('Enter');
    await page.locator('#monthly canvas').waitFor({ timeout });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot('analysis-390');
    // By keyboard alone: a chart's figures opened, one chosen, the focus on its transactions.
    await tabTo('#monthly summary');
    await page.keyboard.press('Enter');
    await tabTo('#monthly .figure-links button');
    await page.keyboard.press('Enter');
    await page.locator('#behind-rows tbody tr').first().waitFor({ timeout });
    expect(await focused()).toBe('behind');
    await page.goto(`${stack.baseUrl}/dashboard#/webhooks`);
    await heading('Webhooks');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot('webhooks-390');
    // Every other section at 390 px: nothing wider than the screen, nothing axe-core finds.
    for (const [view, title] of [['consents', 'Consents'], [`consents/${consentId}`, 'sandbox-retail consent'], [`webhooks/${pagedWebhookId}`, receiver.url('/paged')], ['feedback', 'Feedback'], ['settings', 'Settings']] as const) {
      await page.goto(`${stack.baseUrl}/dashboard#/${view}`);
      await heading(title);
      expect({ view, fits: ((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390 }).toEqual({ view, fits: true });
      expect({ view, violations: await accessibilityViolations() }).toEqual({ view, violations: [] });
    }
    // The erase confirmation opened and cancelled by keyboard: nothing erased.
    await page.goto(`${stack.baseUrl}/dashboard#/consents/${consentId}`);
    await heading('sandbox-retail consent');
    await tabTo('button.danger');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').filter({ hasText: 'analysis results computed from it' }).waitFor({ timeout });
    expect(await focused()).toBe('confirm-cancel');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout });
    // The close event comes a task after the dialog hides; then the focus is back on the button that opened it.
    await waitFor(async () => (await focused()) === 'Erase', { what: 'the focus back on Erase', timeoutMs: timeout });
    expect((await stack.api(token, `/consents/${consentId}`)).status).toBe(200);

    // A token that ran out: the next request sends the user to sign in, saying why.
    await page.evaluate(`sessionStorage.setItem('${SESSION_KEY}', JSON.stringify({ ...JSON.parse(sessionStorage.getItem('${SESSION_KEY}')), token: 'no.such.token' }))`);
    await page.getByRole('link', { name: 'Consents', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Sign in again.' }).waitFor({ timeout });
    expect(JSON.parse(await storage())).toMatchObject({ session: {} });
  }, 120_000);
});
