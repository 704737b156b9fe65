import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | undefined;

export interface TelemetryOptions {
  serviceName: string;
  /** Extra processors, e.g. a SimpleSpanProcessor over an InMemorySpanExporter in tests. */
  spanProcessors?: SpanProcessor[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Registers the global tracer provider and the W3C propagators once per process. Export goes to
 * OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set; OTEL_SDK_DISABLED=true
 * turns tracing off. Without an exporter spans are still created, so logs carry trace ids.
 */
export function setupTelemetry(options: TelemetryOptions): NodeTracerProvider | undefined {
  if (provider) return provider;
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  const processors: SpanProcessor[] = [...(options.spanProcessors ?? [])];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  }
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? options.serviceName,
      'service.namespace': 'open-banking',
      'deployment.environment.name': env.NODE_ENV ?? 'development',
    }),
    spanProcessors: processors,
  });
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
  provider = undefined;
  if (!current) return;
  await current.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}
