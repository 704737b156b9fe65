import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadWebhooksConfig } from './config';
import { SERVICE_NAME, startWebhooksService } from './webhooks-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadWebhooksConfig(), start: startWebhooksService, afterStop: shutdownTelemetry });
