import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { freePort, repoRoot } from '@obp/testkit';
import { apiReferenceLocators, CHROMIUM_INSTALL_TIMEOUT_MS, ensureChromium, openBrowserPage, requestsLeavingOrigin, type BrowserSession } from '@obp/testkit/src/browser';
import { apiReferenceRoutes } from '@obp/contracts';
import { bindRoutes, mountRoutes } from '@obp/http';
import { API_REFERENCE_CSP, apiReferenceHandlers, createApiReference } from './api-reference.http';

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
});

/** A small OpenAPI 3.1 document with what the reference must show: operations, schemas, examples, errors. */
const sampleDocument = {
  openapi: '3.1.0',
  info: { title: 'Sample Shares API', version: '2.3.0', description: 'Shares between apps, for the API reference test.' },
  servers: [{ url: '/' }],
  tags: [{ name: 'Shares', description: 'Grant another app read access.' }],
  paths: {
    '/shares': {
      get: {
        tags: ['Shares'],
        operationId: 'listShares',
        summary: 'List shares',
        responses: {
          '200': { description: 'The shares.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Share' } } } } },
          '401': problemResponse('Missing or invalid access token.'),
        },
      },
      post: {
        tags: ['Shares'],
        operationId: 'createShare',
        summary: 'Create a share',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateShare' }, example: { clientId: 'partner-app', reference: 'invoice-2026-001' } } },
        },
        responses: {
          '201': { description: 'Created.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Share' } } } },
          '400': problemResponse('The body is not a valid share.'),
        },
      },
    },
    '/shares/{shareId}': {
      get: {
        tags: ['Shares'],
        operationId: 'getShare',
        summary: 'Get a share',
        parameters: [{ name: 'shareId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': { description: 'The share.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Share' } } } },
          '404': problemResponse('No such share.'),
        },
      },
    },
  },
  components: {
    schemas: {
      Share: {
        type: 'object',
        required: ['id', 'clientId'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          clientId: { type: 'string', description: 'The app the share is for.' },
          reference: { type: ['string', 'null'], maxLength: 256 },
        },
        examples: [{ id: '7f8e9d10-2b3c-4d5e-8f90-a1b2c3d4e5f6', clientId: 'partner-app', reference: 'invoice-2026-001' }],
      },
      CreateShare: {
        type: 'object',
        required: ['clientId'],
        properties: { clientId: { type: 'string' }, reference: { type: ['string', 'null'] } },
      },
      ProblemDetails: {
        type: 'object',
        required: ['status'],
        properties: { status: { type: 'integer' }, title: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  },
};

function sampleApp() {
  const app = express();
  app.get('/openapi.json', (_req, res) => {
    res.json(sampleDocument);
  });
  mountRoutes(app, apiReferenceApp(sampleDocument.info.title), () => []);
  return app;
}

/** The API reference's routes as the edge mounts them. */
const apiReferenceApp = (title: string) => bindRoutes(apiReferenceRoutes, apiReferenceHandlers(createApiReference({ title })));

const scriptSources = (html: string) => [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]!);

describe('GET /docs (HTTP)', () => {
  const app = sampleApp();

  it('serves the page with a same-origin-only Content-Security-Policy and the title', async () => {
    const res = await request(app).get('/docs').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(API_REFERENCE_CSP);
    expect(API_REFERENCE_CSP).toContain("default-src 'none'");
    expect(API_REFERENCE_CSP).toContain("script-src 'self';");
    expect(API_REFERENCE_CSP).not.toContain('unsafe-eval');
    expect(res.text).toContain('<title>Sample Shares API</title>');
    expect(scriptSources(res.text)).toEqual([
      expect.stringMatching(/^\/docs\/assets\/scalar-api-reference\.[0-9a-f]{16}\.js$/),
      expect.stringMatching(/^\/docs\/assets\/api-reference-start\.[0-9a-f]{16}\.js$/),
    ]);
  });

  it('gives route contracts the page with its headers', async () => {
    const page = await createApiReference({ title: 'Sample Shares API' }).page();
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toBe(API_REFERENCE_CSP);
    expect(page.html).toContain('<title>Sample Shares API</title>');
  });

  it('escapes the title', async () => {
    const escaping = express();
    mountRoutes(escaping, apiReferenceApp('A <b>"quoted"</b> & API'), () => []);
    const res = await request(escaping).get('/docs').expect(200);
    expect(res.text).toContain('<title>A &#60;b&#62;&#34;quoted&#34;&#60;/b&#62; &#38; API</title>');
  });

  it('serves the scripts as JavaScript that browsers keep for a year, gzipped when accepted', async () => {
    const page = await request(app).get('/docs').expect(200);
    for (const src of scriptSources(page.text)) {
      const plain = await request(app).get(src).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
      expect(plain.headers['content-encoding']).toBeUndefined();

      const gzipped = await request(app).get(src).set('Accept-Encoding', 'gzip').expect(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.text).toBe(plain.text);

      await request(app).get(src).set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag!).expect(304);
    }
    const start = await request(app).get(scriptSources(page.text)[1]!).expect(200);
    expect(start.text).toContain('Scalar.createApiReference(');
    expect(start.text).toContain('"url":"/openapi.json"');
    expect(start.text).toContain('"withDefaultFonts":false');
  });

  it('answers 404 for an asset it does not have', async () => {
    await request(app).get('/docs/assets/scalar-api-reference.0000000000000000.js').expect(404);
  });
});

