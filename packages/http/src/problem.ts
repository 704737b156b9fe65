import { trace } from '@opentelemetry/api';
import { ProblemTypes, type ProblemBody } from '@obp/contracts';
import type { Response } from 'express';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const titles: Record<number, string> = {
  400: 'One or more validation errors occurred.',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'An unexpected error occurred.',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const types: Record<number, string> = {
  400: ProblemTypes.validation,
  401: ProblemTypes.unauthorized,
  403: ProblemTypes.forbidden,
  404: ProblemTypes.notFound,
  405: ProblemTypes.methodNotAllowed,
  408: ProblemTypes.requestTimeout,
  409: ProblemTypes.conflict,
  413: ProblemTypes.payloadTooLarge,
  415: ProblemTypes.unsupportedMediaType,
  422: ProblemTypes.unprocessableContent,
  429: ProblemTypes.tooManyRequests,
  431: ProblemTypes.headerFieldsTooLarge,
  500: ProblemTypes.internal,
  502: ProblemTypes.badGateway,
  503: ProblemTypes.unavailable,
  504: ProblemTypes.unavailable,
};

export function currentTraceId(): string | null {
  const span = trace.getActiveSpan();
  return span ? span.spanContext().traceId : null;
}

export function problemBody(
  status: number,
  extra: { title?: string; detail?: string; errors?: Record<string, string[]> | null; type?: string; code?: string } = {},
): ProblemBody {
  const body: ProblemBody = {
    type: extra.type ?? types[status] ?? null,
    title: extra.title ?? titles[status] ?? null,
    status,
    traceId: currentTraceId(),
  };
  if (extra.errors !== undefined) body.errors = extra.errors;
  else if (status === 400) body.errors = null;
  if (extra.detail !== undefined) body.detail = extra.detail;
  if (extra.code !== undefined) body.code = extra.code;
  return body;
}

export function sendProblem(res: Response, status: number, extra: Parameters<typeof problemBody>[1] = {}): void {
  res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemBody(status, extra)));
}

export function sendValidationProblem(res: Response, errors: Record<string, string[]>, detail?: string): void {
  sendProblem(res, 400, detail === undefined ? { errors } : { errors, detail });
}
