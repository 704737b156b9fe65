export { answerMethodNotAllowed, createHttpApp, finishHttpApp, jsonBody, type HttpAppOptions } from './app';
export { healthRouter, type ReadinessCheck } from './health';
export { listen, closeServer, runUntilSignalled, runService } from './server';
export { problemBody, sendProblem, sendValidationProblem, currentTraceId, PROBLEM_CONTENT_TYPE } from './problem';
export { tracingMiddleware } from './tracing';
export { parseGuid, queryInt32, queryBoolean, readQuery, canonicalBody, parseDateTime, INT32_MAX } from './validation';
