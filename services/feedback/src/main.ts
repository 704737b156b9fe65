import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadFeedbackConfig } from './config';
import { SERVICE_NAME, startFeedbackService } from './feedback-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadFeedbackConfig(), start: startFeedbackService, afterStop: shutdownTelemetry });
