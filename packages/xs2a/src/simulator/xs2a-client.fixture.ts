import { randomUUID } from 'node:crypto';
import { request, type RequestOptions } from 'node:https';
import { formatIssues, xs2aValidator } from '../document/xs2a-validator';
import type { KeyAndCertificate } from './certificates';
import type { RunningXs2aSimulator } from './start-simulator';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON, when the answer is JSON. */
  body: unknown;
}

/** One HTTPS request with node's client: mutual TLS when `cert` is given, the simulator's CA trusted. */
export function httpsCall(url: string, p: { method: string; ca: string; cert?: KeyAndCertificate; headers?: Record<string, string>; body?: string }): Promise<HttpAnswer> {
  const target = new URL(url);
  const options: RequestOptions = {
    method: p.method,
    hostname: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    headers: { ...(p.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(p.body)) } : {}), ...p.headers },
    ca: p.ca,
    ...(p.cert ? { cert: p.cert.cert, key: p.cert.key } : {}),
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = /json/.test(String(res.headers['content-type'] ?? '')) && text.length > 0;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: json ? JSON.parse(text) : undefined });
      });
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from ${url} in 15 s`)));
    req.on('error', reject);
    if (p.body !== undefined) req.write(p.body);
    req.end();
  });
}

export interface Xs2aCallOptions {
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** A raw body, sent as it is (a malformed one, on purpose). */
  rawBody?: string;
  /** The request breaks the standard on purpose (to see the bank refuse it); its answer is still validated. */
  nonConforming?: boolean;
}

/**
 * A TPP's side of the XS2A interface for the simulator's tests: every request it sends and every answer it gets
 * is validated against the Berlin Group document, and a request or an answer that does not conform fails the test.
 * It sends an `X-Request-ID` unless told not to (header set to undefined) and checks that the answer echoes it.
 */
export class Xs2aTestClient {
  readonly exchanges: { method: string; path: string; status: number }[] = [];

  constructor(
    private readonly sim: RunningXs2aSimulator,
    private readonly cert: KeyAndCertificate = sim.pki.client,
  ) {}

  async call(method: string, pathAndQuery: string, options: Xs2aCallOptions = {}): Promise<HttpAnswer> {
    const url = new URL(pathAndQuery, this.sim.apiUrl);
    const headers: Record<string, string> = {};
    const given = { 'X-Request-ID': randomUUID(), ...(options.body !== undefined || options.rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
    for (const [k, v] of Object.entries(given)) if (v !== undefined) headers[k] = v;
    const query = Object.fromEntries(url.searchParams.entries());
    const requestIssues = xs2aValidator().validateRequest({ method, path: url.pathname, query, headers, body: options.body });
    if (!options.nonConforming && requestIssues.length > 0) throw new Error(`request ${method} ${url.pathname} does not conform: ${formatIssues(requestIssues)}`);
    if (options.nonConforming && requestIssues.length === 0 && options.rawBody === undefined) throw new Error(`request ${method} ${url.pathname} was meant not to conform, but does`);
    const answer = await httpsCall(url.toString(), {
      method,
      ca: this.sim.pki.ca.cert,
      cert: this.cert,
      headers,
      body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    const responseIssues = xs2aValidator().validateResponse({ method, path: url.pathname }, { status: answer.status, headers: answer.headers, body: answer.body });
    if (answer.text.length > 0 && answer.body === undefined) responseIssues.push({ at: 'body', message: `is not JSON: ${answer.text.slice(0, 80)}` });
    if (responseIssues.length > 0) throw new Error(`answer ${answer.status} to ${method} ${url.pathname} does not conform: ${formatIssues(responseIssues)}`);
    if (headers['X-Request-ID'] && answer.headers['x-request-id'] !== headers['X-Request-ID']) throw new Error(`answer to ${method} ${url.pathname} does not echo X-Request-ID`);
    this.exchanges.push({ method, path: url.pathname, status: answer.status });
    return answer;
  }

  /** A test hook of the simulator (not part of the standard, so not validated against it). */
  async hook(path: string, body: unknown = {}): Promise<HttpAnswer> {
    return httpsCall(new URL(`/sandbox-test-hooks${path}`, this.sim.apiUrl).toString(), {
      method: 'POST',
      ca: this.sim.pki.ca.cert,
      cert: this.cert,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
}
