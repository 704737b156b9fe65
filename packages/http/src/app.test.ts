import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildOpenApiDocument, defineRoutes, z } from '@obp/contracts';
import { mongo } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { createHttpApp, finishHttpApp, isLoopback, STORE_RETRY_AFTER_SECONDS } from './app';
import { mountRoutes } from './routes/mount-routes';
import { bindRoutes } from './routes/route-handler';

const routes = defineRoutes(
  { service: 'test', tags: ['Test'] },
  {
    readNote: {
      method: 'get',
      path: '/notes/{id}',
      auth: 'public',
      summary: 'Read a note from the store',
      params: { id: z.string() },
      responses: { 200: { kind: 'json', description: 'The note.', schema: z.object({ id: z.string() }) } },
    },
    echoNote: {
      method: 'get',
      path: '/echo-notes/{id}',
      auth: 'public',
      summary: 'A note named by its id',
      params: { id: z.string() },
      responses: { 200: { kind: 'json', description: 'The note.', schema: z.object({ id: z.string() }) } },
    },
    failNote: {
      method: 'get',
      path: '/broken-notes',
      auth: 'public',
      summary: 'A bug',
      responses: { 200: { kind: 'json', description: 'Never.', schema: z.object({}) } },
    },
  },
);

describe('the app’s last answers', () => {
  let server: Server;
  let client: mongo.MongoClient;
  let base: string;
  beforeAll(async () => {
    // A store that is not there: nothing listens on port 1, and the driver gives up quickly.
    client = new mongo.MongoClient('mongodb://127.0.0.1:1/?directConnection=true', { serverSelectionTimeoutMS: 300 });
    const app = createHttpApp({ serviceName: 'test' });
    mountRoutes(
      app,
      bindRoutes(routes, {
        readNote: async ({ params }) => {
          const note = await client.db('notes').collection<{ _id: string }>('notes').findOne({ _id: params.id });
          return { status: 200, body: { id: note?._id ?? params.id } };
        },
        echoNote: ({ params }) => ({ status: 200, body: { id: params.id } }),
        failNote: () => {
          throw new Error('a bug');
        },
      }),
      () => [],
    );
    finishHttpApp(app, createLogger('test', 'silent'));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 503 with Retry-After and a problem body, not 500, while the store cannot be reached', async () => {
    const res = await fetch(`${base}/notes/n1`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { status: number; detail: string };
    expect(body.status).toBe(503);
    expect(body.detail).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });

  it('still answers a bug with a bare 500 problem', async () => {
    const res = await fetch(`${base}/broken-notes`);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(JSON.stringify(await res.json())).not.toContain('a bug');
  });

  it.each(['W/"13-anything"', '*'])('answers a JSON read in full, without an ETag, whatever If-None-Match says (%s; no operation declares a 304)', async (condition) => {
    // node's http, not fetch: fetch adds no-cache headers to a conditional request, which alone would rule out a 304.
    const answer = await new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
      http
        .get(`${base}/echo-notes/n1`, { headers: { 'If-None-Match': condition } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, etag: res.headers.etag, body }));
        })
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 200, etag: undefined, body: JSON.stringify({ id: 'n1' }) });
  });

  it.each([
    ['a JSON answer', '/echo-notes/n1', 200],
    ['a problem for an unknown route', '/nowhere', 404],
  ])('gives %s the security headers, and only those: a policy that lets it load and run nothing, not framed, sniffed or followed by a referrer', async (_what, path, status) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(status);
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !['connection', 'content-length', 'content-type', 'date', 'keep-alive'].includes(name)));
    expect(headers).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('documents the 503 and its Retry-After on every API operation', () => {
    const document = buildOpenApiDocument({ title: 't', version: '1', description: 'd', serverUrl: 'http://localhost', tags: [], securitySchemes: {} }, Object.values(routes));
    const operation = (document.paths['/notes/{id}'] as { get: { responses: Record<string, { headers?: Record<string, unknown> }> } }).get;
    expect(operation.responses['503']?.headers).toHaveProperty('Retry-After');
  });
});

describe('isLoopback (whose X-Forwarded-* headers the app believes)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('trusts %s', (address) => expect(isLoopback(address)).toBe(true));
  it.each(['10.0.0.1', '192.168.1.1', '::ffff:10.0.0.1', '2001:db8::1', '1.127.0.0', undefined])('does not trust %s', (address) => expect(isLoopback(address)).toBe(false));
});
