import { InMemorySpanExporter, setupTelemetry, SimpleSpanProcessor } from '@obp/telemetry';

// Tracing is on in tests as in production; spans of this test file are kept in memory for assertions.
const exporter = new InMemorySpanExporter();
(globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter = exporter;
setupTelemetry({ serviceName: 'test', spanProcessors: [new SimpleSpanProcessor(exporter)], env: {} });
