import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ExceptionBase } from '@obp/core';
import type { Logger } from '@obp/telemetry';
import type { AttemptResult } from '../domain/webhook-message';
import { isLoopbackUrl, isNonPublicAddress, literalAddress, targetUrlProblem, type TargetPolicy } from '../domain/target-address';

/** The headers every message carries beside the Standard Webhooks ones (and its content-length). */
export const CONTENT_HEADERS = { 'content-type': 'application/json', 'user-agent': 'obp-webhooks/1' } as const;

/** What of an answer's body the attempt log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export class RefusedTarget extends ExceptionBase {
  readonly code = 'REFUSED_TARGET';
}

/** What the app reads in its attempt log: which addresses its name resolves to inside our network is none of its business. */
export const NON_PUBLIC_TARGET = 'the URL does not resolve to a public address';

/**
 * Resolves the name, refuses it when any address is not public, and hands the connection the
 * address it checked: the socket connects to exactly that one, so a second resolution cannot
 * swap in another (DNS rebinding). The addresses of a refused name are logged, not told.
 */
export function publicOnlyLookup(logger: Logger): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => isNonPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        logger.warn({ hostname, address: refused?.address ?? null }, 'webhook target refused: it does not resolve to a public address');
        return callback(new RefusedTarget(NON_PUBLIC_TARGET), '', 0);
      }
      const chosen = addresses[0]!;
      if (options.all) return callback(null, [chosen]);
      callback(null, chosen.address, chosen.family);
    });
  };
}

/** An idle kept-alive connection to a receiver is closed after this. */
const IDLE_CONNECTION_MS = 5_000;

/**
 * Sends one signed message: POST, no redirects followed, abandoned after `timeoutMs` (connecting,
 * the answer and the start of its body together); only the first KiB of the body is read. Connections
 * are kept alive between attempts: the address is checked when a connection is made (`publicOnlyLookup`),
 * and a kept connection stays with the address it was checked at. One whose answer was cut short (a
 * longer body, a timeout) is closed.
 */
export class HttpSender {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: { timeoutMs: number; policy: TargetPolicy; logger: Logger }) {
    const kept = { keepAlive: true, timeout: IDLE_CONNECTION_MS, scheduling: 'lifo' as const };
    this.agents = { http: new http.Agent(kept), https: new https.Agent(kept) };
  }

  async send(target: string, headers: Record<string, string>, body: string, stopped: AbortSignal): Promise<AttemptResult> {
    const url = new URL(target);
    const problem = targetUrlProblem(url, this.options.policy);
    if (problem) return { kind: 'no-answer', error: `refused: the URL ${problem}` };
    if (this.options.policy.loopbackOnly && !isLoopbackUrl(url)) return { kind: 'no-answer', error: 'refused: this stack delivers only to this machine' };
    const literal = literalAddress(url);
    if (this.options.policy.production && literal && isNonPublicAddress(literal)) return { kind: 'no-answer', error: `refused: ${NON_PUBLIC_TARGET}` };
    const signal = AbortSignal.any([stopped, AbortSignal.timeout(this.options.timeoutMs)]);
    try {
      return await this.post(url, headers, body, signal);
    } catch (error) {
      if (signal.aborted && !stopped.aborted) return { kind: 'no-answer', error: `timed out after ${this.options.timeoutMs} ms` };
      return { kind: 'no-answer', error: describe(error) };
    }
  }

  private post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<AttemptResult> {
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    return new Promise<AttemptResult>((resolve, reject) => {
      const request = client.request(url, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        signal,
        headers: { ...headers, ...CONTENT_HEADERS, 'content-length': String(Buffer.byteLength(body)) },
        ...(this.options.policy.production ? { lookup: publicOnlyLookup(this.options.logger) } : {}),
      });
      let answered = false;
      // Once the status is in, an abort (timeout) only ends the reading of the body.
      request.on('error', (error) => answered || reject(error));
      request.on('response', (response) => {
        answered = true;
        void readExcerpt(response, signal).then(resolve);
      });
      request.end(body);
    });
  }
}

/** The answer's status and the start of its body; the rest is not read (the connection is closed, unless the body ended within it). */
function readExcerpt(response: IncomingMessage, signal: AbortSignal): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The status has come: whatever becomes of the body (all of it, its first KiB, a hang), that is the answer.
    const done = () => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
      const retryAfter = response.headers['retry-after'];
      resolve({ kind: 'answered', status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, body: text });
      if (!response.complete) response.destroy();
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_BYTES) done();
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

function describe(error: unknown): string {
  if (error instanceof RefusedTarget) return `refused: ${error.message}`;
  const e = error as { code?: string; message?: string };
  return e.code ? `${e.code}: ${e.message ?? ''}`.trim() : (e.message ?? String(error));
}
