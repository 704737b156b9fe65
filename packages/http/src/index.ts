export { createHttpApp, finishHttpApp, type HttpAppOptions } from './app';
export type { HealthReport } from './health';
export { listen, closeServer, runUntilSignalled, runService } from './server';
export { answerClientErrors } from './client-error';
export { problemBody, sendProblem, sendValidationProblem, currentTraceId, PROBLEM_CONTENT_TYPE } from './problem';
export { tracingMiddleware } from './tracing';
export { bindRoutes, validationFailure, type Caller, type ProblemExtras, type RouteBinding, type RouteHandler, type RouteInput, type RouteResult } from './routes/route-handler';
export { mountRoutes, answerMethodNotAllowed, type MountOptions, type RouteGuard } from './routes/mount-routes';
export { fingerprintOf, type AppKey, type IdempotencyRecords, type KeyedRequest, type KeyHolder, type StoredAnswer } from './routes/idempotency';
