export { startWebhooksService, webhooksService, SERVICE_NAME, type WebhooksServiceHandle } from './webhooks-service';
export { loadWebhooksConfig, type WebhooksConfig } from './config';
