import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { SERVICE_NAME, startAnalysisService } from './analysis-service';
import { loadAnalysisConfig } from './config';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadAnalysisConfig(), start: startAnalysisService, afterStop: shutdownTelemetry });
