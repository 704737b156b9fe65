import { PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { AggregationTemporality, MetricReader, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** The Prometheus text exposition format (0.0.4), what `/metrics` answers. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The suffix a unit adds to a metric's Prometheus name, as OpenTelemetry's Prometheus compatibility
 * rules say (`http.server.request.duration` in `s` is `http_server_request_duration_seconds`); the
 * exporter itself adds only `_total` to counters. Annotations such as `{job}` add nothing.
 */
const unitSuffixes: Record<string, string> = { s: 'seconds', ms: 'milliseconds', By: 'bytes' };

/** An observable callback that has not answered by then (a broker that is down) is left out of the scrape rather than holding it. */
const COLLECT_TIMEOUT_MS = 5_000;

function withUnitSuffix(metric: MetricData): MetricData {
  const suffix = unitSuffixes[metric.descriptor.unit];
  if (!suffix || metric.descriptor.name.endsWith(`.${suffix}`) || metric.descriptor.name.endsWith(`_${suffix}`)) return metric;
  return { ...metric, descriptor: { ...metric.descriptor, name: `${metric.descriptor.name}_${suffix}` } };
}

/**
 * A cumulative reader that nothing polls: the service's `GET /metrics` collects from it when scraped, so
 * observable instruments are read only then (and at the OTLP reader's export, when one is set up). The
 * exporter package's own reader is built on its exact copy of the SDK, not the one the provider is.
 */
class ScrapedMetricReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }

  protected async onForceFlush(): Promise<void> {}

  protected async onShutdown(): Promise<void> {}
}

/** The process's metrics as the Prometheus text of `GET /metrics` (the exporter package's serializer). */
export class PrometheusText {
  readonly reader: MetricReader = new ScrapedMetricReader();
  private readonly serializer = new PrometheusSerializer();

  /** Every metric of the process now, in the Prometheus text format. */
  async read(): Promise<string> {
    const { resourceMetrics } = await this.reader.collect({ timeoutMillis: COLLECT_TIMEOUT_MS });
    return this.serializer.serialize(prometheusNamed(resourceMetrics));
  }
}

function prometheusNamed(resourceMetrics: ResourceMetrics): ResourceMetrics {
  return { ...resourceMetrics, scopeMetrics: resourceMetrics.scopeMetrics.map((scope) => ({ ...scope, metrics: scope.metrics.map(withUnitSuffix) })) };
}
