import { runUntilSignalled } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadShareConfig } from './config';
import { SERVICE_NAME, startShareService } from './share-service';

const logger = createLogger(SERVICE_NAME);

async function main() {
  const config = loadShareConfig();
  const service = await startShareService(config, { logger });
  runUntilSignalled(logger, async () => {
    await service.stop();
    await shutdownTelemetry();
  });
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'share service failed to start');
  process.exit(1);
});
