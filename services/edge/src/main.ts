import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadEdgeConfig } from './config';
import { SERVICE_NAME, startEdgeService } from './edge-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadEdgeConfig(), start: startEdgeService, afterStop: shutdownTelemetry });
