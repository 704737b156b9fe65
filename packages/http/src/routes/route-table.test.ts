import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express, type RequestHandler } from 'express';
import { expressPath } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { finishHttpApp } from '../app';
import { matchedRoute } from '../matched-route';
import { RouteTable, routeTableOf } from './route-table';

/** Declared paths shaped like the platform's: literals and parameters at several depths. */
const declared: Array<[method: string, path: string]> = [
  ['get', '/shares'],
  ['post', '/shares'],
  ['get', '/shares/{shareId}'],
  ['put', '/shares/{shareId}'],
  ['delete', '/shares/{shareId}'],
  ['get', '/accounts/{accountId}/transactions'],
  ['post', '/consents/{consentId}/refresh'],
  ['get', '/consents/{consentId}'],
  ['get', '/webhooks/{webhookId}/deliveries/{attemptId}'],
];

const echo =
  (path: string): RequestHandler =>
  (req, res) => {
    res.json({ path, params: req.params, route: matchedRoute(req, res) });
  };

const notAllowed: RequestHandler = (req, res) => {
  res.status(405).json({ notAllowed: req.method });
};

async function serve(app: Express): Promise<{ base: string; server: Server }> {
  finishHttpApp(app, createLogger('test', 'silent'));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function answer(base: string, method: string, path: string): Promise<{ status: number; body: string }> {
  // node's http, not fetch: fetch would normalise the path (dot segments, case is kept) before sending it.
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('RouteTable', () => {
  let viaExpress: { base: string; server: Server };
  let viaTable: { base: string; server: Server };

  beforeAll(async () => {
    const plain = express();
    for (const [method, path] of declared) plain[method as 'get'](expressPath(path), echo(path));
    for (const path of new Set(declared.map(([, p]) => p))) plain.all(expressPath(path), notAllowed);
    viaExpress = await serve(plain);

    const tabled = express();
    const table = routeTableOf(tabled);
    for (const [method, path] of declared) table.add(method, path, [echo(path)]);
    for (const path of new Set(declared.map(([, p]) => p))) table.addOtherMethods(path, [notAllowed]);
    viaTable = await serve(tabled);
  });

  afterAll(async () => {
    for (const { server } of [viaExpress, viaTable]) await new Promise((resolve) => server.close(resolve));
  });

  const requests: Array<[method: string, path: string]> = [
    ['GET', '/shares'],
    ['GET', '/shares/'],
    ['GET', '/SHARES'],
    ['POST', '/shares'],
    ['PATCH', '/shares'],
    ['GET', '/shares/abc'],
    ['GET', '/Shares/AbC/'],
    ['GET', '/shares/abc//'],
    ['GET', '/shares//'],
    ['GET', '/shares/a%20b'],
    ['GET', '/shares/a%2Fb'],
    ['GET', '/shares/%E0%A4%A'],
    ['GET', '/shares/%FF'],
    ['GET', '/shares/abc?x=1'],
    ['HEAD', '/shares/abc'],
    ['OPTIONS', '/shares/abc'],
    ['DELETE', '/shares/abc'],
    ['POST', '/shares/abc'],
    ['GET', '/shares/abc/extra'],
    ['GET', '/accounts/acc-1/transactions'],
    ['GET', '/accounts//transactions'],
    ['POST', '/accounts/acc-1/transactions'],
    ['GET', '/consents/c-1'],
    ['POST', '/consents/c-1/refresh'],
    ['GET', '/consents/c-1/refresh'],
    ['GET', '/webhooks/w/deliveries/a'],
    ['GET', '/webhooks/w/deliveries'],
    ['GET', '/%73hares/abc'],
    ['GET', '/'],
    ['GET', '/nowhere'],
    ['GET', '*/shares/abc'],
    ['GET', '*'],
    ['OPTIONS', '*'],
  ];

  it.each(requests)('answers %s %s as express’s own routes do', async (method, path) => {
    const [expected, actual] = await Promise.all([answer(viaExpress.base, method, path), answer(viaTable.base, method, path)]);
    expect(actual).toEqual(expected);
  });

  it('names the matched route template, and the parameters decoded', async () => {
    const { status, body } = await answer(viaTable.base, 'GET', '/webhooks/w%201/deliveries/A');
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ path: '/webhooks/{webhookId}/deliveries/{attemptId}', params: { webhookId: 'w 1', attemptId: 'A' }, route: '/webhooks/:webhookId/deliveries/:attemptId' });
  });

  it('runs a route’s handlers in order and hands an error, thrown or rejected, to the error handler', async () => {
    const app = express();
    const table = routeTableOf(app);
    const order: string[] = [];
    table.add('get', '/chain', [
      (_req, _res, next) => {
        order.push('guard');
        next();
      },
      (_req, res) => {
        order.push('handler');
        res.json({ order });
      },
    ]);
    table.add('get', '/thrown', [
      () => {
        throw new Error('a bug');
      },
    ]);
    table.add('get', '/rejected', [async () => Promise.reject(new Error('a bug'))]);
    table.add('get', '/handed-on', [(_req, _res, next) => next(Object.assign(new Error('too large'), { status: 413 }))]);
    table.add('get', '/falls-through', [(_req, _res, next) => next()]);
    const { base, server } = await serve(app);
    try {
      expect(JSON.parse((await answer(base, 'GET', '/chain')).body)).toEqual({ order: ['guard', 'handler'] });
      expect((await answer(base, 'GET', '/thrown')).status).toBe(500);
      expect((await answer(base, 'GET', '/rejected')).status).toBe(500);
      const handedOn = await answer(base, 'GET', '/handed-on');
      expect(handedOn.status).toBe(413);
      expect(JSON.parse(handedOn.body)).toMatchObject({ detail: 'too large' });
      expect((await answer(base, 'GET', '/falls-through')).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('prefers a literal segment to a parameter, as OpenAPI does (express would take whichever was declared first)', async () => {
    const app = express();
    const table = routeTableOf(app);
    table.add('get', '/consents/{consentId}', [echo('/consents/{consentId}')]);
    table.add('get', '/consents/search', [echo('/consents/search')]);
    const { base, server } = await serve(app);
    try {
      expect(JSON.parse((await answer(base, 'GET', '/consents/search')).body)).toMatchObject({ path: '/consents/search', params: {} });
      expect(JSON.parse((await answer(base, 'GET', '/consents/searching')).body)).toMatchObject({ path: '/consents/{consentId}', params: { consentId: 'searching' } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lists the routes it declares, not the answers to other methods', () => {
    const table = new RouteTable();
    table.add('get', '/shares/{shareId}', []);
    table.add('put', '/shares/{shareId}', []);
    table.add('post', '/shares', []);
    table.addOtherMethods('/shares', []);
    table.addOtherMethods('/health', []);
    expect(table.declared()).toEqual(['GET /shares/:shareId', 'POST /shares', 'PUT /shares/:shareId']);
  });

  it('refuses a method declared twice on one path', () => {
    const table = new RouteTable();
    table.add('get', '/shares/{shareId}', []);
    expect(() => table.add('GET', '/shares/{id}', [])).toThrow('GET /shares/{id} is declared twice');
  });
});
