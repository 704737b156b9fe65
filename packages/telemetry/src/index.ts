export { setupTelemetry, shutdownTelemetry, prometheusMetrics, type TelemetryOptions } from './setup';
export { PROMETHEUS_CONTENT_TYPE } from './prometheus';
export { createLogger, type Logger } from './logger';
export { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
export { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
