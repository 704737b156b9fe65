import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import helmet from 'helmet';
import { isStoreUnavailable } from '@obp/db';
import type { Logger } from '@obp/telemetry';
import { sendProblem } from './problem';
import { requestDurations } from './request-metrics';
import { tracingMiddleware } from './tracing';

export interface HttpAppOptions {
  serviceName: string;
}

/**
 * Every answer's security headers (helmet): not to be framed, sniffed or followed by a referrer, and a
 * policy that lets an answer load and run nothing. An API answer needs nothing more; an HTML page sets
 * its own policy for what it loads (the API reference, the console, the sandbox bank's pages). Left out:
 * HSTS, which belongs to whatever terminates TLS in front of the edge (sent from here it would pin
 * every host name it is reached by, `localhost` included), and the headers only old browsers read.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
  xXssProtection: false,
  xDownloadOptions: false,
  xDnsPrefetchControl: false,
  xPermittedCrossDomainPolicies: false,
  originAgentCluster: false,
});

/**
 * The headers `securityHeaders` sets, worked out once: its policy is fixed, so every answer gets the same ones,
 * and setting them from a list spares each request helmet's chain of seven middlewares.
 */
function headersSetBy(middleware: typeof securityHeaders): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('the security headers were not set at once');
  return [...headers];
}

const securityHeaderList = headersSetBy(securityHeaders);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export const isLoopback = (address: string | undefined): boolean => address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/** An express app with tracing, request metrics and security headers in place; each route parses its own body (see mountRoutes). */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only a proxy on this machine (the edge, a sidecar) is believed about the caller's address and
  // scheme. A function, not express's 'loopback': that one parses the address anew at every read of
  // req.protocol or req.ip.
  app.set('trust proxy', isLoopback);
  // No ETag of its own on each answer: it costs a hash per answer and would answer a matching
  // If-None-Match with a 304 no operation declares. An answer that sets one (the API reference's
  // scripts) still gets its 304.
  app.set('etag', false);
  // And only such an answer can be "fresh": express would otherwise answer `If-None-Match: *` with an empty 304.
  const expressFreshness = Object.getOwnPropertyDescriptor(express.request, 'fresh')?.get;
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Request): boolean {
      const validated = this.res?.get('ETag') !== undefined || this.res?.get('Last-Modified') !== undefined;
      return validated && expressFreshness !== undefined && Boolean(expressFreshness.call(this));
    },
  });
  app.set('query parser', 'simple');
  app.use(tracingMiddleware(options.serviceName, requestDurations()));
  app.use((_req, res, next) => {
    for (const [name, value] of securityHeaderList) res.setHeader(name, value);
    next();
  });
  return app;
}

/** Seconds a client is asked to wait before it tries again while the store is unavailable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** Last middlewares: problem bodies for unknown routes and for every error, never a stack trace; 503 with Retry-After while the store is unreachable. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use((req, res) => {
    sendProblem(res, 404, { detail: `No route for ${req.method} ${req.path}.` });
  });
  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendProblem(res, status, { detail: (error as Error).message });
      return;
    }
    if (res.headersSent) {
      logger.error({ err: error, method: req.method, path: req.path }, 'error after the answer began');
      res.destroy();
      return;
    }
    if (isStoreUnavailable(error)) {
      logger.warn({ err: error, method: req.method, path: req.path }, 'the store is unavailable');
      res.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      sendProblem(res, 503, { detail: 'The service cannot reach its store just now. Try again after Retry-After seconds.' });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    sendProblem(res, 500);
  };
  app.use(errorHandler);
}