describe('GET /docs (in Chromium)', () => {
  let server: Server;
  let origin: string;
  let browser: BrowserSession;

  beforeAll(() => {
    ensureChromium();
  }, CHROMIUM_INSTALL_TIMEOUT_MS);

  beforeAll(async () => {
    const port = await freePort();
    server = await new Promise<Server>((resolve) => {
      const listening = sampleApp().listen(port, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${port}`;
    browser = await openBrowserPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders every operation, schema, example and error response, offline', async () => {
    const { page, activity } = browser;
    const timeout = 30_000;
    await page.goto(`${origin}/docs`);

    await page.getByRole('heading', { level: 1, name: 'Sample Shares API' }).waitFor({ timeout });
    expect(await page.title()).toBe('Sample Shares API');

    for (const summary of ['List shares', 'Create a share', 'Get a share']) {
      await page.getByRole('heading', { name: summary, exact: true }).waitFor({ timeout });
    }
    await page.getByText('/shares/{shareId}', { exact: true }).first().waitFor({ timeout });

    const { response } = apiReferenceLocators(page);
    await response('Create a share', '400').filter({ hasText: 'The body is not a valid share.' }).waitFor({ timeout });
    await response('Get a share', '404').filter({ hasText: 'No such share.' }).waitFor({ timeout });
    await response('Create a share', '400').getByRole('button').first().click({ timeout });
    await response('Create a share', '400').getByText('detail', { exact: true }).waitFor({ timeout });

    // The request body example, and the schema example in the response sample.
    await page.getByText('"invoice-2026-001"').first().waitFor({ timeout });

    for (const schemaName of ['Share', 'CreateShare', 'ProblemDetails']) {
      await page.getByRole('heading', { name: new RegExp(`(^|\\W)${schemaName}$`) }).first().waitFor({ timeout });
    }

    await page.evaluate('window.scrollTo(0, 0)');
    mkdirSync(join(repoRoot, '.cache/screenshots'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, '.cache/screenshots/api-reference-sample.png'), fullPage: true });

    expect(requestsLeavingOrigin(activity, origin)).toEqual([]);
    expect(activity.requestUrls).toContain(`${origin}/openapi.json`);
    expect(activity.consoleErrors).toEqual([]);
    expect(activity.pageErrors).toEqual([]);
  }, 120_000);
});
