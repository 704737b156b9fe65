import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from '@obp/telemetry';
import { answerClientErrors } from './client-error';

export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    answerClientErrors(server);
  });
}

export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}

/**
 * Runs a process until SIGTERM/SIGINT, then stops it gracefully: `stop` gets up to
 * `graceMs` to drain requests and consumers and flush telemetry; past that the process exits 1.
 */
export function runUntilSignalled(logger: Logger, stop: () => Promise<void>, graceMs = 20_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, graceMs);
    timer.unref();
    stop()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * A service process's main: reads its configuration, starts it, and stops it (then telemetry) on
 * SIGTERM/SIGINT; a failure to start is logged and exits 1.
 */
export function runService<C>(options: {
  name: string;
  logger: Logger;
  loadConfig: () => C;
  start: (config: C, overrides: { logger: Logger }) => Promise<{ stop(): Promise<void> }>;
  afterStop?: () => Promise<void>;
}): void {
  const { logger } = options;
  (async () => {
    const service = await options.start(options.loadConfig(), { logger });
    runUntilSignalled(logger, async () => {
      await service.stop();
      await options.afterStop?.();
    });
  })().catch((error: unknown) => {
    logger.fatal({ err: error }, `${options.name} failed to start`);
    process.exit(1);
  });
}
