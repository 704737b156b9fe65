import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { freePort, repoRoot, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';

interface ExportedSpan {
  name: string;
  traceId: string;
}

type ResourceAttributes = { resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> } };
const serviceOf = (r: ResourceAttributes) => r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';

/** A stand-in OpenTelemetry collector: records what arrives at OTLP/HTTP `/v1/traces` and `/v1/metrics`. */
async function startCollector(): Promise<{ url: string; spans: Array<ExportedSpan & { service: string }>; metrics: Array<{ name: string; service: string }>; server: Server }> {
  const spans: Array<ExportedSpan & { service: string }> = [];
  const metrics: Array<{ name: string; service: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans: Array<{ spans: ExportedSpan[] }> }>;
        };
        for (const rs of body.resourceSpans) {
          const service = serviceOf(rs);
          for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, service });
        }
      }
      if (req.url === '/v1/metrics' && req.headers['content-type']?.includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { resourceMetrics: Array<ResourceAttributes & { scopeMetrics: Array<{ metrics: Array<{ name: string }> }> }> };
        for (const rm of body.resourceMetrics) for (const sm of rm.scopeMetrics) for (const metric of sm.metrics) metrics.push({ name: metric.name, service: serviceOf(rm) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, metrics, server };
}

describe('OTLP export', () => {
  let child: ChildProcess | undefined;
  afterEach(() => child?.kill('SIGKILL'));

  it('exports the spans of a service process started as in production to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const collector = await startCollector();
    try {
      const port = await freePort();
      child = spawn(process.execPath, ['--require', 'tsx/cjs', '--require', './packages/telemetry/src/register.ts', 'services/edge/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          MONGODB_URI: testEnv().mongoUri,
          EDGE_DB_NAME: uniqueDbName('edge_otlp'),
          LOG_LEVEL: 'warn',
          OTEL_SERVICE_NAME: 'edge',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
        stdio: 'ignore',
      });
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok, { what: 'the edge process', timeoutMs: 30_000, intervalMs: 200 });
      const res = await fetch(`http://127.0.0.1:${port}/openapi.json`, { headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
      expect(res.status).toBe(200);
      const span = await waitFor(() => collector.spans.find((s) => s.name === 'GET /openapi.json'), { what: 'the exported server span', timeoutMs: 15_000 });
      expect(span.service).toBe('edge');
      // The incoming W3C trace context is continued, so the caller's trace and ours are one.
      expect(span.traceId).toBe('0af7651916cd43dd8448eb211c80319c');

      // SIGTERM drains and exits cleanly.
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      child = undefined;
    } finally {
      collector.server.close();
    }
  });

  it('exports the metrics of a service process started as in production, and serves them at /metrics too', async () => {
    const collector = await startCollector();
    try {
      const port = await freePort();
      child = spawn(process.execPath, ['--require', 'tsx/cjs', '--require', './packages/telemetry/src/register.ts', 'services/webhooks/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          MONGODB_URI: testEnv().mongoUri,
          WEBHOOKS_DB_NAME: uniqueDbName('webhooks_otlp'),
          NAMESPACE: uniqueName('otlp').toLowerCase(),
          LOG_LEVEL: 'warn',
          OTEL_SERVICE_NAME: 'webhooks',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_METRIC_EXPORT_INTERVAL: '300',
        },
        stdio: 'ignore',
      });
      const gauge = await waitFor(() => collector.metrics.find((m) => m.name === 'job.queue.depth'), { what: 'the exported queue depth gauge', timeoutMs: 60_000, intervalMs: 200 });
      expect(gauge.service).toBe('webhooks');
      // The Prometheus reader beside the OTLP one: the same process answers its scrape with the same gauge.
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await scraped.text();
      expect(text).toMatch(/^job_queue_depth\{job_runner="webhook delivery".*\} 0$/m);
      expect(text).toMatch(/^target_info\{.*service_name="webhooks"/m);
    } finally {
      collector.server.close();
    }
  });
});
