export { createPlatformClient, type ApiMethod, type PlatformClient, type PlatformClientOptions } from './platform-client';
export { ApiError, type ProblemDetails } from './api-error';
export { collect, paginate, type PagedResponse } from './paginate';
export { defaultRetryPolicy, type RetryPolicy } from './retries';
export type { ClientCredentials } from './token-source';
export type { Clock } from './clock';
export type { components, paths, webhooks } from './generated/api';
