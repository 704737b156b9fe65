import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadShareConfig } from './config';
import { SERVICE_NAME, startShareService } from './share-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadShareConfig(), start: startShareService, afterStop: shutdownTelemetry });
