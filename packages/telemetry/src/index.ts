export { setupTelemetry, shutdownTelemetry, type TelemetryOptions } from './setup';
export { createLogger, type Logger } from './logger';
export { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
export { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
