export { startService, ServiceKit, type Composition, type RunningService, type ServiceConfig, type ServiceDefinition, type ServiceOverrides } from './service-kit';
export { IdempotencyKeys } from './idempotency-keys';
export { migrateService, runMigrationCommand } from './migrate';
