import type { Express } from 'express';
import { existingRouteTable } from '@obp/http';
import { serviceNames } from '@obp/platform';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

describe('the API document', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await sharedStack();
  });

  /** `METHOD /path` of every route an app serves: its route table's, and any express route (but the 405 answers). */
  function registeredRoutes(app: Express): string[] {
    const table = existingRouteTable(app);
    expect(table).toBeDefined();
    // express 5 keeps its router on `app.router`; its type does not say so.
    const router: unknown = Reflect.get(app, 'router');
    const layers: Array<{ route?: { path: string; methods: Record<string, boolean> } }> =
      (typeof router === 'function' || (typeof router === 'object' && router !== null)) && 'stack' in router && Array.isArray(router.stack) ? router.stack : [];
    const expressRoutes = layers.flatMap((layer) => {
      const route = layer.route;
      if (!route || route.methods.acl) return [];
      return Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`);
    });
    return [...table!.declared(), ...expressRoutes].sort();
  }

  /** `METHOD /path` (express form) of every documented operation of `service`. */
  function documentedRoutes(service: string): string[] {
    const routes: string[] = [];
    for (const [path, operations] of Object.entries(stack.document.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const owner = operation['x-service'];
        if (service === 'edge' || owner === service || owner === 'every-service') routes.push(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      }
    }
    return routes.sort();
  }

  describe('the API document and the routes', () => {
    it.each(serviceNames.filter((name) => name !== 'feedback'))('%s registers exactly the routes the document lists for it', (service) => {
      expect(registeredRoutes(stack.service(service).app)).toEqual(documentedRoutes(service));
    });

    it('documents 405 with Allow, 409, 413, 415 and Location wherever a route can answer them', () => {
      const paths = stack.document.document.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      expect(paths['/shares']!.post!.responses['200']!.headers).toHaveProperty('Location');
      expect(Object.keys(paths['/shares']!.post!.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '405', '413', '415']));
      expect(paths['/shares/{shareId}']!.put!.responses).toHaveProperty('409');
      expect(paths['/consents/{id}/refresh']!.post!.responses['429']!.headers).toHaveProperty('Retry-After');
      for (const operations of Object.values(paths)) for (const operation of Object.values(operations)) expect(operation.responses['405']!.headers).toHaveProperty('Allow');
    });

    it('documents the Idempotency-Key, its 422 and Idempotent-Replayed on every creating POST, and on nothing else', () => {
      type Operation = { operationId: string; parameters?: Array<{ name: string; in: string; required: boolean }>; responses: Record<string, { headers?: Record<string, unknown> }> };
      const operations = Object.values(stack.document.document.paths as Record<string, Record<string, Operation>>).flatMap((byMethod) => Object.values(byMethod));
      const keyed = operations.filter((operation) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'));
      expect(keyed.map((operation) => operation.operationId).sort()).toEqual(['createAnalysisJob', 'createConsent', 'createShare', 'createWebhook', 'submitFeedback', 'uploadStatement']);
      for (const operation of keyed) {
        expect(operation.parameters!.find((p) => p.name === 'Idempotency-Key')!.required).toBe(false);
        expect(operation.responses).toHaveProperty('422');
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        expect(successes.length).toBeGreaterThan(0);
        for (const [, response] of successes) expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(['Location', 'Idempotent-Replayed']));
      }
    });

    it('documents the rate limit on every API operation: 429 with Retry-After, and the RateLimit headers on every answer after the token check', () => {
      type Operation = { security: Array<Record<string, string[]>>; 'x-service': string; responses: Record<string, { description: string; headers?: Record<string, unknown> }> };
      const paths = stack.document.document.paths as Record<string, Record<string, Operation>>;
      const headers = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
      let operations = 0;
      for (const byMethod of Object.values(paths)) {
        for (const operation of Object.values(byMethod)) {
          const limited = operation.security.some((s) => 'oauth2' in s) && operation['x-service'] !== 'edge' && operation['x-service'] !== 'every-service';
          if (!limited) {
            expect(operation.responses['200']?.headers ?? {}).not.toHaveProperty('RateLimit-Limit');
            continue;
          }
          operations++;
          expect(Object.keys(operation.responses['429']!.headers!)).toEqual(expect.arrayContaining(['Retry-After', ...headers]));
          for (const [status, response] of Object.entries(operation.responses)) {
            // The token check's answers, another method's, and the server's own to a request it could not read carry no budget.
            if (['401', '403', '405', '408', '431'].includes(status)) expect(response.headers ?? {}).not.toHaveProperty('RateLimit-Limit');
            else expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(headers));
          }
        }
      }
      expect(operations).toBeGreaterThan(30);
      // A route's own 429 keeps its meaning beside the edge's.
      expect(paths['/consents/{id}/refresh']!.post!.responses['429']!.description).toMatch(/^Refresh limit reached.*; or the app’s rate limit is spent/);
      expect(Object.keys(stack.document.document.components.headers)).toEqual(headers);
    });

    it('answers 405 with Allow on every path for a method it does not serve, edge-only paths included', async () => {
      for (const [path, operations] of Object.entries(stack.document.document.paths)) {
        const concrete = path.replace('{providerKey}', 'sandbox-retail').replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
        const res = await fetch(`${stack.baseUrl}${concrete}`, { method: 'PATCH' });
        const allow = Object.keys(operations).map((m) => m.toUpperCase()).join(', ');
        expect({ path, status: res.status, allow: res.headers.get('allow') }).toEqual({ path, status: 405, allow });
        await stack.document.check('PATCH', concrete, res);
      }
    });

    it('answers headers over 16 KB with the 431 problem every operation documents, at the edge and before any route', async () => {
      const token = await stack.token(await stack.registerClient());
      for (const [method, path] of [['GET', '/shares'], ['POST', '/analysis-jobs'], ['GET', '/health/live'], ['GET', '/openapi.json']] as const) {
        const res = await fetch(`${stack.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-padding': 'a'.repeat(20_000) } });
        expect({ path, status: res.status, code: ((await res.clone().json()) as { code?: string }).code }).toEqual({ path, status: 431, code: 'header_too_large' });
        await stack.document.check(method, path, res);
      }
    });

    it('answers malformed JSON on consent routes with a 400 whose detail names the problem', async () => {
      const token = await stack.token(await stack.registerClient());
      const res = await stack.api(token, '/consents', { method: 'POST', body: '{"providerKey":', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string[]>; detail?: string };
      expect(Object.keys(body.errors)).toEqual(['$']);
      expect(body.detail).toEqual(expect.stringContaining('$'));
    });

    it('answers a body nesting arrays 5,000 deep with a 400 naming the field, not a 500', async () => {
      const token = await stack.token(await stack.registerClient());
      const deep = `${'['.repeat(5_000)}"x"${']'.repeat(5_000)}`;
      const res = await stack.api(token, '/shares', { method: 'POST', body: `{"clientId":"partner","consentIds":${deep}}`, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['consentIds[0]']);
    });

    it('rejects ?UserId= (not a GUID), as the document says', async () => {
      const token = await stack.token(await stack.registerClient());
      const res = await stack.api(token, '/consents?UserId=');
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['UserId']);
    });
  });
});
