/** The calls the benchmark makes to the platform through the edge (fetch, keep-alive). */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from './stack';

export class ApiError extends Error {}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new ApiError(`${what}: expected ${status}, got ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** How many times one POST waits out an outbox backlog before the run gives up. */
const MAX_BACKLOG_WAITS = 120;

export class PlatformApi {
  /** POSTs answered 503 `outbox_backlog` and sent again after their Retry-After. */
  backlogWaits = 0;

  constructor(
    readonly edgeUrl: string,
    private readonly adminToken: string,
  ) {}

  async token(client: Client): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'customer-api' });
    const res = await fetch(`${this.edgeUrl}/connect/token`, { method: 'POST', body });
    await expectStatus(res, 200, 'POST /connect/token');
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async registerApp(clientId: string): Promise<Client> {
    const res = await fetch(`${this.edgeUrl}/admin/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, name: `Bench ${clientId}`, scopes: ['customer-api'], redirectUrls: ['https://example.com'] }),
    });
    await expectStatus(res, 201, 'POST /admin/clients');
    return (await res.json()) as Client;
  }

  async get<T>(token: string, path: string): Promise<T> {
    const res = await this.send(token, 'GET', path);
    await expectStatus(res, 200, `GET ${path}`);
    return (await res.json()) as T;
  }

  /** Waits for the Retry-After of a 503 that wrote nothing (a service's outbox backlog at its bound), then sends again. */
  async post<T>(token: string, path: string, body: unknown, status: number): Promise<T> {
    for (let waits = 0; ; waits++) {
      const res = await this.send(token, 'POST', path, body);
      if (res.status === 503 && waits < MAX_BACKLOG_WAITS) {
        const problem = (await res.json().catch(() => ({}))) as { code?: string };
        if (problem.code === 'outbox_backlog') {
          this.backlogWaits++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        throw new ApiError(`POST ${path}: expected ${status}, got 503 ${JSON.stringify(problem)}`);
      }
      await expectStatus(res, status, `POST ${path}`);
      return (await res.json()) as T;
    }
  }

  /** The raw answer, for timing: the body is read so the connection is reused. */
  async timedGet(token: string, path: string): Promise<{ ms: number; status: number }> {
    const started = performance.now();
    const res = await this.send(token, 'GET', path);
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  }

  private send(token: string, method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.edgeUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }
}
