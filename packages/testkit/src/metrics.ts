import type { InMemoryMetricExporter, MetricData, PeriodicExportingMetricReader } from '@obp/telemetry';

interface TestMetrics {
  exporter: InMemoryMetricExporter;
  reader: PeriodicExportingMetricReader;
}

/** Every metric this test process has recorded, as exported now (jest.setup-telemetry.ts keeps the reader). */
export async function recordedMetrics(): Promise<MetricData[]> {
  const metrics = (globalThis as { __obpMetrics?: TestMetrics }).__obpMetrics;
  if (!metrics) throw new Error('jest.setup-telemetry.ts keeps a metric reader in __obpMetrics');
  metrics.exporter.reset();
  await metrics.reader.forceFlush();
  return metrics.exporter.getMetrics().flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics));
}
