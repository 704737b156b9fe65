import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, collect, createPlatformClient, type ClientCredentials, type Clock, type PlatformClientOptions } from './index';

/** A request the test server got. */
interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (request: Received, res: ServerResponse) => void;

/** A real HTTP server playing the platform: `/connect/token` issues `token-1`, `token-2`, ...; `api` answers the rest. */
class FakePlatform {
  readonly received: Received[] = [];
  tokenLifetimeSeconds = 300;
  acceptedTokens = new Set<string>();
  api: Handler = (_request, res) => json(res, 404, problem(404, 'Not Found'));
  private issued = 0;
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(request);
      if (request.path === '/connect/token') return this.issueToken(request, res);
      if (!this.acceptedTokens.has(request.headers.authorization?.replace(/^Bearer /, '') ?? '')) return json(res, 401, problem(401, 'Unauthorized'));
      this.api(request, res);
    });
  });

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  tokenRequests(): Received[] {
    return this.received.filter((r) => r.path === '/connect/token');
  }

  apiRequests(): Received[] {
    return this.received.filter((r) => r.path !== '/connect/token');
  }

  private issueToken(request: Received, res: ServerResponse): void {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== 'app-1' || form.get('client_secret') !== 'secret-1') {
      return json(res, 401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret' });
    }
    const accessToken = `token-${++this.issued}`;
    this.acceptedTokens.add(accessToken);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: this.tokenLifetimeSeconds, scope: form.get('scope') ?? 'customer-api' });
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': status >= 400 && typeof body === 'object' && body !== null && 'traceId' in body ? 'application/problem+json' : 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const problem = (status: number, title: string, extra: Record<string, unknown> = {}) => ({ type: null, title, status, traceId: `trace-${status}`, ...extra });

/** A clock whose sleeps pass at once and are written down. */
class StepClock implements Clock {
  readonly sleeps: number[] = [];
  private time = Date.parse('2026-11-28T10:00:00Z');
  now = () => this.time;
  sleep = async (ms: number) => {
    this.sleeps.push(ms);
    this.time += ms;
  };
  advance(ms: number): void {
    this.time += ms;
  }
}

const consentId = '3f2a5c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';
const consent = { id: consentId, status: 'Updated' };

