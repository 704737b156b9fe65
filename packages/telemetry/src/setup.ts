import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import type * as OtlpMetrics from '@opentelemetry/exporter-metrics-otlp-http';
import type * as OtlpTraces from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type MetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createRequire } from 'node:module';
import { PrometheusText } from './prometheus';

/**
 * The OTLP exporters are loaded only when an endpoint is configured: a process without one (a test suite, a
 * service that is scraped) would otherwise load their HTTP and protobuf code for nothing, once per jest suite.
 */
const load = createRequire(__filename);
const otlpTraces = () => load('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpTraces;
const otlpMetrics = () => load('@opentelemetry/exporter-metrics-otlp-http') as typeof OtlpMetrics;

let provider: NodeTracerProvider | undefined;
let meterProvider: MeterProvider | undefined;
let prometheus: PrometheusText | undefined;

export interface TelemetryOptions {
  serviceName: string;
  /** Extra processors, e.g. a SimpleSpanProcessor over an InMemorySpanExporter in tests. */
  spanProcessors?: SpanProcessor[];
  /** Extra metric readers, e.g. one over an InMemoryMetricExporter in tests. */
  metricReaders?: MetricReader[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Registers the global tracer and meter providers and the W3C propagators once per process. Export
 * goes to OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT, ..._METRICS_ENDPOINT)
 * is set, metrics every OTEL_METRIC_EXPORT_INTERVAL ms (60,000); OTEL_SDK_DISABLED=true turns both
 * off. Without an exporter spans are still created, so logs carry trace ids. Metrics are also kept for
 * `prometheusMetrics()` (a service's `GET /metrics`), beside the OTLP export.
 */
export function setupTelemetry(options: TelemetryOptions): NodeTracerProvider | undefined {
  if (provider) return provider;
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  const processors: SpanProcessor[] = [...(options.spanProcessors ?? [])];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    processors.push(new BatchSpanProcessor(new (otlpTraces().OTLPTraceExporter)()));
  }
  const resource = resourceFromAttributes({
    'service.name': env.OTEL_SERVICE_NAME ?? options.serviceName,
    'service.namespace': 'open-banking',
    'deployment.environment.name': env.NODE_ENV ?? 'development',
  });
  provider = new NodeTracerProvider({ resource, spanProcessors: processors });
  prometheus = new PrometheusText();
  const readers: MetricReader[] = [...(options.metricReaders ?? []), prometheus.reader];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) {
    readers.push(new PeriodicExportingMetricReader({ exporter: new (otlpMetrics().OTLPMetricExporter)(), exportIntervalMillis: Number(env.OTEL_METRIC_EXPORT_INTERVAL ?? 60_000) }));
  }
  meterProvider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(meterProvider);
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  });
  return provider;
}

export async function shutdownTelemetry(): Promise<void> {
  const current = provider;
  const currentMeters = meterProvider;
  provider = undefined;
  meterProvider = undefined;
  prometheus = undefined;
  if (!current) return;
  await Promise.all([current.shutdown(), currentMeters?.shutdown()].map((done) => done?.catch(() => undefined)));
  trace.disable();
  metrics.disable();
  context.disable();
  propagation.disable();
}

/** The process's metrics in the Prometheus text format; a comment alone while telemetry is off. */
export async function prometheusMetrics(): Promise<string> {
  return prometheus ? prometheus.read() : '# telemetry is disabled (OTEL_SDK_DISABLED)\n';
}
