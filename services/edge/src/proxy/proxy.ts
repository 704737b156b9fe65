import http from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { sendProblem } from '@obp/http';
import type { Logger } from '@obp/telemetry';

const tracer = trace.getTracer('@obp/edge');
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'traceparent', 'tracestate', 'baggage']);

/** How long an instance that refused a connection is tried last, after the others. */
const DOWN_FOR_MS = 2_000;

/** Failures of the connection itself: the instance received nothing, so another one may take the request. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNECTTIMEOUT']);

/**
 * The instances of one service, taken in turn; one that refused a connection goes to the back of the
 * order for a while (a replica restarting, or gone), so requests stop waiting on it.
 */
export class UpstreamInstances<T = URL> {
  private turn = 0;
  private readonly downUntil: number[];

  constructor(
    readonly targets: readonly T[],
    private readonly downForMs = DOWN_FOR_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (targets.length === 0) throw new Error('an upstream needs at least one instance');
    this.downUntil = targets.map(() => 0);
  }

  /** Where one request is tried, in order: the next in turn first, the ones seen down last. */
  order(): readonly T[] {
    const n = this.targets.length;
    if (n === 1) return this.targets;
    const start = this.turn++ % n;
    const now = this.now();
    const rotated = Array.from({ length: n }, (_, i) => (start + i) % n);
    return [...rotated.filter((i) => this.downUntil[i]! <= now), ...rotated.filter((i) => this.downUntil[i]! > now)].map((i) => this.targets[i]!);
  }

  markDown(target: T): void {
    const i = this.targets.indexOf(target);
    if (i >= 0) this.downUntil[i] = this.now() + this.downForMs;
  }
}

/** An instance's address, read from its URL once rather than at each request. */
interface UpstreamTarget {
  protocol: string;
  hostname: string;
  port: string;
  portNumber: number;
  origin: string;
}

function upstreamTarget(base: string): UpstreamTarget {
  const url = new URL(base);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, portNumber: Number(url.port), origin: url.origin };
}

/**
 * Streams a request to one instance of a service and the answer back, untouched but for hop-by-hop
 * headers, `X-Forwarded-*` and the trace context of a CLIENT span. Instances are taken in turn; the
 * request's body is sent only once a connection is made, so one that refuses the connection is
 * passed over for the next with the request whole, as is one that has not taken the connection within
 * `connectTimeoutMs` (a host that is gone drops the connection attempt rather than refusing it). No instance reachable is 502, a slow one 504, both
 * as problem bodies; a caller that goes away ends its upstream request. Kept on `http.request` with a
 * keep-alive agent: undici's pool cost the edge more CPU per forwarded request here.
 */
export function proxyTo(targetBases: string | readonly string[], logger: Logger, timeoutMs = 30_000, connectTimeoutMs = 2_000): RequestHandler {
  const instances = new UpstreamInstances((typeof targetBases === 'string' ? [targetBases] : targetBases).map(upstreamTarget));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (req, res) => {
    const span = tracer.startSpan(`${req.method}`, { kind: SpanKind.CLIENT, attributes: { 'http.request.method': req.method } });
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!hopByHop.has(name)) headers[name] = value;
    // A body that came chunked goes on chunked: Node sends a GET's or DELETE's body unframed otherwise, and the
    // service would read the rest of it as a request of its own.
    if (req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = 'chunked';
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = req.get('host') ?? '';
    propagation.inject(trace.setSpan(context.active(), span), headers);

    let finished = false;
    const finish = (status: number, error?: Error) => {
      if (finished) return;
      finished = true;
      span.setAttribute('http.response.status_code', status);
      if (error) {
        span.recordException(error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      }
      span.end();
    };

    // A request without a body (most reads) ends its upstream request at once, without piping the empty stream.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const order = instances.order();
    let current: http.ClientRequest | undefined;
    // A caller that goes away ends its upstream request: the service stops working for nobody.
    res.on('close', () => {
      if (!res.writableFinished) current?.destroy(Object.assign(new Error('the caller went away'), { code: 'ECALLERGONE' }));
    });

    const attempt = (index: number) => {
      const target = order[index]!;
      span.setAttributes({ 'server.address': target.hostname, 'server.port': target.portNumber, 'url.full': `${target.origin}${req.originalUrl}` });
      let sent = false;
      let takeBackCopiedHeaders: () => void = () => undefined;
      const send = () => {
        sent = true;
        if (hasBody) req.pipe(upstream);
        else upstream.end();
      };
      const upstream = http.request(
        { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers, agent, timeout: timeoutMs },
        (answer) => {
          res.status(answer.statusCode ?? 502);
          const own = res.getHeaders();
          const copied = Object.keys(answer.headers).filter((name) => answer.headers[name] !== undefined && !hopByHop.has(name));
          for (const name of copied) res.setHeader(name, answer.headers[name]!);
          // Headers are sent with the first byte of the body: an answer that fails before it is answered with a problem,
          // which must not carry the answer's own headers (its caching ones above all).
          takeBackCopiedHeaders = () => {
            for (const name of copied) res.removeHeader(name);
            for (const [name, value] of Object.entries(own)) if (value !== undefined) res.setHeader(name, value);
          };
          // Written on by hand rather than piped: a pipe's set-up costs more than the answer of a read, mostly one chunk.
          answer.on('data', (chunk: Buffer) => {
            if (res.write(chunk)) return;
            answer.pause();
            res.once('drain', () => answer.resume());
          });
          answer.on('end', () => {
            res.end();
            finish(answer.statusCode ?? 502);
          });
          answer.on('error', (e) => {
            finish(502, e);
            res.destroy(e);
          });
        },
      );
      current = upstream;
      upstream.on('socket', (socket) => {
        if (!socket.connecting) return send();
        // Checked once the I/O already waiting has run: after the event loop stalled longer than the bound, the timer
        // fires before a connect that came in meanwhile, and the instance is not to blame.
        const connectTimer = setTimeout(
          () =>
            setImmediate(() => {
              if (socket.connecting) upstream.destroy(Object.assign(new Error('no connection within the connect timeout'), { code: 'ECONNECTTIMEOUT' }));
            }),
          connectTimeoutMs,
        );
        socket.once('connect', () => {
          clearTimeout(connectTimer);
          send();
        });
        socket.once('close', () => clearTimeout(connectTimer));
      });
      upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECALLERGONE') {
          span.setAttribute('http.response.aborted', true);
          return finish(res.statusCode);
        }
        if (!sent && CONNECT_FAILURES.has(error.code ?? '')) {
          instances.markDown(target);
          if (index + 1 < order.length && !res.destroyed) {
            span.addEvent('upstream instance unreachable', { 'server.address': target.hostname, 'server.port': target.portNumber, 'error.type': error.code ?? 'error' });
            return attempt(index + 1);
          }
        }
        const status = error.code === 'ETIMEDOUT' ? 504 : 502;
        finish(status, error);
        logger.warn({ err: error, upstream: target.origin }, 'upstream request failed');
        if (!res.headersSent) {
          takeBackCopiedHeaders();
          sendProblem(res, status, { detail: status === 504 ? 'The upstream service did not answer in time.' : 'The upstream service is unavailable.' });
        } else res.destroy();
      });
    };
    attempt(0);
  };
}
