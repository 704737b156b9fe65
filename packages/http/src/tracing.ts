import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { matchedRoute } from './matched-route';
import type { RequestDurations } from './request-metrics';

const tracer = trace.getTracer('@obp/http');

/**
 * One SERVER span per request, continuing the caller's trace from the `traceparent` header.
 * Named `<METHOD> <route template>` once routing has matched, so spans group by route, not by id.
 * When the answer ends, `durations` records it too: one listener per request for both.
 */
export function tracingMiddleware(serviceName: string, durations?: RequestDurations) {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.path,
          'url.scheme': req.protocol,
          'server.address': req.hostname,
          'user_agent.original': req.get('user-agent') ?? '',
          'obp.service': serviceName,
        },
      },
      parent,
    );
    res.on('close', () => {
      const route = matchedRoute(req, res);
      durations?.record(req, res, route, startedAt);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      const clientId = res.locals.clientId as string | undefined;
      if (clientId) span.setAttribute('obp.client_id', clientId);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!res.writableFinished) span.setAttribute('http.response.aborted', true);
      span.end();
    });
    // Not bound to req and res (that wraps every listener of every request): the body parser's
    // raw-body keeps the async context across the stream's events itself (mount-routes.test.ts).
    context.with(trace.setSpan(parent, span), next);
  };
}
