export { createPlatformClient, type ApiMethod, type PlatformClient, type PlatformClientOptions } from './platform-client';
export { ApiError, type ProblemDetails } from './api-error';
export { collect, paginate, type PagedResponse } from './paginate';
export { defaultRetryPolicy, type RetryPolicy } from './retries';
export type { AccessTokens, ClientCredentials } from './token-source';
export type { Clock } from './clock';
export { UnknownWebhookEventError, verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventOf, type WebhookEventType, type WebhookHeaders } from './webhooks/verify-webhook';
export { webhookReceiver, type WebhookReceiverOptions } from './webhooks/webhook-receiver';
export type { components, paths, webhooks } from './generated/api';
