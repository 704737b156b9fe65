import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from '@obp/telemetry';
import { sendProblem } from './problem';
import { tracingMiddleware } from './tracing';

export interface HttpAppOptions {
  serviceName: string;
  logger: Logger;
  /** Largest accepted JSON body; larger ones get 413. */
  bodyLimit?: string;
  /** False for a gateway that streams bodies through untouched. */
  parseJsonBodies?: boolean;
}

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);

/** Rejects a body that is not JSON with 415, instead of silently treating it as absent. */
const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (methodsWithBody.has(req.method) && hasBody && !req.is(['application/json', 'application/*+json'])) {
    sendProblem(res, 415, { detail: `Content-Type must be application/json, got '${req.get('content-type') ?? 'none'}'.` });
    return;
  }
  next();
};

/** Parses JSON bodies (415 for another content type, 413 past `limit`). */
export function jsonBody(limit = '256kb'): RequestHandler[] {
  return [requireJsonBody, express.json({ limit, strict: false, type: ['application/json', 'application/*+json'] })];
}

/** An express app with tracing, JSON parsing and the JSON-parse/size problem mapping in place. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(tracingMiddleware(options.serviceName));
  if (options.parseJsonBodies !== false) app.use(jsonBody(options.bodyLimit));
  return app;
}

/** Last middlewares: problem bodies for unknown routes and for every error, never a stack trace. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use((req, res) => {
    sendProblem(res, 404, { detail: `No route for ${req.method} ${req.path}.` });
  });
  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      sendProblem(res, 400, { errors: { $: [`The request body is not valid JSON: ${(error as Error).message}`] } });
      return;
    }
    if (type === 'entity.too.large') {
      sendProblem(res, 413, { detail: `The request body is larger than ${(error as { limit?: number }).limit} bytes.` });
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      sendProblem(res, 415, { detail: (error as Error).message });
      return;
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendProblem(res, status, { detail: (error as Error).message });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(res, 500);
  };
  app.use(errorHandler);
}

/**
 * 405 with `Allow` for the other methods on known paths; mount after the routes that serve them.
 * `allowed` maps each path to the methods it serves, e.g. `{ '/shares': 'GET, POST' }`.
 */
export function answerMethodNotAllowed(app: Express, allowed: Record<string, string>): void {
  for (const [path, methods] of Object.entries(allowed)) {
    app.all(path, (req, res) => {
      res.set('Allow', methods);
      sendProblem(res, 405, { detail: `${req.method} is not supported on ${req.path}.` });
    });
  }
}
