import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from '@obp/telemetry';
import { sendProblem } from './problem';
import { tracingMiddleware } from './tracing';

export interface HttpAppOptions {
  serviceName: string;
}

/** An express app with tracing in place; each route parses its own body (see mountRoutes). */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(tracingMiddleware(options.serviceName));
  return app;
}

/** Last middlewares: problem bodies for unknown routes and for every error, never a stack trace. */
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
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(res, 500);
  };
  app.use(errorHandler);
}

