import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoutes, z } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { recordedMetrics, waitFor } from '@obp/testkit';
import { createHttpApp, finishHttpApp } from './app';
import { answerMethodNotAllowed, mountRoutes } from './routes/mount-routes';
import { bindRoutes } from './routes/route-handler';

const routes = defineRoutes(
  { service: 'test', tags: ['Test'] },
  {
    readMetricNote: {
      method: 'get',
      path: '/metric-notes/{id}',
      auth: 'public',
      summary: 'Read a note',
      params: { id: z.string() },
      responses: { 200: { kind: 'json', description: 'The note.', schema: z.object({ id: z.string() }) } },
    },
    breakMetricNote: {
      method: 'post',
      path: '/metric-notes/{id}/break',
      auth: 'public',
      summary: 'A bug',
      params: { id: z.string() },
      responses: { 200: { kind: 'json', description: 'Never.', schema: z.object({}) } },
    },
    awaitMetricNote: {
      method: 'get',
      path: '/metric-notes/{id}/await',
      auth: 'public',
      summary: 'Answers only when told',
      params: { id: z.string() },
      responses: { 200: { kind: 'json', description: 'Late.', schema: z.object({}) } },
    },
  },
);

/** The answer of a request to `awaitMetricNote`, held until the test releases it. */
let releaseAwaited: (() => void) | undefined;

interface Point {
  attributes: Record<string, unknown>;
  count: number;
}

async function durationPoints(): Promise<Point[]> {
  const metric = (await recordedMetrics()).find((m) => m.descriptor.name === 'http.server.request.duration');
  return (metric?.dataPoints ?? []).map((p) => ({ attributes: p.attributes, count: (p.value as { count: number }).count }));
}

/** The status, once the whole answer was read: it is recorded when the server has sent it all. */
const statusOf = async (res: Response) => {
  await res.text();
  return res.status;
};

describe('request metrics', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = createHttpApp({ serviceName: 'test' });
    const bindings = bindRoutes(routes, {
      readMetricNote: ({ params }) => ({ status: 200, body: { id: params.id } }),
      breakMetricNote: () => {
        throw new Error('a bug');
      },
      awaitMetricNote: () => new Promise((resolve) => (releaseAwaited = () => resolve({ status: 200, body: {} }))),
    });
    mountRoutes(app, bindings, () => []);
    answerMethodNotAllowed(app, bindings.map((b) => b.contract));
    finishHttpApp(app, createLogger('test', 'silent'));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('records each answer under its method, route template and status; a request no route serves under none', async () => {
    for (const id of ['a', 'b', 'c']) expect(await statusOf(await fetch(`${base}/metric-notes/${id}`))).toBe(200);
    expect(await statusOf(await fetch(`${base}/metric-notes/a/break`, { method: 'POST' }))).toBe(500);
    expect(await statusOf(await fetch(`${base}/metric-notes/a`, { method: 'DELETE' }))).toBe(405);
    expect(await statusOf(await fetch(`${base}/no-such-metric-route/a`))).toBe(404);

    let points: Point[] = [];
    const countOf = (method: string, status: number, route?: string) =>
      points.find((p) => p.attributes['http.request.method'] === method && p.attributes['http.response.status_code'] === status && p.attributes['http.route'] === route)?.count;
    await waitFor(async () => {
      points = await durationPoints();
      return countOf('GET', 404) === 1;
    }, { what: 'the 404 to be recorded' });
    expect(countOf('GET', 200, '/metric-notes/:id')).toBe(3);
    expect(countOf('POST', 500, '/metric-notes/:id/break')).toBe(1);
    expect(countOf('DELETE', 405, '/metric-notes/:id')).toBe(1);
    expect(countOf('GET', 404)).toBe(1);
    // The ids are not part of any series: one series per route, however many resources are read.
    expect(points.some((p) => Object.values(p.attributes).some((value) => String(value).includes('/metric-notes/a')))).toBe(false);
  });

  it('files a method HTTP does not define under _OTHER', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/metric-notes/a`, { method: 'PROPFIND' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(405);
    const points = await waitFor(async () => {
      const now = await durationPoints();
      return now.some((p) => p.attributes['http.request.method'] === '_OTHER') ? now : undefined;
    }, { what: 'the PROPFIND to be recorded' });
    expect(points.find((p) => p.attributes['http.request.method'] === '_OTHER')?.count).toBe(1);
    expect(points.some((p) => p.attributes['http.request.method'] === 'PROPFIND')).toBe(false);
  });

  it('files an answer the caller went away from as aborted', async () => {
    const caller = new AbortController();
    const pending = fetch(`${base}/metric-notes/a/await`, { signal: caller.signal }).catch((error: Error) => error.name);
    await waitFor(async () => releaseAwaited !== undefined, { what: 'the request to arrive' });
    caller.abort();
    expect(await pending).toBe('AbortError');
    const points = await waitFor(async () => {
      const now = await durationPoints();
      return now.some((p) => p.attributes['http.route'] === '/metric-notes/:id/await') ? now : undefined;
    }, { what: 'the aborted request to be recorded' });
    expect(points.find((p) => p.attributes['http.route'] === '/metric-notes/:id/await')?.attributes['error.type']).toBe('aborted');
    releaseAwaited!();
  });
});