describe('the platform client', () => {
  let platform: FakePlatform;
  let baseUrl: string;
  let clock: StepClock;
  const client = (options: Partial<PlatformClientOptions & ClientCredentials> = {}) => createPlatformClient({ baseUrl, clientId: 'app-1', clientSecret: 'secret-1', clock, ...options });

  beforeEach(async () => {
    platform = new FakePlatform();
    baseUrl = await platform.start();
    clock = new StepClock();
  });
  afterEach(() => platform.stop());

  describe('tokens', () => {
    it('gets a token by the client credentials flow, form-encoded, and sends it as the bearer of every call', async () => {
      platform.api = (_request, res) => json(res, 200, { data: consent });
      const api = client({ scope: 'customer-api' });

      const { data } = await api.GET('/consents/{id}', { params: { path: { id: consentId } } });
      await api.GET('/consents/{id}', { params: { path: { id: consentId } } });

      expect(data.data.status).toBe('Updated');
      const [tokenRequest, ...more] = platform.tokenRequests();
      expect(more).toEqual([]);
      expect(tokenRequest!.method).toBe('POST');
      expect(tokenRequest!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(Object.fromEntries(new URLSearchParams(tokenRequest!.body))).toEqual({ grant_type: 'client_credentials', client_id: 'app-1', client_secret: 'secret-1', scope: 'customer-api' });
      expect(platform.apiRequests().map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
    });

    it('renews the token a minute before it expires, not sooner', async () => {
      platform.tokenLifetimeSeconds = 300;
      platform.api = (_request, res) => json(res, 200, { data: consent });
      const api = client();
      const get = () => api.GET('/consents/{id}', { params: { path: { id: consentId } } });

      await get();
      clock.advance(239_000);
      await get();
      clock.advance(2_000);
      await get();

      expect(platform.apiRequests().map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
    });

    it('asks once for the token that concurrent calls wait for', async () => {
      platform.api = (_request, res) => json(res, 200, { data: consent });
      const api = client();

      await Promise.all([1, 2, 3].map(() => api.GET('/consents/{id}', { params: { path: { id: consentId } } })));

      expect(platform.tokenRequests()).toHaveLength(1);
    });

    it('gets a new token and sends the call again when the API refuses the token it has', async () => {
      platform.api = (_request, res) => json(res, 200, { data: consent });
      const api = client();
      await api.GET('/consents/{id}', { params: { path: { id: consentId } } });
      platform.acceptedTokens.delete('token-1');

      const { data } = await api.GET('/consents/{id}', { params: { path: { id: consentId } } });

      expect(data.data.id).toBe(consentId);
      expect(platform.apiRequests().map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
    });

    it('sends a token the caller gives instead, and does not send a call again that the API refused it for', async () => {
      platform.acceptedTokens.add('own-token');
      platform.api = (_request, res) => json(res, 200, { data: consent });
      const api = createPlatformClient({ baseUrl, accessToken: () => 'own-token', clock });

      await api.GET('/consents/{id}', { params: { path: { id: consentId } } });
      platform.acceptedTokens.delete('own-token');
      const error = await api.GET('/consents/{id}', { params: { path: { id: consentId } } }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 401, traceId: 'trace-401' });
      expect(platform.apiRequests().map((r) => r.headers.authorization)).toEqual(['Bearer own-token', 'Bearer own-token']);
      expect(platform.tokenRequests()).toEqual([]);
    });

    it('raises the OAuth error when the credentials are refused', async () => {
      const api = client({ clientSecret: 'wrong' });

      const error = await api.GET('/consents/{id}', { params: { path: { id: consentId } } }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, body: { error: 'invalid_client' }, problem: undefined });
      expect(platform.apiRequests()).toEqual([]);
    });
  });

  describe('retries and idempotency keys', () => {
    it('retries a GET answered 429 after the Retry-After it names', async () => {
      let calls = 0;
      platform.api = (_request, res) => (++calls === 1 ? json(res, 429, problem(429, 'Too Many Requests', { code: 'rate_limited' }), { 'retry-after': '2' }) : json(res, 200, { data: consent }));

      const { data } = await client().GET('/consents/{id}', { params: { path: { id: consentId } } });

      expect(data.data.id).toBe(consentId);
      expect(clock.sleeps).toEqual([2_000]);
    });

    it('reads a Retry-After that is an HTTP date', async () => {
      let calls = 0;
      platform.api = (_request, res) => (++calls === 1 ? json(res, 503, problem(503, 'Service Unavailable'), { 'retry-after': new Date(clock.now() + 5_000).toUTCString() }) : json(res, 200, { data: consent }));

      await client().GET('/consents/{id}', { params: { path: { id: consentId } } });

      expect(clock.sleeps).toEqual([5_000]);
    });

    it('gives up after its retries, with the last answer as the error', async () => {
      platform.api = (_request, res) => json(res, 503, problem(503, 'Service Unavailable'), { 'retry-after': '1' });

      const error = await client({ retry: { maxRetries: 2 } }).GET('/consents/{id}', { params: { path: { id: consentId } } }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 503, traceId: 'trace-503' });
      expect(platform.apiRequests()).toHaveLength(3);
      expect(clock.sleeps).toEqual([1_000, 1_000]);
    });

    it('does not wait for a Retry-After longer than it allows', async () => {
      platform.api = (_request, res) => json(res, 429, problem(429, 'Too Many Requests', { detail: 'The next refresh is allowed at 2026-11-29T00:00:00Z.' }), { 'retry-after': '50000' });

      const error = await client().GET('/consents/{id}', { params: { path: { id: consentId } } }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 429, problem: { detail: 'The next refresh is allowed at 2026-11-29T00:00:00Z.' } });
      expect(platform.apiRequests()).toHaveLength(1);
      expect(clock.sleeps).toEqual([]);
    });

    it('sends a creating POST with an Idempotency-Key, and the same key when it retries it', async () => {
      let calls = 0;
      platform.api = (_request, res) =>
        ++calls === 1 ? json(res, 503, problem(503, 'Service Unavailable'), { 'retry-after': '1' }) : json(res, 201, { consentId, consentUrl: 'https://bank.example/authorize' });

      const { data } = await client().POST('/consents', { body: { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example/done' } });

      expect(data.consentId).toBe(consentId);
      const keys = platform.apiRequests().map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(platform.apiRequests().map((r) => JSON.parse(r.body))).toEqual([
        { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example/done' },
        { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example/done' },
      ]);
    });

    it('keeps the Idempotency-Key the caller chose', async () => {
      platform.api = (_request, res) => json(res, 201, { consentId, consentUrl: 'https://bank.example/authorize' });

      await client().POST('/consents', { params: { header: { 'Idempotency-Key': 'order-42' } }, body: { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example/done' } });

      expect(platform.apiRequests()[0]!.headers['idempotency-key']).toBe('order-42');
    });

    it('neither keys nor retries a POST that is not a create', async () => {
      platform.api = (_request, res) => json(res, 503, problem(503, 'Service Unavailable'), { 'retry-after': '1' });

      const error = await client().POST('/consents/{id}/refresh', { params: { path: { id: consentId } } }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 503 });
      expect(platform.apiRequests()).toHaveLength(1);
      expect(platform.apiRequests()[0]!.headers['idempotency-key']).toBeUndefined();
    });
  });

  describe('errors', () => {
    it('raises an ApiError with the problem body and its traceId', async () => {
      platform.api = (_request, res) => json(res, 400, problem(400, 'One or more validation errors occurred.', { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', errors: { providerKey: ['Unknown provider.'] } }));

      const error = await client().POST('/consents', { body: { providerKey: 'nope', redirectUrl: 'https://app.example/done' } }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, method: 'POST', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', problem: { errors: { providerKey: ['Unknown provider.'] } } });
      expect(String(error)).toContain('4bf92f3577b34da6a3ce929d0e0e4736');
    });

    it('carries a body that is no problem, such as the share’s plain-string 404', async () => {
      platform.api = (_request, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Share not found');

      const error = await client().GET('/shares/{shareId}', { params: { path: { shareId: consentId } } }).catch((e: unknown) => e);

      expect(error).toMatchObject({ status: 404, body: 'Share not found', problem: undefined, traceId: null });
    });
  });

  describe('paging', () => {
    it('yields every item of every page, asking for the pages in turn', async () => {
      const transactions = ['t1', 't2', 't3', 't4', 't5'].map((id) => ({ id }));
      platform.api = (request, res) => {
        const query = new URL(request.path, baseUrl).searchParams;
        const page = Number(query.get('page'));
        const size = Number(query.get('pageSize'));
        json(res, 200, { data: transactions.slice((page - 1) * size, page * size), _pagination: { page, size, totalCount: 5, totalPages: 3 } });
      };
      const api = client();

      const items = await collect(api.paginate((page) => api.GET('/accounts/{id}/transactions', { params: { path: { id: consentId }, query: { page, pageSize: 2 } } })));

      expect(items.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
      expect(platform.apiRequests().map((r) => new URL(r.path, baseUrl).searchParams.get('page'))).toEqual(['1', '2', '3']);
    });
  });
});
