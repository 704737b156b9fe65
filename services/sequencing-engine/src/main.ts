import { runService } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadSequencingEngineConfig } from './config';
import { SERVICE_NAME, startSequencingEngine } from './sequencing-engine-service';

runService({ name: SERVICE_NAME, logger: createLogger(SERVICE_NAME), loadConfig: () => loadSequencingEngineConfig(), start: startSequencingEngine, afterStop: shutdownTelemetry });
