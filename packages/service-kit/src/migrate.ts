import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { connectDatabase, runMigrations } from '@obp/db';
import { createLogger, type Logger } from '@obp/telemetry';
import type { ServiceConfig, ServiceDefinition } from './service-kit';

/**
 * Runs the service's migrations (`definition.migrations`) on its own database, before any process
 * of the new version starts: `npm run migrate`, `npm start` and the Kubernetes init containers call
 * it, never the service's start. Returns the ids this call applied (none when another runner did).
 */
export async function migrateService<C extends ServiceConfig, X>(definition: ServiceDefinition<C, X>, config: C, logger: Logger = createLogger(definition.name, config.LOG_LEVEL)): Promise<string[]> {
  const migrations = definition.migrations ?? [];
  if (migrations.length === 0) return [];
  const db = await connectDatabase(config.MONGODB_URI, definition.databaseName(config), { work: 'maintenance' });
  try {
    const applied = await runMigrations(db, migrations, {
      // Every pod's init container is process 1: the pid alone would give every runner one name.
      owner: `${definition.name}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      onWaiting: (holder) => logger.info({ holder }, 'waiting for the migrations lock'),
      onApplied: (id, ms) => logger.info({ migration: id, ms }, 'migration applied'),
    });
    logger.info({ applied: applied.length, known: migrations.length }, 'migrations up to date');
    return applied;
  } finally {
    await db.close();
  }
}

/**
 * A service's `cli/migrate.ts`: reads its configuration as the service does and migrates its
 * database. Sets a failing exit code instead of exiting, so one process can run every service's.
 */
export function runMigrationCommand<C extends ServiceConfig, X>(definition: ServiceDefinition<C, X>, loadConfig: () => C): Promise<void> {
  const logger = createLogger(`${definition.name}-migrate`);
  return (async () => {
    await migrateService(definition, loadConfig(), logger);
  })().catch((error: unknown) => {
    logger.fatal({ err: error }, `${definition.name}: migrations failed`);
    process.exitCode = 1;
  });
}
