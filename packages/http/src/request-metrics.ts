import { metrics } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
} from '@opentelemetry/semantic-conventions';
import type { Request, Response } from 'express';

/** The methods semantic conventions name; any other is `_OTHER`, so a client cannot make up series. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

/** The buckets semantic conventions advise for HTTP durations, in seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Records the duration of each request's answer (the tracing middleware calls it when the answer ends). */
export interface RequestDurations {
  record(req: Request, res: Response, route: string | undefined, startedAt: number): void;
}

/**
 * `http.server.request.duration` of every request when its answer ends: by method, route template
 * (none for a request no route served) and status code. Rate, errors (5xx) and latency per route all
 * come from it.
 */
export function requestDurations(): RequestDurations {
  const duration = metrics.getMeter('@obp/http').createHistogram(METRIC_HTTP_SERVER_REQUEST_DURATION, {
    description: 'Duration of HTTP server requests, from their arrival to the end of the answer',
    unit: 's',
    advice: { explicitBucketBoundaries: durationBuckets },
  });
  return {
    record(req, res, route, startedAt) {
      duration.record((performance.now() - startedAt) / 1000, {
        [ATTR_HTTP_REQUEST_METHOD]: knownMethods.has(req.method) ? req.method : HTTP_REQUEST_METHOD_VALUE_OTHER,
        [ATTR_HTTP_RESPONSE_STATUS_CODE]: res.statusCode,
        ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
        // The caller went away before the answer ended: not a success, whatever status was set.
        ...(res.writableFinished ? {} : { [ATTR_ERROR_TYPE]: 'aborted' }),
      });
    },
  };
}
