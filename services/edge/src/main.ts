import { runUntilSignalled } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadEdgeConfig } from './config';
import { SERVICE_NAME, startEdgeService } from './edge-service';

const logger = createLogger(SERVICE_NAME);

async function main() {
  const service = await startEdgeService(loadEdgeConfig(), { logger });
  runUntilSignalled(logger, async () => {
    await service.stop();
    await shutdownTelemetry();
  });
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'edge failed to start');
  process.exit(1);
});
