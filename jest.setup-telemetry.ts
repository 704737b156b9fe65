import { AggregationTemporality, InMemoryMetricExporter, InMemorySpanExporter, PeriodicExportingMetricReader, setupTelemetry, SimpleSpanProcessor } from '@obp/telemetry';

// Tracing and metrics are on in tests as in production; spans of this test file are kept in memory
// for assertions, and metrics are exported to memory when a test flushes the reader.
const exporter = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const metricReader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
Object.assign(globalThis, { __obpSpanExporter: exporter, __obpMetrics: { exporter: metricExporter, reader: metricReader } });
setupTelemetry({ serviceName: 'test', spanProcessors: [new SimpleSpanProcessor(exporter)], metricReaders: [metricReader], env: {} });
