import { runUntilSignalled } from '@obp/http';
import { createLogger, shutdownTelemetry } from '@obp/telemetry';
import { loadConsentConfig } from './config';
import { SERVICE_NAME, startConsentService } from './consent-service';

const logger = createLogger(SERVICE_NAME);

async function main() {
  const config = loadConsentConfig();
  const service = await startConsentService(config, { logger });
  runUntilSignalled(logger, async () => {
    await service.stop();
    await shutdownTelemetry();
  });
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'consent service failed to start');
  process.exit(1);
});
