export { setupTelemetry, shutdownTelemetry, type TelemetryOptions } from './setup';
export { createLogger, type Logger } from './logger';
export { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
