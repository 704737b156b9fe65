import { runUntilSignalled } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadSequencingEngineConfig } from './config';
import { SERVICE_NAME, startSequencingEngine } from './sequencing-engine-service';

const logger = createLogger(SERVICE_NAME);

async function main() {
  const config = loadSequencingEngineConfig();
  const service = await startSequencingEngine(config, { logger });
  runUntilSignalled(logger, async () => {
    await service.stop();
    await shutdownTelemetry();
  });
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'sequencing engine failed to start');
  process.exit(1);
});
