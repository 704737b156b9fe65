import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadConsentConfig } from './config';
import { SERVICE_NAME, startConsentService } from './consent-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadConsentConfig(), start: startConsentService, afterStop: shutdownTelemetry });
