/**
 * Loaded before the application (`node --require @obp/telemetry/register` or `tsx --require`), so
 * tracing is configured before any module that creates spans. Configured only by OTEL_* variables.
 */
import { setupTelemetry, shutdownTelemetry } from './setup';

setupTelemetry({ serviceName: process.env.OTEL_SERVICE_NAME ?? process.env.SERVICE_NAME ?? 'unknown-service' });
process.once('beforeExit', () => void shutdownTelemetry());
